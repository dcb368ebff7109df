import Dispatch
import GLFunGLES

/// One vertex of the streamed buffer: position (z is the depth in clip
/// space), texture coordinate, color (RGBA8, normalized). 24 bytes.
struct Vertex {
    var x: Float, y: Float, z: Float
    var u: Float, v: Float
    var rgba: UInt32
}

/// One vertex of the antialiased shapes' stream (the coverage programs): position (z the
/// depth), the shape's own coordinates and size (`Coverage.fsh`: x, y, a, b), color. 32 bytes.
struct CoverageVertex {
    var x: Float, y: Float, z: Float
    var u: Float, v: Float, a: Float, b: Float
    var rgba: UInt32
}

/// One vertex of the gradients' stream (`Renderer+GradientStream`): a `Vertex`, and its fill's
/// paint (`Renderer.GradientPaint`: for a linear gradient the plane t = g.x x + g.y y + g.z over
/// window pixels, gl_FragCoord; for a radial or conic one the map to its space, g.xyz and h.xyz,
/// and its geometry, k and l; and the ramp's row in its `RampAtlas`, g.w), the same at every
/// vertex of a fill. 88 bytes.
struct GradientVertex {
    var x: Float, y: Float, z: Float
    var u: Float, v: Float
    var rgba: UInt32
    var g: (Float, Float, Float, Float)
    var h: (Float, Float, Float, Float)
    var k: (Float, Float, Float, Float)
    var l: (Float, Float, Float, Float)
}

/// The GL state a run of vertices needs. Consecutive shapes with equal state
/// share one draw call.
struct Pipe: Equatable {
    enum Program: Int, CaseIterable {
        case flat, ellipse, texture, alphaTexture, blit, path, pathCore
        /// Antialiased rects, lines and ellipses: `CoverageVertex`es.
        case coverage
        /// Paths painted with a gradient (`PathGradient.fsh`), a program a kind (linear, radial,
        /// conic), each as it is, as the first pass of a translucent path (`Core`) and from a
        /// mask (`Mask`); compiled on first use (`Renderer+Programs`).
        case linear, linearCore, linearMask, radial, radialCore, radialMask, conic, conicCore, conicMask
        /// The gradient programs for an opaque fill's core in the opaque pass (every pixel covered).
        case linearOpaque, radialOpaque, conicOpaque
        /// Paths painted with an image pattern (`PathPattern.fsh`), and the first pass of a
        /// translucent one; bilinear sampling (the default). A program a sampling: llvmpipe runs
        /// every branch of a shader at every pixel, so one program for all three paid the
        /// bicubic's sixteen texel reads at every pixel.
        case pathPattern, pathPatternCore
        /// Antialiased fills drawn from their coverage masks (`Renderer+Masks`): solid, and
        /// with an image pattern (the programs above with PathMask.glsl before them).
        case pathMask, pathPatternMask
        /// The pattern programs for nearest and bicubic sampling: as it is, core, from a mask.
        case pathPatternNearest, pathPatternNearestCore, pathPatternNearestMask
        case pathPatternCubic, pathPatternCubicCore, pathPatternCubicMask
        /// A layer's composite (`Renderer+LayerPlanes`): its plane read at the pixel, as it is or from
        /// a mask; it has no core pass (its rects are apart: `emitPath` draws it in one pass).
        case layerPlane, layerPlaneMask
        /// Dashed strokes dashed per pixel (`StrokeDash`, `PathDash.fsh`) in a solid paint, in
        /// the gradient stream (the dash terms in its first two vectors), and the first pass of
        /// a translucent one (`Core`).
        case dash, dashCore
        /// The mask programs of solid and gradient fills, reading a one-byte mask (`MaskAtlas.Texel.byte`):
        /// for draws whose paint is opaque (`Renderer.emitMask`).
        case pathByteMask, linearByteMask, radialByteMask, conicByteMask
        /// The stream a program's runs draw from.
        enum Stream { case vertices, coverage, gradient }
        /// The stream of the run's vertices: `Vertex`, `CoverageVertex` (the coverage
        /// program) or `GradientVertex` (the gradient programs).
        var stream: Stream {
            switch self {
            case .coverage: .coverage
            case .linear, .linearCore, .linearMask, .linearOpaque, .radial, .radialCore, .radialMask, .radialOpaque,
                 .conic, .conicCore, .conicMask, .conicOpaque, .dash, .dashCore, .linearByteMask, .radialByteMask,
                 .conicByteMask: .gradient
            default: .vertices
            }
        }
        /// Whether the run's fragments read the mask atlas (unit 1).
        var readsMask: Bool {
            [.pathMask, .linearMask, .radialMask, .conicMask, .pathPatternMask, .pathPatternNearestMask,
             .pathPatternCubicMask, .layerPlaneMask].contains(self) || readsByteMask
        }
        /// Whether the mask it reads is one byte a pixel (`MaskAtlas.Texel.byte`).
        var readsByteMask: Bool { [.pathByteMask, .linearByteMask, .radialByteMask, .conicByteMask].contains(self) }

        /// `self`, a mask program of a solid or gradient fill, as it reads a one-byte mask.
        var byteMask: Program? {
            switch self {
            case .pathMask: .pathByteMask
            case .linearMask: .linearByteMask
            case .radialMask: .radialByteMask
            case .conicMask: .conicByteMask
            default: nil
            }
        }

        /// How a path's pixels are drawn: as its mesh's coverage says (`rest`), only those it
        /// covers fully (`core`, a translucent path's first pass), from its mask (`mask`), or
        /// all covered (`opaque`: an opaque fill's core quads, `Renderer+OpaqueFills`).
        enum Pass { case rest, core, mask, opaque }

        /// The path program for a fill or stroke painted with `gradient`, `pattern` or neither (a solid colour).
        static func path(_ gradient: Gradient?, _ pattern: ImagePattern?, _ pass: Pass) -> Program {
            if let g = gradient {
                switch (g.kind, pass) {
                case (.linear, .rest): return .linear
                case (.linear, .core): return .linearCore
                case (.linear, .mask): return .linearMask
                case (.radial, .rest): return .radial
                case (.radial, .core): return .radialCore
                case (.radial, .mask): return .radialMask
                case (.conic, .rest): return .conic
                case (.conic, .core): return .conicCore
                case (.conic, .mask): return .conicMask
                case (.linear, .opaque): return .linearOpaque
                case (.radial, .opaque): return .radialOpaque
                case (.conic, .opaque): return .conicOpaque
                }
            }
            if let p = pattern, p.isLayerPlane {
                switch pass {
                case .rest, .core: return .layerPlane
                case .mask: return .layerPlaneMask
                case .opaque: return .flat
                }
            }
            if let p = pattern {
                switch (p.sampling, pass) {
                case (_, .opaque): return .flat
                case (.linear, .rest): return .pathPattern
                case (.linear, .core): return .pathPatternCore
                case (.linear, .mask): return .pathPatternMask
                case (.nearest, .rest): return .pathPatternNearest
                case (.nearest, .core): return .pathPatternNearestCore
                case (.nearest, .mask): return .pathPatternNearestMask
                case (.cubic, .rest): return .pathPatternCubic
                case (.cubic, .core): return .pathPatternCubicCore
                case (.cubic, .mask): return .pathPatternCubicMask
                }
            }
            switch pass {
            case .rest: return .path
            case .core: return .pathCore
            case .mask: return .pathMask
            case .opaque: return .flat
            }
        }
    }
    var program: Program
    /// The texture on unit 0 (the object, not its GL name: names are reused after a delete,
    /// and the texture keeps its own filter).
    var texture: Texture2D? = nil
    var blend: Bool
    var depthWrite: Bool
    /// The run's `first` and `count` are of the index stream (paths), not of the vertices.
    var indexed = false
    /// Depth-tested (and written, per `depthWrite`) even in a frame that does not use depth
    /// for its opaque pass: a translucent path's one layer of paint.
    var layered = false
    /// The paint of a pattern program's run.
    var pattern: ImagePattern? = nil
    /// The ramps of a gradient program's run (each vertex has its paint and its row).
    var ramps: RampAtlas? = nil
    /// The mask atlas's page a mask program's run reads (`MaskAtlas`; the one-byte atlas's for a
    /// program that `readsByteMask`).
    var maskPage = 0

    static func == (a: Pipe, b: Pipe) -> Bool {
        a.program == b.program && a.texture === b.texture && a.blend == b.blend && a.depthWrite == b.depthWrite
            && a.indexed == b.indexed && a.layered == b.layered && a.pattern === b.pattern && a.ramps === b.ramps
            && a.maskPage == b.maskPage
    }
}

/// A run of vertices (or of indices, for an indexed pipe; or of coverage vertices, for the
/// coverage programs) drawn in one call.
struct Run {
    var pipe: Pipe
    var first: Int32
    var count: Int32
}

/// What lets a shape's run go before the last run (`Renderer.begin`): the bounds of the
/// shape being emitted, and those of the shapes in the last run.
struct RunReordering {
    /// A shape's bounds, in document points.
    struct Box {
        var x0: Float, y0: Float, x1: Float, y1: Float
        func meets(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
    }
    /// The shape being emitted, when it may be reordered; nil: runs are taken in order.
    var item: Box?
    /// The bounds of the last run's shapes.
    private var last: [Box] = []
    /// Whether `last` holds all of them (at most `limit`, and none without bounds).
    private var lastKnown = false
    /// The most shapes a run is checked against (the check is one test a shape).
    static let limit = 32

    /// Whether `box` may be drawn before all of the last run's shapes.
    func canPass(_ box: Box) -> Bool {
        lastKnown && !last.contains { $0.meets(box) }
    }

    /// The shape went on with the last run.
    mutating func joinedLast() {
        guard lastKnown else { return }
        if let b = item, last.count < RunReordering.limit { last.append(b) } else { lastKnown = false }
    }

    /// The shape started a new run.
    mutating func startedRun() {
        last.removeAll(keepingCapacity: true)
        lastKnown = true
        joinedLast()
    }
}

/// A rectangle of a texture drawn onto a rectangle of the canvas (points).
public struct SpriteQuad: Sendable {
    /// The rectangle on the canvas, in points.
    public var x: Float, y: Float, width: Float, height: Float
    /// Texture coordinates of the top-left and bottom-right corners.
    public var s0: Float, t0: Float, s1: Float, t1: Float
    /// The tint the texture is multiplied by.
    public var color: Color
    /// A quad of the texture rectangle (`s0`, `t0`)–(`s1`, `t1`) onto the canvas rectangle, tinted by `color`.
    public init(x: Float, y: Float, width: Float, height: Float, s0: Float, t0: Float, s1: Float, t1: Float,
                color: Color) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.s0 = s0
        self.t0 = t0
        self.s1 = s1
        self.t1 = t1
        self.color = color
    }
}

/// What the last frame did, for tests and `glfun bench`.
public struct FrameStats: Sendable {
    /// Shapes given.
    public var shapes = 0
    /// Shapes skipped because later opaque shapes hide them completely.
    public var culled = 0
    /// GL draw calls made.
    public var drawCalls = 0
    /// Vertices drawn.
    public var vertices = 0
    /// Whether the depth buffer was used.
    public var usedDepth = false
    /// Coverage masks copied into the mask atlas (`MaskAtlas`): none in a frame whose masks
    /// were all placed by the frames before.
    public var masksUploaded = 0
    /// Chunks the frame was drawn in before its last (`Renderer+Chunks`): 0 for a frame drawn
    /// whole.
    public var chunks = 0
    /// Chunks waited for part way, so that the driver held no more than
    /// `FrameSubmission.chunksInFlightLimit` at once (or each finished, without fences).
    public var chunksWaitedFor = 0
    /// Time spent culling and building the vertex buffer on the CPU, in ms.
    public var buildMilliseconds = 0.0
}
