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
        frame.chunkDrawn()
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
    /// Chunks drawn so far, and those of them waited for (`FrameStats.chunks`).
    var chunks = 0, chunksWaitedFor = 0
    /// The fences after the chunks drawn lately, oldest first (`chunkDrawn`).
    var chunksInFlight: [Fence] = []
    /// The most chunks the driver holds, drawn or waiting (`chunkDrawn`).
    static let chunksInFlightLimit = 4

    /// A chunk's draws are issued: they are flushed to the driver behind a fence, and the
    /// oldest chunk waited for once more than `chunksInFlightLimit` are in flight. So the
    /// driver draws chunks while the next are built and issued (its threads and the main
    /// thread both at work; a `glFinish` after each chunk left one side idle), and holds a
    /// bounded number: llvmpipe queues flushed scenes (dozens), each holding its binned
    /// triangles, so that a scene of 10,000 translucent pen strokes took 1.1 GB when chunks
    /// were only flushed. Where the display has no fences, each chunk is finished.
    mutating func chunkDrawn() {
        chunks += 1
        indicesSinceFinish = 0
        guard let fence = Fence.insert() else {
            GL.finish()
            chunksWaitedFor += 1
            return
        }
        chunksInFlight.append(fence)
        while chunksInFlight.count > FrameSubmission.chunksInFlightLimit {
            chunksInFlight.removeFirst().wait()
            chunksWaitedFor += 1
        }
    }

    init(canvas: Canvas, depth: Bool, start: DrawState) {
        self.canvas = canvas
        self.depth = depth
        self.start = start
        state = start
    }
}
