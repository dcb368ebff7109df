import Dispatch
import GLFunGLES

/// A big frame drawn in chunks: once the streams of the frame being built pass `flushBytes`,
/// what is built so far is uploaded and drawn, and the streams start again from empty. The
/// runs keep their order, so the picture is the one the whole frame in one upload gives; what
/// a frame holds at once (the renderer's streams, and llvmpipe's copy of each upload and the
/// triangles it bins) stays bounded whatever the scene: 100,000 pen strokes or a million shapes.
extension Renderer {
    /// The bytes of vertices, coverage vertices and indices a frame is drawn in chunks of.
    static let flushBytes = 4 << 20

    /// Draws what is built so far when the streams pass `chunkBytes` (`flushBytes`). Called between shapes
    /// (a run may be open: it is closed, drawn, and opened again, empty, in the new streams).
    @inline(__always)
    func flushIfFull() {
        let bytes = vertexCount * MemoryLayout<Vertex>.stride + indexCount * MemoryLayout<UInt32>.stride
            + coverageCount * MemoryLayout<CoverageVertex>.stride + gradientCount * MemoryLayout<GradientVertex>.stride
        if bytes > chunkBytes, submission != nil { flushChunk() }
    }

    /// Draws what is built so far and goes on in empty streams (a run may be open: it is
    /// closed, drawn, and opened again, empty): when the streams are full, or the mask atlas.
    func flushChunk() {
        guard var frame = submission else { return }
        let t0 = DispatchTime.now().uptimeNanoseconds
        let open = runIsOpen ? runs[openRun].pipe : nil
        if open != nil { end() }
        drawRuns(&frame)
        // Finished, not only flushed: llvmpipe queues flushed scenes (dozens), each holding
        // its binned triangles, so that a scene of 10,000 translucent pen strokes took 1.1 GB.
        GL.finish()
        frame.indicesSinceFinish = 0
        if let pipe = open {
            begin(pipe)
        }
        frame.drawNanoseconds += DispatchTime.now().uptimeNanoseconds - t0
        submission = frame
    }
}

/// What a frame's runs are drawn with, chunk after chunk (`Renderer.drawRuns`), and what the
/// chunks drew.
struct FrameSubmission {
    let canvas: Canvas
    /// Whether the frame uses the depth buffer for its opaque pass.
    let depth: Bool
    /// The state `prepare` set, restored at the end.
    let start: DrawState
    /// The state the last draw left.
    var state: DrawState
    var calls = 0
    var vertices = 0
    /// Indices drawn since the last `glFinish` (`Renderer.indexChunk`).
    var indicesSinceFinish = 0
    /// The first GL error; no chunk is drawn after it, and the draw throws it.
    var error: GLESError?
    /// Time spent drawing chunks while the frame was built (not building).
    var drawNanoseconds: UInt64 = 0

    init(canvas: Canvas, depth: Bool, start: DrawState) {
        self.canvas = canvas
        self.depth = depth
        self.start = start
        state = start
    }
}
