import Foundation
import GLFunGLES
import GLFunJSONText

/// A drawing: canvas size, background and shapes in painter's order. This is
/// the scene JSON of DESIGN.md, the app's save format and `glfun render`'s input.
public struct Scene: Equatable, Sendable {
    /// The format version written (the `version` key).
    public static let currentVersion = 1
    /// Largest canvas side accepted, in points.
    public static let maxSide = 16384
    /// Coordinates beyond this magnitude are refused as absurd.
    public static let maxCoordinate: Float = 1_000_000
    /// Most pixels a scene renders to (width × height × scale²): 256 MiB of RGBA, the bound
    /// GLES puts on one texture (8192 × 8192, or 16384 × 4096).
    public static let maxPixels = 1 << 26
    /// Most shapes in one scene.
    public static let maxShapes = 1_000_000
    /// Largest scene file read, in bytes.
    public static let maxBytes = 512 << 20

    /// Why a canvas of this size (points) and scale is too large to render, or nil.
    public static func pixelSizeProblem(width: Int, height: Int, scale: Float) -> String? {
        let pw = max(1, Int((Float(width) * scale).rounded())), ph = max(1, Int((Float(height) * scale).rounded()))
        if pw > maxSide || ph > maxSide {
            return "the canvas is \(pw)x\(ph) pixels; a side may be at most \(maxSide)"
        }
        if pw * ph > maxPixels {
            return "the canvas is \(pw)x\(ph) = \(pw * ph) pixels; at most \(maxPixels) (256 MiB of RGBA) are rendered"
        }
        return nil
    }

    /// The document's format version.
    public var version = Scene.currentVersion
    /// Canvas size in points.
    public var width: Int
    /// Canvas height in points.
    public var height: Int
    /// Pixels per point.
    public var scale: Float = 1
    /// The color the canvas is cleared to.
    public var background: Color = .background
    /// Draw with antialiased edges (`Renderer.antialias`). A scene without the key is
    /// aliased, as every scene was before the key existed.
    public var antialias = false
    /// The shapes, in painter's order.
    public var shapes: [Shape] = []

    /// A scene of `width` × `height` points at `scale` pixels per point.
    public init(width: Int, height: Int, scale: Float = 1, background: Color = .background, shapes: [Shape] = []) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.shapes = shapes
    }

    /// Parses scene JSON. Errors name the key path (`shapes[3].from: expected [x, y]`).
    /// The JSON is read by `SceneReader` (a streaming reader: no intermediate tree, about ten
    /// times faster than JSONDecoder on a 100,000-shape scene); `Decodable` gives the same
    /// scene and the same errors.
    public init(json data: Data) throws(SceneError) {
        self = try SceneReader.parse(data)
    }

    /// Reads a scene file (a regular file: `RegularFile`, so a FIFO is refused, never waited
    /// on). Errors start with the file's path.
    /// - Throws: `SceneError` of kind `.unreadable` (missing, a directory, cannot be read),
    ///   `.notARegularFile`, `.tooLarge` (over `maxBytes`), or what `init(json:)` throws.
    public init(contentsOfFile path: String) throws(SceneError) {
        let file: (bytes: [UInt8], size: Int)
        do { file = try RegularFile.read(path, upTo: Scene.maxBytes + 1) } catch {
            throw SceneError(reading: path, error)
        }
        guard file.bytes.count <= Scene.maxBytes else {
            var e = SceneError.fileTooLarge(bytes: file.size)
            e.file = path
            throw e
        }
        let data = Data(file.bytes)
        do {
            try self.init(json: data)
        } catch {
            var e = error
            e.file = path
            throw e
        }
    }

    /// The scene as JSON (the format `init(json:)` reads), one shape a line.
    public func jsonData() -> Data {
        var out = "{\"version\": \(version), \"width\": \(width), \"height\": \(height), \"scale\": \(fmt(scale)),\n"
        out += " \"background\": \(fmt(background)),\n"
        if antialias { out += " \"antialias\": true,\n" }
        out += " \"shapes\": ["
        for (i, s) in shapes.enumerated() {
            out += i == 0 ? "\n  " : ",\n  "
            out += shapeJSON(s)
        }
        out += shapes.isEmpty ? "]}\n" : "\n]}\n"
        return Data(out.utf8)
    }
}

private func fmt(_ v: Float) -> String { JSONText.number(v) }
private func fmt(_ p: Point) -> String { JSONText.array([fmt(p.x), fmt(p.y)]) }
private func fmt(_ c: Color) -> String { JSONText.array([fmt(c.r), fmt(c.g), fmt(c.b), fmt(c.a)]) }
private func quote(_ s: String) -> String { JSONText.string(s) }

/// A scene that could not be read: the file, the key path and what was wrong.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What kind of wrong: what a program acts on (the message is for people).
    public enum Kind: Equatable, Sendable {
        /// The file is missing, a directory, or cannot be read.
        case unreadable
        /// The file is a FIFO, socket or device: scenes are read from regular files only.
        case notARegularFile
        /// Not text the reader takes (UTF-32).
        case encoding
        /// Not JSON.
        case syntax
        /// Valid JSON that is not an object.
        case notAnObject
        /// Arrays and objects nest deeper than the limit.
        case tooDeep(limit: Int)
        /// An object has this key twice.
        case duplicateKey(String)
        /// Past a size limit (bytes, shapes, pixels): DESIGN.md "Limits".
        case tooLarge
        /// A value the format does not allow (missing, wrong type, out of range, unknown).
        case invalidValue
    }
    /// The file read, if any.
    public var file: String?
    /// Where in the document, as `shapes[3].from`; empty for the whole document.
    public var path: String
    /// What is wrong, in words.
    public var message: String
    /// What kind of problem it is.
    public var kind: Kind

    /// An error at `path` in the document (of `file`, if any).
    public init(file: String? = nil, path: String, message: String, kind: Kind = .invalidValue) {
        self.file = file
        self.path = path
        self.message = message
        self.kind = kind
    }

    /// A document over `Scene.maxBytes`.
    static func fileTooLarge(bytes: Int) -> SceneError {
        SceneError(path: "", message: "the file is \(bytes) bytes; a scene may be at most \(Scene.maxBytes)", kind: .tooLarge)
    }

    /// Why the file `path` could not be read, as `RegularFile` found it. A path with a NUL is
    /// shown escaped (and is an invalid value, as it always was).
    init(reading path: String, _ problem: FileProblem) {
        switch problem {
        case .nulInPath: self.init(file: path.debugDescription, path: "", message: problem.rawValue)
        case .notARegularFile: self.init(file: path, path: "", message: problem.rawValue, kind: .notARegularFile)
        case .noSuchFile, .isDirectory, .unreadable:
            self.init(file: path, path: "", message: problem.rawValue, kind: .unreadable)
        }
    }

    /// The file, the place in the document and the message.
    public var description: String {
        var s = ""
        if let file { s += file + ": " }
        if !path.isEmpty { s += path + ": " }
        return s + message
    }

    init(decoding e: DecodingError) {
        switch e {
        case let .typeMismatch(type, ctx):
            self.init(path: keyPath(ctx.codingPath), message: "expected \(typeName(type))")
        case let .valueNotFound(type, ctx):
            self.init(path: keyPath(ctx.codingPath), message: "expected \(typeName(type)), found null")
        case let .keyNotFound(key, ctx):
            self.init(path: keyPath(ctx.codingPath + [key]), message: "missing")
        case let .dataCorrupted(ctx):
            if ctx.codingPath.isEmpty {
                var why = ctx.debugDescription
                if let u = ctx.underlyingError { why += " " + String(describing: u) }
                self.init(path: "", message: "not valid JSON (\(why))")
            } else {
                self.init(path: keyPath(ctx.codingPath), message: ctx.debugDescription)
            }
        @unknown default:
            self.init(path: "", message: "\(e)")
        }
    }
}

private func typeName(_ t: Any.Type) -> String {
    switch t {
    case is String.Type: return "a string"
    case is Int.Type, is Float.Type, is Double.Type: return "a number"
    case is [Any].Type, is [Double].Type: return "an array"
    default: return "an object"
    }
}

func keyPath(_ path: [any CodingKey]) -> String {
    var s = ""
    for k in path {
        if let i = k.intValue { s += "[\(i)]" } else { s += (s.isEmpty ? "" : ".") + k.stringValue }
    }
    return s
}


/// A path shape's JSON object (the scene format's "path").
/// One shape as the scene's JSON (a layer as a group with its keys, its shapes as children).
private func shapeJSON(_ s: Shape) -> String {
    if let l = s.layer { return layerJSON(l) }
    var out = ""
    switch s.kind {
    case .image:
        out += "{\"type\": \"image\", \"at\": \(fmt(s.from)), \"image\": \(quote(s.image ?? ""))"
        if s.color != .white { out += ", \"color\": \(fmt(s.color))" }
        out += "}"
    case .line:
        out += "{\"type\": \"line\", \"from\": \(fmt(s.from)), \"to\": \(fmt(s.to)), \"color\": \(fmt(s.color)), \"width\": \(fmt(s.width))}"
    case .path:
        out += pathJSON(s)
    case .rect, .ellipse:
        out += "{\"type\": \"\(s.kind.rawValue)\", \"from\": \(fmt(s.from)), \"to\": \(fmt(s.to)), \"color\": \(fmt(s.color))}"
    }
    return out
}

/// A layer as a group: "opacity", "blend", "clip", "mask" where they are not the defaults.
private func layerJSON(_ l: Layer) -> String {
    func list(_ shapes: [Shape]) -> String { "[" + shapes.map(shapeJSON).joined(separator: ", ") + "]" }
    var out = "{\"type\": \"group\""
    if l.opacity != 1 { out += ", \"opacity\": \(fmt(l.opacity))" }
    if l.blend != .srcOver { out += ", \"blend\": \(quote(l.blend.rawValue))" }
    if let c = l.clip {
        out += ", \"clip\": {\"path\": \(quote(c.path.svgData))"
        if c.rule != .nonzero { out += ", \"rule\": \(quote(c.rule.rawValue))" }
        out += "}"
    }
    if let m = l.mask { out += ", \"mask\": {\"type\": \(quote(m.kind.rawValue)), \"children\": \(list(m.shapes))}" }
    return out + ", \"children\": \(list(l.shapes))}"
}

private func pathJSON(_ s: Shape) -> String {
    guard let p = s.pathShape else { return "{\"type\": \"path\", \"d\": \"\"}" }
    var out = "{\"type\": \"path\", \"d\": \(quote(p.path.svgData))"
    switch p.paint {
    case let .fill(rule):
        out += ", \"fill\": \(paintJSON(s))"
        if rule != .nonzero { out += ", \"rule\": \(quote(rule.rawValue))" }
    case let .stroke(st):
        out += ", \"stroke\": \(paintJSON(s)), \"width\": \(fmt(st.width))"
        if st.join != .miter { out += ", \"join\": \(quote(st.join.rawValue))" }
        if st.cap != .butt { out += ", \"cap\": \(quote(st.cap.rawValue))" }
        if st.miterLimit != 4 { out += ", \"miterLimit\": \(fmt(st.miterLimit))" }
        if let d = p.dash {
            out += ", \"dash\": [\(d.lengths.map { fmt($0) }.joined(separator: ", "))]"
            if d.offset != 0 { out += ", \"dashOffset\": \(fmt(d.offset))" }
        }
    }
    return out + "}"
}

/// A path's "fill" or "stroke": its colour, or its gradient as a paint object (DESIGN.md "Scene document").
private func paintJSON(_ s: Shape) -> String {
    if let p = s.pattern, let source = patternSource(p) { return patternJSON(p, source) }
    guard let g = s.gradient else { return fmt(s.color) }
    func num(_ v: Double) -> String { "\(v)" }
    var body: [String] = []
    switch g.kind {
    case let .linear(from, to):
        body.append("\"from\": \(fmt(from)), \"to\": \(fmt(to))")
    case let .radial(center, radius, focal, focalRadius):
        body.append("\"center\": \(fmt(center)), \"radius\": \(fmt(radius))")
        if focal != center { body.append("\"focal\": \(fmt(focal))") }
        if focalRadius != 0 { body.append("\"focalRadius\": \(fmt(focalRadius))") }
    case let .conic(center, angle):
        body.append("\"center\": \(fmt(center))")
        if angle != 0 { body.append("\"angle\": \(num(Double(angle) * 180 / .pi))") }
    }
    let stops = g.stops.map { "{\"offset\": \(fmt($0.offset)), \"color\": \(fmt($0.color))}" }
    body.append("\"stops\": " + JSONText.array(stops))
    if g.spread != .pad { body.append("\"spread\": \(quote(g.spread.rawValue))") }
    let t = g.transform
    if t != .identity { body.append("\"transform\": " + JSONText.array([t.a, t.b, t.c, t.d, t.tx, t.ty].map(num))) }
    let kind: String
    switch g.kind {
    case .linear: kind = "linear"
    case .radial: kind = "radial"
    case .conic: kind = "conic"
    }
    return "{\"\(kind)\": {" + body.joined(separator: ", ") + "}}"
}

/// The keys that say a pattern's image: a named image's "src", or pixels' "width", "height" and
/// "rgba"; nil for a drawing (it has no scene form).
private func patternSource(_ p: ImagePattern) -> String? {
    switch p.source {
    case let .image(name): return "\"src\": \(quote(name))"
    case let .pixels(w, h, rgba):
        return "\"width\": \(w), \"height\": \(h), \"rgba\": \(quote(Data(rgba).base64EncodedString()))"
    case .drawing: return nil
    }
}

/// A pattern as `{"image": {...}}`, its image said by `source` (`patternSource`).
private func patternJSON(_ p: ImagePattern, _ source: String) -> String {
    var body = [source]
    if p.repetition != .repeat { body.append("\"repeat\": \(quote(p.repetition.rawValue))") }
    if p.sampling != .linear { body.append("\"sampling\": \(quote(p.sampling.rawValue))") }
    let t = p.transform
    if t != .identity { body.append("\"transform\": " + JSONText.array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { "\($0)" })) }
    if p.opacity != 1 { body.append("\"opacity\": \(fmt(p.opacity))") }
    return "{\"image\": {" + body.joined(separator: ", ") + "}}"
}
