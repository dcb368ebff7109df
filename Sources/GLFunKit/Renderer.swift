import Dispatch
import GLFunGLES

/// Draws shapes with GLES 2: the batched, fast path of GLFun.
///
/// A frame is tessellated into one streamed vertex buffer and drawn in a few
/// calls (a big frame in chunks of `flushBytes`: `Renderer+Chunks`). What each shape costs is kept small, because on a software
/// rasterizer (llvmpipe) the cost is the pixels touched:
/// - fills use a flat-color program with blending off; only images and
///   translucent fills blend;
/// - an ellipse is one quad whose fragment program discards outside the
///   ellipse (an exact edge at any size);
/// - with a depth buffer, opaque shapes are drawn front to back (shape i
///   nearer than shape i-1) so hidden pixels die at the depth test, then
///   images and translucent fills in painter's order, depth-tested;
/// - shapes that later opaque shapes hide completely are not drawn at all
///   (a one-bit-per-pixel coverage walk on the CPU, from the last shape back).
/// The picture is the painter's-order picture.
///
/// The renderer does not open contexts or windows, and it does not own the
/// target: bind a `Framebuffer` (or a window's surface) first; with nothing
/// drawable bound, a draw throws `GLESError.noRenderTarget`.
///
/// GL state: the bound framebuffer is the caller's; everything else a draw
/// depends on, the renderer sets at the start of every `draw`, `drawTexture` and
/// `drawSprites`, whatever the caller left (`GL.apply(_:since:)` with no previous
/// state: viewport to the canvas's pixel size, scissor per `scissor`, color mask,
/// cull face, front face, stencil, polygon offset, sample coverage, dither, blend
/// function and equation, depth function and range, active texture unit 0), then
/// its vertex buffer on GL_ARRAY_BUFFER with attribute arrays 0...2 enabled and
/// every other one disabled, GL_ELEMENT_ARRAY_BUFFER 0, and per batch its program
/// and texture (on unit 0), and arrays 0...2 pointed at the batch's stream (the
/// antialiased shapes' coverage stream is a second vertex buffer); a chunk holding fills
/// drawn from masks binds the mask atlas on unit 1 (unit 0 active again). Within one call it skips changes that would set what
/// is already set. Afterwards it leaves: blending off, depth test off, depth
/// writes on, the scissor test per `scissor`, the viewport of the canvas, texture
/// unit 0 active with the last batch's texture, the last batch's program in use,
/// the last batch's vertex buffer bound with arrays 0...2 enabled, no index buffer bound, and
/// the rest as listed above (culling, stencil, polygon offset, dither off; color
/// mask all true).
public final class Renderer {
    /// The GL context it draws in.
    public let context: Context
    /// The programs, in `Pipe.Program`'s order, each compiled when a draw first needs it
    /// (`Renderer+Programs`): a picture of rects compiles one, an empty one none.
    var programs: [ShaderProgram?] = Array(repeating: nil, count: Pipe.Program.allCases.count)
    /// Each compiled program's `projectionMatrix` location, looked up once.
    var projectionLocations: [Int32] = Array(repeating: -1, count: Pipe.Program.allCases.count)
    /// The projection each program's uniform holds (set on change: only this renderer sets it).
    var programProjections: [[Float]] = Array(repeating: [], count: Pipe.Program.allCases.count)
    /// Pattern images made so far, by pattern (`Renderer+Patterns`); the pattern is held so its identity stays its own.
    var patternTextures: [ObjectIdentifier: (pattern: ImagePattern, texture: Texture2D)] = [:]
    /// The coverage masks drawn lately (`Renderer+Masks`), made on first use.
    var maskAtlas: MaskAtlas?
    /// The masks drawn lately by opaque paints, one byte a pixel (`MaskAtlas.Texel.byte`), made on first use.
    var byteMaskAtlas: MaskAtlas?
    /// Whether the frame being built draws its opaque paints' masks from `byteMaskAtlas`: a
    /// frame none of whose fills needs the two bytes (`Renderer+Masks`), so that its mask
    /// runs do not take turns between the two programs.
    var byteMasks = false
    /// The most pages of masks the atlas fills before it starts again, in frames that keep
    /// their paths' meshes (`keepsPathMeshes`); 1 in frames drawn once (no mask is drawn
    /// twice there: more pages would only cost their memory).
    var maskPages = MaskAtlas.maxPages
    /// How deep `preparePatterns` is (a pattern's drawing may hold patterns).
    var patternDepth = 0
    /// The layers' targets and composite programs, and their quad, made when a frame first holds
    /// a layer (`Renderer+Layers`, `LayerCache`).
    let layers = LayerCache()
    var layerQuad: VertexBuffer?
    let buffer: VertexBuffer
    var textures: [String: Texture2D] = [:]
    var vertices: UnsafeMutablePointer<Vertex>
    var vertexCount = 0
    var vertexCapacity = 4096
    /// The coverage stream of the frame being built (antialiased rects, lines and ellipses),
    /// with its GL buffer.
    let coverageBuffer: VertexBuffer
    var coverageVertices: UnsafeMutablePointer<CoverageVertex>
    var coverageCount = 0
    var coverageCapacity = 1024
    /// The gradients' stream of the frame being built, with its GL buffer, and their ramps, an
    /// atlas a spread (`Renderer+GradientStream`).
    let gradientBuffer: VertexBuffer
    var gradientVertices: UnsafeMutablePointer<GradientVertex>
    var gradientCount = 0
    var gradientCapacity = 256
    var rampAtlases: [GradientSpread: RampAtlas] = [:]
    /// The index stream of the frame being built (paths' triangles), with its GL buffer.
    let indexBuffer: IndexBuffer
    var indices: UnsafeMutablePointer<UInt32>
    var indexCount = 0
    var indexCapacity = 4096
    /// 32-bit indices can be drawn (GL_OES_element_index_uint); without, paths' triangles are
    /// written out vertex by vertex.
    let indexedPaths: Bool
    /// Whether the frame being built uses the depth buffer for its opaque pass.
    var frameDepth = false
    /// Whether the frame's target has a cleared depth buffer for translucent paths' one layer.
    var pathLayers = false
    /// Without `frameDepth`: the depth of the next translucent path, and the step to the next.
    var layerDepth: Float = 1
    var layerStep: Float = 0
    var runs: [Run] = []
    /// The frame being drawn (`draw`), while its shapes are built: what its runs are drawn
    /// with when the streams pass `flushBytes` part way through.
    var submission: FrameSubmission?
    /// The bytes of streams a frame is drawn in chunks of (`Renderer.flushBytes`; less in tests).
    var chunkBytes = Renderer.flushBytes
    /// Whether a run is begun and not yet ended (`begin`, `end`).
    var runIsOpen = false
    /// The run `end` closes (`begin` may go on with the one before the last).
    var openRun = 0
    var reorder = RunReordering()
    /// While an antialiased frame is built: the culling walk's pieces (`coverage.pieces`), and
    /// those the shape being emitted is cut to (empty: drawn whole; `Renderer+Pieces`).
    var framePieces = UnsafeBufferPointer<CoverageMap.Piece>(start: nil, count: 0)
    var clipPieces = UnsafeBufferPointer<CoverageMap.Piece>(start: nil, count: 0)
    var coverage = CoverageMap()
    var rank: [Int32] = []
    /// The view transform of the frame being built (identity for UI and blits).
    var view = ViewTransform.identity
    /// Pixels per point of the frame being built.
    var scale: Float = 1
    /// Where the frames since the last clear drew, and the rect the next frame's clear is cut
    /// to, set by the caller for one `draw` (`Renderer+DrawnBounds`); `draw`s made.
    var drawn = DrawnBounds()
    var clearOnly: PixelRect?
    var framesDrawn = 0
    /// Where the frame's document points land on its target's pixels (antialiased fills).
    var pixelGrid = PixelGrid(pixel: 1)
    /// The frame's window pixels (gl_FragCoord) to document points (gradients' paint, `Renderer+GradientStream`).
    var frameWindow = Transform.identity
    /// While an antialiased frame is built: its opaque fills' meshes, by shape, and the most
    /// bytes of them a frame drawn once holds (`Renderer+OpaqueFills`).
    var fillMeshes: [PathMesh?] = []
    /// Their cores, apart (`Renderer+OpaqueFills`): empty for a shape with none.
    var fillCores: [[PathMesh.CoreQuad]] = []
    var fillMeshBytes = 64 << 20

    /// Skip shapes hidden under later opaque shapes (exact; on by default).
    public var cullingEnabled = true
    /// Use the depth buffer, when the target has one, for the opaque pass.
    public var depthEnabled = true
    /// How many times the canvas the opaque shapes must cover, summed, for the depth pass to be
    /// used (`Renderer+DepthChoice`; below it the frame is drawn in painter's order, the same
    /// picture); 0: whenever there are two shapes or more.
    public var depthPassOverdraw: Float = 1
    /// Where draws may change pixels: a rect in the target's pixels with a top-left
    /// origin (y counted down from the top of the canvas's pixel height), applied as
    /// the scissor test to every draw call the renderer makes, clears included. nil
    /// (the default): the whole target, scissor test off. A window redrawing only what
    /// changed sets it around those draws and back to nil after.
    public var scissor: PixelRect?
    /// Draw with antialiased edges: coverage at the edges of paths, lines, rects and ellipses
    /// instead of all-or-nothing pixels. Off by default (a version-1 scene without
    /// `"antialias"` keeps its aliased pixels); images are never affected.
    public var antialias = false
    /// Keep each path's triangles with the path (`PathShape`) for the frames after: on by
    /// default (a window redraws); a frame drawn once (`glfun render`) turns it off, so that
    /// a path's triangles live only until they are in the stream.
    public var keepsPathMeshes = true
    /// Draw an antialiased fill whose outline crosses many of its pixels (a curve's, a line of
    /// text's) as one quad reading its exact coverage from a mask (`Renderer+Masks`) instead
    /// of as quads of one coverage each: the same pixels, far fewer triangles. On by default;
    /// off draws every fill as quads.
    public var pathMasks = true
    /// Draw an opaque paint's mask from one byte a pixel (`MaskAtlas.Texel.byte`) in frames
    /// whose fills are all painted opaque: the same pixels, a cheaper read. On by default; off
    /// (tests) keeps every mask in two bytes.
    var byteMasksAllowed = true
    /// What the last frame did.
    public internal(set) var stats = FrameStats()

    /// The vertex buffers, made in `context` (current); the programs are compiled when a
    /// draw first needs each (a shader that does not compile throws from that draw).
    public init(context: Context) throws(GLESError) {
        context.requireCurrent("Renderer")
        self.context = context
        buffer = VertexBuffer(context: context, usage: .streamDraw)
        coverageBuffer = VertexBuffer(context: context, usage: .streamDraw)
        gradientBuffer = VertexBuffer(context: context, usage: .streamDraw)
        indexBuffer = IndexBuffer(context: context, usage: .streamDraw)
        indexedPaths = context.extensions.contains("GL_OES_element_index_uint")
        vertices = .allocate(capacity: vertexCapacity)
        coverageVertices = .allocate(capacity: coverageCapacity)
        gradientVertices = .allocate(capacity: gradientCapacity)
        indices = .allocate(capacity: indexCapacity)
    }

    deinit {
        vertices.deallocate()
        coverageVertices.deallocate()
        gradientVertices.deallocate()
        indices.deallocate()
    }

    /// Draws a frame into the bound framebuffer: clears it to `background`
    /// (nil: keeps what is there, and depth is not used), then draws `shapes`
    /// in painter's order. The viewport is set to the canvas's pixel size; the clear
    /// and the shapes are clipped to `scissor`. GL state: see the type.
    /// - Parameter shapes: the shapes, in document points, drawn in order.
    /// - Parameter canvas: the target's size in points and its pixels per point.
    /// - Parameter background: the clear color (straight; cleared premultiplied, as the target
    ///   holds colour); nil keeps what the target holds.
    /// - Parameter depth: whether the bound target has a depth buffer.
    /// - Parameter view: how document points map to the canvas (pan, zoom, rotate).
    /// - Throws: `GLESError.noRenderTarget` when no target is bound (framebuffer 0 of a
    ///   headless context), `.framebuffer` when the bound one is incomplete.
    public func draw(_ shapes: [Shape], canvas: Canvas, background: Color?, targetHasDepth depth: Bool,
                     view: ViewTransform = .identity) throws(GLESError) {
        // The caller's clear rect is this target's, not a pattern tile's or a layer's.
        let only = clearOnly, before = drawn
        clearOnly = nil
        framesDrawn += 1
        // A pattern's drawing is drawn within the frame: not a frame of its own.
        if patternDepth == 0 {
            maskAtlas?.frameStarted()
            byteMaskAtlas?.frameStarted()
        }
        try preparePatterns(shapes)
        drawn = before
        if shapes.contains(where: { $0.layer != nil }) {
            try drawLayered(shapes, canvas: canvas, background: background, targetHasDepth: depth, view: view)
            drawn.whole = true
        } else {
            layers.frameWithoutLayers()
            clearOnly = only
            defer { clearOnly = nil }
            try drawFlat(shapes, canvas: canvas, background: background, targetHasDepth: depth, view: view)
        }
    }

    /// `draw` of shapes holding no layer. `clearDepthOnly`: keep the target's colour but clear
    /// and use its depth as a frame with a background does (the shapes after a layer).
    /// `targetCleared`: the target holds `background` and a cleared depth already (a layer plane).
    func drawFlat(_ shapes: [Shape], canvas: Canvas, background: Color?, targetHasDepth depth: Bool,
                  view: ViewTransform, clearDepthOnly: Bool = false, targetCleared: Bool = false) throws(GLESError) {
        self.view = view
        context.requireCurrent("Renderer.draw")
        let cleared = background != nil || clearDepthOnly
        // One shape has nothing to hide, nor have opaque shapes that cover less than the target
        // all told (`Renderer+DepthChoice`): such a frame draws in painter's order without the
        // depth pass (no depth clear, no depth test a pixel).
        // Opaque fills' meshes and cores first: the depth choice counts the cores, and the culling walk.
        setFrameGeometry(canvas)
        byteMasks = byteMasksAllowed && !shapes.contains { needsTwoByteMask($0) }
        shapes.withUnsafeBufferPointer { prepareOpaqueFills($0) }
        let useDepth = depth && depthEnabled && cleared && shapes.count > 1 && depthPassPays(shapes, canvas: canvas)
        // Translucent paths use the depth buffer for one layer of paint whenever there is one.
        pathLayers = depth && cleared && shapes.contains { $0.kind == .path }
        // The depth buffer is cleared only for a frame that uses it: clearing it is a pass over
        // the whole target, as much as a small frame's drawing.
        let clearsDepth = useDepth || pathLayers
        let state = try prepare(canvas)
        if let bg = background?.premultiplied {
            if !targetCleared { clearTarget(bg, depth: clearsDepth, state: state) }
            drawn = DrawnBounds()
        } else if clearDepthOnly && clearsDepth {
            GL.clearDepth()
        }
        submission = FrameSubmission(canvas: canvas, depth: useDepth, start: state)
        let t0 = DispatchTime.now().uptimeNanoseconds
        build(shapes, canvas: canvas, depth: useDepth)
        let built = DispatchTime.now().uptimeNanoseconds - t0 - (submission?.drawNanoseconds ?? 0)
        stats.buildMilliseconds = Double(built) / 1e6
        try submit(canvas: canvas, depth: useDepth, from: state)
    }

    /// Checks the bound target and sets all fixed-function state (`GL.apply` from nothing).
    func prepare(_ canvas: Canvas) throws(GLESError) -> DrawState {
        try GL.checkRenderTarget()
        let state = DrawState(viewportWidth: canvas.pixelWidth, viewportHeight: canvas.pixelHeight, scissor: scissor)
        GL.apply(state)
        return state
    }

    // MARK: - Submitting

    /// Draws what is left of the frame and restores the state `prepare` set (`start`).
    func submit(canvas: Canvas, depth: Bool, from start: DrawState) throws(GLESError) {
        var frame = submission ?? FrameSubmission(canvas: canvas, depth: depth, start: start)
        submission = nil
        drawRuns(&frame)  // empties the runs: none holds a texture past the call
        stats.vertices = frame.vertices
        stats.drawCalls = frame.calls
        stats.chunks = frame.chunks
        stats.chunksWaitedFor = frame.chunksWaitedFor
        GL.apply(start, since: frame.state)  // blending and depth test off, depth writes on
        if let error = frame.error { throw error }
    }

    /// Uploads the streams and draws the runs built so far, from the state `frame` left, then
    /// empties the streams: at the end of a frame, and part way through a big one (`flushIfFull`).
    func drawRuns(_ frame: inout FrameSubmission) {
        guard frame.error == nil else { return }
        let canvas = frame.canvas, depth = frame.depth
        frame.vertices += vertexCount + coverageCount + gradientCount
        noteDrawnVertices()
        do throws(GLESError) {
            try uploadStreams()
            var bound = Pipe.Program.Stream.vertices
            try uploadRamps()
            var state = frame.state
            state.depthTest = depth
            GL.apply(state, since: frame.state)
            frame.state = state
            let projection = self.projection(canvas)
            // Sprites land on whole pixels at integer scales: nearest equals linear there and is cheaper.
            let filter: TextureFilter = canvas.scale == canvas.scale.rounded() ? .nearest : .linear
            var current: Pipe? = nil
            var maskPage: (byte: Bool, page: Int)? = nil  // the atlas page bound on unit 1
            for run in runs where run.count > 0 {
                let p = run.pipe
                if current?.program != p.program { try use(p.program, projection: projection) }
                if p.program.stream != bound {
                    try bind(p.program.stream, after: bound)
                    bound = p.program.stream
                }
                if let ramps = p.ramps, current?.ramps !== ramps || current?.program != p.program {
                    try setRamps(ramps, program: try compiled(p.program))
                }
                let page = (byte: p.program.readsByteMask, page: p.maskPage)
                if p.program.readsMask, maskPage.map({ $0 != page }) ?? true {
                    try bindMaskPage(page.page, byte: page.byte)
                    maskPage = page
                }
                if let t = p.texture, current?.texture !== t {
                    t.bind(unit: 0)
                    t.setFilter(filter)  // no GL call unless the texture's filter changes
                }
                if let pat = p.pattern, current?.pattern !== pat || current?.program != p.program {
                    try setPaint(pat, program: try compiled(p.program))
                }
                var next = frame.state
                next.blend = p.blend
                next.depthWrite = p.depthWrite
                next.depthTest = depth || p.layered
                GL.apply(next, since: frame.state)
                frame.state = next
                current = p
                if p.indexed {
                    // A long run in calls of at most `indexChunk` indices, and every `indexChunk`
                    // indices (one run or many short ones) a chunk (`chunkDrawn`): llvmpipe keeps
                    // every binned triangle until it is rasterized (about 230 bytes a triangle,
                    // more for big ones), so the frame's memory stays bounded.
                    var first = Int(run.first)
                    let end = first + Int(run.count)
                    while first < end {
                        if frame.indicesSinceFinish >= Renderer.indexChunk { frame.chunkDrawn() }
                        let count = min(Renderer.indexChunk, end - first)
                        GL.drawIndexed32(.triangles, count: count, indices: indexBuffer, firstIndex: first)
                        first += count
                        frame.indicesSinceFinish += count
                        frame.calls += 1
                    }
                    frame.calls -= 1
                } else {
                    GL.draw(.triangles, first: Int(run.first), count: Int(run.count))
                }
                frame.calls += 1
            }
        } catch {
            frame.error = error
        }
        if indexCount > 0 { IndexBuffer.unbind() }
        vertexCount = 0
        indexCount = 0
        coverageCount = 0
        gradientCount = 0
        runs.removeAll(keepingCapacity: true)
    }

    /// The most indices one indexed draw call takes (a multiple of 3).
    static let indexChunk = 3 * 16384
}

/// The top-left corner (points) of an image of `width` x `height` points
/// centered on `center`, snapped to whole pixels so that its texels land 1:1
/// on pixels (at integer scales) wherever it is placed.
@inline(__always)
func spriteOrigin(center: Point, width: Float, height: Float, scale: Float) -> (Float, Float) {
    (((center.x - width / 2) * scale).rounded() / scale, ((center.y - height / 2) * scale).rounded() / scale)
}
