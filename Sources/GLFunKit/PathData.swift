import GLFunJSONText

extension Path {
    /// The path as SVG path data (absolute commands M L Q C Z), numbers as short as they can
    /// be and still read back to the same `Float`s.
    public var svgData: String {
        var out = ""
        func n(_ v: Float) -> String { JSONText.number(v) }
        func pt(_ p: Point) -> String { n(p.x) + " " + n(p.y) }
        for e in commands {
            if !out.isEmpty { out += " " }
            switch e {
            case let .move(p): out += "M" + pt(p)
            case let .line(p): out += "L" + pt(p)
            case let .quad(c, p): out += "Q" + pt(c) + " " + pt(p)
            case let .cubic(c1, c2, p): out += "C" + pt(c1) + " " + pt(c2) + " " + pt(p)
            case .close: out += "Z"
            }
        }
        return out
    }
}
