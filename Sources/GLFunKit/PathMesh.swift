/// A path's triangles, ready for the renderer: indexed triangles over compact vertices in
/// points, each vertex carrying what its coverage is made of.
///
/// A vertex's coverage is `clamp(v - |u|, 0, 1)` (or, product-coded, the product below), worked out per pixel from the interpolated
/// `u` and `v` (the renderer's path program does it), and it multiplies the paint's alpha:
/// - a stroke's strip and its round joins and caps are *distance-coded*: `u` is the distance
///   from the stroke's centre line in pixels (0 on it, ±`v` at the strip's outer edges) and
///   `v` the outer half width in pixels, so coverage is 1 in the core and falls to 0 across
///   the last pixel: two vertices a point make the core and both sides' fringe;
/// - a stroke's butt and square ends are *product-coded*: `v` is -1 minus the along term (the
///   share of the pixel inside the end: 1 half a pixel in, 0 half a pixel out) and `u` the
///   across term (`reach` less the distance from the centre line, in pixels), and the coverage
///   is clamp(u, 0, 1) x clamp(-1 - v, 0, 1): the box filter of the stroke's end, exact where
///   the end meets its sides (a negative `v` marks the form; no other vertex has one);
/// - everything else (fills, aliased strokes) is *flat-coded*: `u` is 0 and `v` the coverage
///   itself (1 in a core, falling to 0 across a fringe).
///
/// Flat-coded fringe triangles come first (`fringeIndexCount` indices), then the rest.
public struct PathMesh: Sendable {
    /// One vertex: its position in points, and its coverage terms (see the type).
    public struct Vertex: Sendable, Equatable {
        /// The position in points.
        public var x: Float, y: Float
        /// Distance from a stroke's centre line in pixels (distance-coded), or 0.
        public var u: Float
        /// A stroke's outer half width in pixels (distance-coded), or the coverage.
        public var v: Float
        /// The vertex's coverage: clamp(v - |u|, 0, 1), or product-coded (v < 0) the product of
        /// the across and along terms.
        public var coverage: Float {
            if v < -0.5 { return min(1, max(0, u)) * min(1, max(0, -1 - v)) }
            return min(1, max(0, v - abs(u)))
        }
    }

    /// The vertices, each once.
    public var vertices: [Vertex] = []
    /// Three indices into `vertices` a triangle.
    public var indices: [UInt32] = []
    /// How many of the first indices are a flat-coded fringe's.
    public var fringeIndexCount = 0
    /// Whether any triangle has coverage below 1 somewhere (an antialiased mesh).
    public var hasFringe = false
    /// What the paint's alpha is multiplied by for the whole mesh: 1, or a hairline's width
    /// in pixels (a stroke thinner than a pixel is drawn a pixel wide and that much fainter).
    public var opacity: Float = 1
    /// An antialiased fill drawn as its coverage picture (`CoverageMask`) instead: then the
    /// mesh has no vertices and the renderer draws one quad reading the mask.
    var mask: CoverageMask?
    /// An antialiased fill's core (`PathCoverage.coreRects`), when asked for: quads of pixels
    /// it covers completely, corners in points (top-left, top-right, bottom-right,
    /// bottom-left), the biggest first. An opaque fill's are drawn in the opaque pass.
    var core: [CoreQuad] = []
    /// Whether the core is all of the fill (nothing else need be drawn for it).
    var coreIsWhole = false
    /// Only the core is here (the renderer's frame kept no more: `Renderer.fillMeshBytes`).
    var coreOnly = false

    /// On the dash route (`StrokeDash`): each vertex's terms (`DashFrame`), and the pattern
    /// in pixels (on, off, on, off); empty and nil otherwise.
    var dashTerms: [DashTerm] = []
    var dashPattern: SIMD4<Float>?

    /// A quad of a core: its corners in points.
    struct CoreQuad {
        var p0: Point, p1: Point, p2: Point, p3: Point
    }

    /// An empty mesh.
    public init() {}

    /// How many vertices (each once).
    public var vertexCount: Int { vertices.count }
    /// How many triangles.
    public var triangleCount: Int { indices.count / 3 }

    /// The bytes the mesh holds (vertices and indices).
    public var byteCount: Int {
        vertices.capacity * MemoryLayout<Vertex>.stride + indices.capacity * MemoryLayout<UInt32>.stride
            + dashTerms.capacity * MemoryLayout<DashTerm>.stride
    }

    /// The triangles' corners in order, three a triangle (the fringe's first): for tests and tools.
    public var positions: [Point] { indices.map { Point(vertices[Int($0)].x, vertices[Int($0)].y) } }
    /// Each corner's coverage (times `opacity`), in the order of `positions`.
    public var coverage: [Float] { indices.map { vertices[Int($0)].coverage * opacity } }
    /// How many of the first `positions` are the flat-coded fringe's.
    public var fringeCount: Int { fringeIndexCount }
}
