import GLFunKit

/// CSS's transform-origin on an SVG element: "x y", each a length, a percentage of the
/// viewport, or a keyword (left, center, right; top, center, bottom), one value meaning the
/// other is center. The element's transform then turns about that point.
enum TransformOrigin {
    static func point(_ text: String, viewport vp: Viewport, fontSize: Double) -> (Double, Double)? {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard (1...3).contains(words.count) else { return nil }
        if words.count == 1 {
            words.append(words[0] == "top" || words[0] == "bottom" ? words[0] : "center")
            if words[0] == "top" || words[0] == "bottom" { words[0] = "center" }
        }
        if ["top", "bottom"].contains(words[0]) || ["left", "right"].contains(words[1]) { words.swapAt(0, 1) }
        func value(_ w: String, _ ref: Double) -> Double? {
            switch w {
            case "left", "top": return 0
            case "center": return ref / 2
            case "right", "bottom": return ref
            default: return SVGLength(w)?.resolved(reference: ref, fontSize: fontSize)
            }
        }
        guard let x = value(words[0], vp.width), let y = value(words[1], vp.height) else { return nil }
        return (x, y)
    }

    /// A paint server's transform (gradientTransform, patternTransform) about its
    /// transform-origin `text`, a point in the user space of the element that uses it (the
    /// viewport's lengths and keywords, whatever the server's units: usvg's resolve_transform).
    static func apply(_ t: Transform, origin text: String?, viewport vp: Viewport, fontSize: Double = SVGProperties.defaultFontSize) -> Transform {
        guard let text, let o = point(text, viewport: vp, fontSize: fontSize) else { return t }
        return apply(t, about: o)
    }

    /// `t` about `origin`: translate(origin) t translate(-origin).
    static func apply(_ t: Transform, about o: (Double, Double)) -> Transform {
        Transform.translation(o.0, o.1).concatenating(t).concatenating(.translation(-o.0, -o.1))
    }
}
