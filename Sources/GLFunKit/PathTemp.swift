// TEMPORARY until the paths2 branch lands (parser and builders): removed at its merge.
public struct PathDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var description: String { "at character \(offset): unexpected text" }
}
extension Path {
    public init(svgData: String) throws(PathDataError) {
        self.init()
        if !svgData.isEmpty { throw PathDataError(offset: 0) }
    }
    public static func polyline(_ points: [Point], closed: Bool = false) -> Path {
        var p = Path()
        for (i, q) in points.enumerated() { if i == 0 { p.move(to: q) } else { p.line(to: q) } }
        if closed { p.close() }
        return p
    }
    public static func ellipse(from: Point, to: Point) -> Path { polyline([from, to]) }
}
