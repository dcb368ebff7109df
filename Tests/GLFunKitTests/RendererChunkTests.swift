import GLFunGLES
import PixelAssertions
@testable import GLFunKit
import XCTest

/// A big frame drawn in chunks (`Renderer+Chunks`): the picture is the one a single upload
/// gives, bit for bit, with and without antialiasing, depth and culling, for opaque and
/// translucent paths (one layer of paint across chunks), rects, ellipses and lines; the
/// driver holds at most `chunksInFlightLimit` chunks at once (EGL fences).
final class RendererChunkTests: RenderTestCase {
    /// Strokes, fills and plain shapes, some translucent, overlapping.
    private func scene(aa: Bool) -> Scene {
        var shapes: [Shape] = []
        for i in 0..<60 {
            let x = Float(i % 10) * 12, y = Float(i / 10) * 20
            let color = Color(Float(i % 7) / 7, Float(i % 5) / 5, Float(i % 3) / 3, i % 4 == 0 ? 0.5 : 1)
            let zigzag = Path.polyline((0..<12).map { k in Point(x + Float(k) * 4, y + Float(k % 2) * 9) }, closed: false)
            shapes.append(.path(zigzag, stroke: color, style: StrokeStyle(width: 3 + Float(i % 4), join: .round, cap: .round)))
            shapes.append(.rect(Point(x + 3, y + 2), Point(x + 14, y + 9), color: color))
            shapes.append(.ellipse(Point(x, y + 5), Point(x + 17, y + 17), color: color))
            shapes.append(.path(.polyline([Point(x, y), Point(x + 20, y + 3), Point(x + 6, y + 14)], closed: true),
                                fill: color))
            shapes.append(.line(Point(x, y + 18), Point(x + 30, y + 1), color: color, width: 1.5))
        }
        var s = Scene(width: 140, height: 130, scale: 1, background: .white, shapes: shapes)
        s.antialias = aa
        return s
    }

    func testAFrameDrawnInChunksIsTheFrameDrawnWhole() throws {
        for aa in [false, true] {
            let scene = scene(aa: aa)
            for (cull, depth) in [(true, true), (false, false), (false, true)] {
                renderer.chunkBytes = .max
                let whole = try render(scene, cull: cull, depth: depth)
                let (wholeCalls, wholeVertices) = (renderer.stats.drawCalls, renderer.stats.vertices)
                XCTAssertEqual(renderer.stats.chunks, 0)
                renderer.chunkBytes = 2048
                let chunked = try render(scene, cull: cull, depth: depth)
                if depth {  // the opaque pass is one run, cut by the chunks (without depth: a run a shape anyway)
                    XCTAssertGreaterThan(renderer.stats.drawCalls, wholeCalls, "aa \(aa): drawn in chunks")
                }
                XCTAssertEqual(renderer.stats.vertices, wholeVertices, "every vertex drawn once")
                // More chunks than the driver may hold: the oldest were waited for on the way.
                XCTAssertGreaterThan(renderer.stats.chunks, FrameSubmission.chunksInFlightLimit + 2)
                XCTAssertEqual(renderer.stats.chunksWaitedFor, renderer.stats.chunks - FrameSubmission.chunksInFlightLimit,
                               "fences: all but the last chunks waited for")
                assertSameImage(chunked, whole, "aa \(aa), cull \(cull), depth \(depth)")
            }
        }
        renderer.chunkBytes = Renderer.flushBytes
    }
}
