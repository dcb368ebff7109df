/// A path's triangles, ready for the renderer: positions in points, three vertices a
/// triangle, each vertex with a coverage 0...1 that multiplies the paint's alpha.
///
/// Coverage is 1 inside the path (the core) and falls to 0 across the antialiasing fringe
/// (about a pixel at the outline). The fringe's triangles come first, the core's after, so
/// that the core, drawn last, paints its pixels exactly whatever the fringe left there.
public struct PathMesh: Sendable {
    /// The vertices in points, three a triangle.
    public var positions: [Point] = []
    /// Each vertex's coverage, 0...1.
    public var coverage: [Float] = []
    /// How many of the first vertices are the fringe's.
    public var fringeCount = 0

    /// An empty mesh.
    public init() {}

    /// How many vertices (three a triangle).
    public var vertexCount: Int { positions.count }
}
