import GLFunImages
import GLFunKit

// <text> and its <tspan>s, basics: x, y, dx, dy (the first value of each list), text-anchor,
// font-family, font-size, font-weight, font-style, fill and stroke, drawn as GLFunKit's
// `TextRun` (shaped glyph outlines). The text directly in <text> is drawn first, then each
// <tspan> in order, each from where the last one's pen stopped unless it says where.
// Not yet: per-character position lists, textPath, letter- and word-spacing, decorations,
// writing-mode, baseline-shift, text directly in <text> after a <tspan> kept in its place.

extension SVGDrawer {
    mutating func text(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        var pen = Point.zero
        var atStart = true
        try span(n, n.text, p, vp, opacity, &pen, &atStart, trimEnd: n.children.allSatisfy { $0.name != "tspan" })
        let spans = n.children.filter { $0.name == "tspan" }
        for (i, c) in spans.enumerated() {
            let q = p.child(declared: c.declared, viewportDiagonal: vp.diagonal)
            guard !q.displayNone else { continue }
            try span(c, c.text, q, vp, opacity, &pen, &atStart, trimEnd: i == spans.count - 1)
        }
        if n.children.contains(where: { $0.name == "textPath" }) { report(.text, n) }
    }

    /// One piece of text at its position (or the pen), the pen moved past it.
    private mutating func span(_ n: SVGNode, _ raw: String, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float,
                               _ pen: inout Point, _ atStart: inout Bool, trimEnd: Bool) throws(SVGError) {
        func first(_ name: String, _ ref: Double) -> Double? {
            guard let v = n.attributes[name],
                  let s = v.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).first,
                  let l = SVGLength(String(s)) else { return nil }
            return l.resolved(reference: ref, fontSize: p.fontSize)
        }
        if let x = first("x", vp.width) { pen.x = Float(x) }
        if let y = first("y", vp.height) { pen.y = Float(y) }
        pen.x += Float(first("dx", vp.width) ?? 0)
        pen.y += Float(first("dy", vp.height) ?? 0)
        // xml:space default: newlines and tabs are spaces, runs of spaces one, none at the start.
        var text = ""
        for ch in raw where ch != "\n" && ch != "\r" {
            let c: Character = ch == "\t" ? " " : ch
            if c == " ", text.last == " " || (text.isEmpty && atStart) { continue }
            text.append(c)
        }
        if trimEnd { while text.last == " " { text.removeLast() } }
        guard !text.isEmpty else { return }
        atStart = false
        guard p.visible, p.fontSize > 0 else { return }
        let font = FontDescription(family: Self.inherited(n, "font-family") ?? "Times New Roman",
                                   size: Float(min(p.fontSize, Double(FontDescription.sizeRange.upperBound))),
                                   weight: Self.weight(Self.inherited(n, "font-weight")),
                                   style: FontStyle(rawValue: Self.inherited(n, "font-style") ?? "normal") ?? .normal)
        let align: TextAlign
        switch Self.inherited(n, "text-anchor") {
        case "middle": align = .center
        case "end": align = .end
        default: align = .start
        }
        guard let run = try? TextRun(text, font: font, align: align) else { return }
        let at = pen
        pen.x += run.advance * (align == .center ? 0.5 : align == .end ? 0 : 1)
        guard ctx.shapes.count < SVGLimits.maxShapes else { throw .tooManyShapes(limit: SVGLimits.maxShapes) }
        let path = run.path(at: at)
        guard !path.isEmpty else { return }
        let bounds = SVGShapes.bounds(of: path)
        let fill = try paint(p.fill, p, opacity * p.fillOpacity, bounds, vp, n)
        var stroke: Paint?
        if p.strokeWidth > 0 { stroke = try paint(p.stroke, p, opacity * p.strokeOpacity, bounds, vp, n) }
        let style = StrokeStyle(width: Float(p.strokeWidth), join: p.lineJoin, cap: p.lineCap, miterLimit: p.miterLimit)
        ctx.state.dash = []
        if p.strokeFirst, let stroke { ctx.stroke(path, paint: stroke, style: style) }
        if let fill { ctx.fill(path, paint: fill, rule: .nonzero) }
        if !p.strokeFirst, let stroke { ctx.stroke(path, paint: stroke, style: style) }
    }

    /// The value of an inherited property declared on `n` or the nearest element above it.
    static func inherited(_ n: SVGNode, _ name: String) -> String? {
        var cur: SVGNode? = n
        var depth = 0
        while let c = cur, depth < SVGLimits.maxDepth {
            if let v = c.declared[name], v != "inherit" { return v.trimmingCharacters() }
            cur = c.parent
            depth += 1
        }
        return nil
    }

    /// CSS font-weight: normal 400, bold 700, bolder/lighter as 700/300, or a number.
    static func weight(_ v: String?) -> Int {
        switch v {
        case nil, "normal": return 400
        case "bold", "bolder": return 700
        case "lighter": return 300
        case let s?: return Double(s).map { Int(min(max($0, 1), 1000)) } ?? 400
        }
    }
}
