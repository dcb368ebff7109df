import GLFunKit

/// Why an SVG document could not be read. Each case carries what is needed to act: the
/// element (its name and, when it has one, its id) and the attribute at fault.
public enum SVGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not well-formed XML (libxml2's message and line).
    case xmlSyntax(line: Int, message: String)
    /// The root element is not `<svg>` (its name).
    case notSVG(root: String)
    /// More bytes than `SVGLimits.maxBytes` (a gzip'd document's: inflated, `bytes` the limit + 1).
    case tooLarge(bytes: Int, limit: Int)
    /// gzip'd bytes (an .svgz) that do not inflate: damaged or cut short.
    case damagedGzip
    /// Elements nested deeper than the limit.
    case tooDeep(limit: Int)
    /// More elements than the limit.
    case tooManyElements(limit: Int)
    /// An entity whose expansion would pass the bound (billion laughs), or an entity loop.
    case entityExpansion(limit: Int)
    /// An external entity (`SYSTEM` / `PUBLIC`): never read.
    case externalEntity(name: String)
    /// A `use` (or a gradient's `href`) that leads back to itself.
    case referenceCycle(element: String, id: String)
    /// Dashes past the limit: a dash array so fine, or a path so long, that its dashes (all
    /// the document's together) would take unbounded time and memory.
    case tooManyDashes(element: String, limit: Int)
    /// A dash array of more entries than the limit (each stroke under it would copy and walk
    /// it: a long array inherited by many shapes is unbounded work).
    case dashArrayTooLong(element: String, entries: Int, limit: Int)
    /// More layers (groups with opacity, a blend mode, a clip or a mask) than the limit, all
    /// together: each is a few canvas-sized framebuffers and a composite when drawn.
    case tooManyLayers(count: Int, limit: Int)
    /// Layers nested deeper than the limit (each one's framebuffers live while those inside it are drawn).
    case layersTooDeep(limit: Int)
    /// `<style>` rules times elements past the limit (each rule is tried on each element).
    case styleTooComplex(rules: Int, elements: Int, limit: Int)
    /// More shapes drawn than the limit (uses of large groups multiply them).
    case tooManyShapes(limit: Int)
    /// More `use` instances than the limit (a few uses of uses of uses...).
    case tooManyInstances(limit: Int)
    /// An attribute value that cannot be read where the document cannot do without it
    /// (path data, a transform, the root's size).
    case invalidAttribute(element: String, attribute: String, value: String, reason: String)
    /// The picture has no size: width/height are zero or negative, and no viewBox gives one.
    case noSize

    /// What is wrong, in words (the CLI's error line after the file name).
    public var description: String {
        switch self {
        case let .xmlSyntax(line, message): return "XML syntax error at line \(line): \(message)"
        case let .notSVG(root): return "the root element is <\(root)>, not <svg>"
        case let .tooLarge(bytes, limit): return "\(bytes) bytes is more than the \(limit) an SVG may have"
        case let .tooDeep(limit): return "elements nested more than \(limit) deep"
        case let .tooManyElements(limit): return "more than \(limit) elements"
        case let .entityExpansion(limit): return "entities expand past \(limit) characters (or loop)"
        case let .externalEntity(name): return "external entity &\(name); refused (SVG files are read alone)"
        case let .referenceCycle(element, id): return "<\(element)> refers back to itself through #\(id)"
        case let .tooManyDashes(element, limit): return "<\(element)>: its dashes would be more than the \(limit) a document may have"
        case let .dashArrayTooLong(element, entries, limit):
            return "<\(element)>: a dash array of \(entries) entries is more than the \(limit) one may have"
        case let .tooManyLayers(count, limit): return "\(count) layers (groups with opacity, blend, clip or mask) is more than \(limit)"
        case let .layersTooDeep(limit): return "layers (groups with opacity, blend, clip or mask) nested more than \(limit) deep"
        case let .styleTooComplex(rules, elements, limit):
            return "\(rules) style rules on \(elements) elements is more than \(limit) matches"
        case let .tooManyShapes(limit): return "more than \(limit) shapes to draw"
        case let .tooManyInstances(limit): return "use elements make more than \(limit) copies"
        case let .invalidAttribute(element, attribute, value, reason):
            return "<\(element)> \(attribute)=\"\(value.prefix(40))\": \(reason)"
        case .damagedGzip: return "gzip'd SVG that does not inflate (damaged or cut short)"
        case .noSize: return "the picture has no size (width, height and viewBox are zero or missing)"
        }
    }
}

/// The bounds a document is read within (hostile files are refused, never let grow).
public enum SVGLimits {
    /// Longest file read.
    public static let maxBytes = 32 << 20
    /// Deepest element nesting.
    public static let maxDepth = 128
    /// Deepest nesting of SVG documents as images (`<image href="a.svg">` in a.svg's images...).
    public static let maxImageDepth = 4
    /// Most elements.
    public static let maxElements = 1_000_000
    /// Longest SVG document a colour font's glyph is read from (OT-SVG; a larger one is drawn
    /// as the glyph's outline).
    public static let maxGlyphDocumentBytes = 1 << 20
    /// Most characters entities may expand to, all together.
    public static let maxEntityExpansion = 1 << 20
    /// Widest and tallest picture, in px (user units; the pixel limit at the scale asked for comes after).
    public static let maxSide = 1_000_000.0
    /// Most dashes, all the document's strokes together (estimated from the paths' lengths).
    public static let maxDashes = 2_000_000
    /// Most entries in one dash array.
    public static let maxDashArray = 1_000
    /// Most layers drawn (each a few canvas-sized framebuffers and a composite): a scene's bound.
    public static let maxLayers = Scene.maxLayers
    /// Deepest nesting of layers: a scene's bound.
    public static let maxLayerDepth = Scene.maxLayerDepth
    /// Most rule-and-element pairs the cascade tries (`<style>` rules times elements).
    public static let maxRuleMatches = 5_000_000
    /// Most shapes drawn (about 40 µs each in a debug build: 10 s at the bound).
    public static let maxShapes = 250_000
    /// Most element copies `use` may make, all together.
    public static let maxInstances = 100_000
}
