import Foundation
import GLFunImages
import GLFunKit

// SVG text's characters in document order (the words in <text>, <tspan>, <a> and <tref>
// between and around their child elements), after xml:space's white-space handling, each
// with the position attributes that fall on it: x, y, dx, dy from the innermost element whose
// list has a value at the character's index, rotate likewise (an element's last rotate value
// holding for the rest of its characters), and the baseline shift summed over its elements.

/// One character (grapheme cluster) of a <text>, before layout.
struct SVGTextChar {
    var char: Character
    /// The element it is directly in, and that element's properties.
    let node: SVGNode
    let props: SVGProperties
    var x: Double?, y: Double?, dx: Double?, dy: Double?, rotate: Double?
    /// Up from the baseline, summed over the elements it is in (baseline-shift).
    let shift: Double
    /// The <textPath> it is laid along, if any.
    var onPath: SVGNode?
}

struct SVGTextCollector {
    var chars: [SVGTextChar] = []
    /// The properties of every element walked.
    var propsOf: [ObjectIdentifier: SVGProperties] = [:]
    /// The paths of the <textPath>s walked.
    var paths: [ObjectIdentifier: SVGPathGeometry] = [:]
    private var onPath: SVGNode?
    /// The nodes of elements with a textLength: their characters, the length, and whether the
    /// glyphs are stretched (lengthAdjust="spacingAndGlyphs") rather than the spaces between them.
    var textLengths: [(chars: Range<Int>, length: Double, stretch: Bool)] = []
    /// The characters each node of character data keeps (set by `walk` at the <text>).
    private var spaces: SVGTextSpaces?
    let vp: Viewport
    let ids: [String: SVGNode]
    /// How finely a textPath's path is searched (`SVGPathGeometry.accuracy(scale:)`).
    var pathAccuracy = 0.5

    init(_ vp: Viewport, ids: [String: SVGNode]) {
        self.vp = vp
        self.ids = ids
    }

    /// Collects `n` (a <text> or an element in one) and what is in it.
    mutating func walk(_ n: SVGNode, _ p: SVGProperties, shift: Double, depth: Int = 0) {
        guard depth < SVGLimits.maxDepth else { return }
        if spaces == nil { spaces = SVGTextSpaces(n, tref: { trefTarget($0).map { Self.content($0) } }) }
        let start = chars.count
        propsOf[ObjectIdentifier(n)] = p
        n.inOrder(piece: { k, _ in add(.init(node: ObjectIdentifier(n), piece: k), n, p, shift) }) { c in
            guard Self.holds(c, inText: depth == 0), SVGDrawer.languageMatches(c) else { return }
            let q = p.child(declared: c.declared, viewportDiagonal: vp.diagonal)
            guard !q.displayNone else { return }
            let s = shift + Self.baselineShift(c, q)
            if c.name == "tref" {
                if trefTarget(c) != nil {
                    let before = chars.count
                    propsOf[ObjectIdentifier(c)] = q
                    add(.init(node: ObjectIdentifier(c), piece: -1), c, q, s)
                    apply(c, q, from: before)
                }
            } else if c.name == "textPath" {
                guard let g = SVGPathGeometry.of(c, ids: ids, vp: vp, fontSize: q.fontSize, accuracy: pathAccuracy) else { return }
                paths[ObjectIdentifier(c)] = g
                onPath = c
                walk(c, q, shift: s, depth: depth + 1)
                onPath = nil
            } else {
                walk(c, q, shift: s, depth: depth + 1)
            }
        }
        apply(n, p, from: start)
    }

    /// What a <tref> takes its text from: its link, when that is an element of SVG's.
    private func trefTarget(_ c: SVGNode) -> SVGNode? {
        let href = c.attributes["href"] ?? ""
        guard href.hasPrefix("#"), let target = ids[String(href.dropFirst())], Self.trefTargets.contains(target.name) else { return nil }
        return target
    }

    /// The characters of a node of character data, as white space leaves them (`SVGTextSpaces`).
    /// An element's textLength holds for each node of its own (usvg's spans; the placer
    /// cuts them at chunks), not for the characters of the elements in it.
    private mutating func add(_ key: SVGTextSpaces.Key, _ n: SVGNode, _ p: SVGProperties, _ shift: Double) {
        let start = chars.count
        for c in spaces?.kept[key] ?? [] {
            chars.append(SVGTextChar(char: c, node: n, props: p, shift: shift, onPath: onPath))
        }
        if chars.count > start, let v = n.attributes["textLength"], let l = SVGLength(v.trimmingCharacters()), l.value >= 0 {
            textLengths.append((start..<chars.count, l.resolved(reference: vp.width, fontSize: p.fontSize),
                                n.attributes["lengthAdjust"] == "spacingAndGlyphs"))
        }
    }

    /// Puts `n`'s x, y, dx, dy and rotate lists on the characters from `start` that no inner
    /// element gave a value.
    private mutating func apply(_ n: SVGNode, _ p: SVGProperties, from start: Int) {
        let count = chars.count - start
        guard count > 0 else { return }
        let fs = p.fontSize
        func list(_ name: String, _ ref: Double) -> [Double]? {
            guard let v = n.attributes[name] else { return nil }
            let items = v.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            var out: [Double] = []
            for s in items {
                guard let l = SVGLength(String(s)) else { return out }
                out.append(l.resolved(reference: ref, fontSize: fs))
            }
            return out
        }
        // The lists count code points, as usvg's: a character of several (a letter and its
        // marks) takes the value at its first, and the values at the others go unused.
        var at: [Int] = []
        var scalars = 0
        for i in 0..<count {
            at.append(scalars)
            scalars += chars[start + i].char.unicodeScalars.count
        }
        func put(_ values: [Double]?, _ key: WritableKeyPath<SVGTextChar, Double?>) {
            guard let values else { return }
            for i in 0..<count where at[i] < values.count && chars[start + i][keyPath: key] == nil {
                chars[start + i][keyPath: key] = values[at[i]]
            }
        }
        // A textPath has no positions of its own (usvg ignores them there).
        if n.name != "textPath" {
            put(list("x", vp.width), \.x)
            put(list("y", vp.height), \.y)
            put(list("dx", vp.width), \.dx)
            put(list("dy", vp.height), \.dy)
        }
        if let rs = n.attributes["rotate"].map({ $0.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).compactMap { Double($0) } }),
           let last = rs.last {
            for i in 0..<count where chars[start + i].rotate == nil { chars[start + i].rotate = at[i] < rs.count ? rs[at[i]] : last }
        }
    }

    /// The text properties that are also presentation attributes.
    static let presentation: Set<String> = [
        "letter-spacing", "word-spacing", "baseline-shift", "text-decoration", "dominant-baseline",
        "alignment-baseline", "writing-mode", "direction", "font-variant", "font-stretch", "font",
    ]

    /// xml:space="preserve" on the element or the nearest one above that says.
    static func preserves(_ n: SVGNode) -> Bool {
        var cur: SVGNode? = n
        while let c = cur {
            if let v = c.attributes["xml:space"] { return v == "preserve" }
            cur = c.parent
        }
        return false
    }

    /// What a <tref> may take its text from: any element of SVG's (a rect's character data
    /// too, as usvg reads it), not one of another vocabulary.
    static let trefTargets: Set<String> = SVGDrawer.shapes.union([
        "text", "tspan", "textPath", "tref", "a", "title", "desc", "svg", "g", "defs", "symbol", "use", "image",
        "switch", "marker", "pattern", "clipPath", "mask", "linearGradient", "radialGradient", "stop", "filter", "style",
    ])

    /// All the text in `n` and its descendants, in order (what a <tref> draws).
    static func content(_ n: SVGNode, depth: Int = 0) -> String {
        guard depth < SVGLimits.maxDepth else { return "" }
        var out = ""
        n.inOrder(piece: { out += $1 }) { out += content($0, depth: depth + 1) }
        return out
    }

    /// Whether `c`, a child of an element of a <text>, holds text of it: a tspan, an a, a tref,
    /// or a textPath in the text itself (`inText`; usvg's tree holds no other).
    static func holds(_ c: SVGNode, inText: Bool) -> Bool {
        c.name == "tspan" || c.name == "a" || c.name == "tref" || (c.name == "textPath" && inText)
    }

    /// font-size: a length (em and % of the parent's), a keyword (medium 12, each step 1.2 times), larger or smaller
    /// (1.2 times); nil when not one (a negative size draws nothing).
    static func fontSize(_ v: String, parent: Double) -> Double? {
        let keywords = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large"]
        if let k = keywords.firstIndex(of: v) { return 12 * pow(1.2, Double(k - 3)) }  // resvg's scale
        if v == "larger" { return parent * 1.2 }
        if v == "smaller" { return parent / 1.2 }
        guard let l = SVGLength(v) else { return nil }
        if l.unit == .percent { return parent * l.value / 100 }
        return l.resolved(reference: parent, fontSize: parent)
    }

    /// baseline-shift: sub, super (the face's OS/2 offsets), a length or a percentage of the
    /// font size; up is positive.
    static func baselineShift(_ n: SVGNode, _ p: SVGProperties) -> Double {
        guard let v = n.declared["baseline-shift"]?.trimmingCharacters() else { return 0 }
        let fontSize = p.fontSize
        func script(_ pick: (FaceMetrics) -> Float) -> Double {
            guard fontSize > 0, let face = (try? TextRun("x", font: SVGDrawer.font(n, p)))?.lines.first?.glyphs.first?.face,
                  let m = TextShaper.metrics(of: face) else { return 0 }
            return Double(pick(m)) * fontSize / Double(face.unitsPerEm)
        }
        switch v {
        case "baseline": return 0
        case "sub": return -script(\.subscriptOffset)
        case "super": return script(\.superscriptOffset)
        default:
            guard let l = SVGLength(v) else { return 0 }
            if l.unit == .percent { return l.value / 100 * fontSize }
            return l.resolved(reference: fontSize, fontSize: fontSize)
        }
    }
}
