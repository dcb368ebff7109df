import ArgumentParser
import Dispatch
import Foundation
import GLFunDrawingApp
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI

/// `glfun bench --interactive`: the drawing window's frame, headless: the scene as the
/// document (the cached layer), one ellipse being dragged (or a pen stroke being drawn), the
/// toolbar. A frame's time covers the motion event's handling and the draw.
struct InteractiveBench {
    enum Tool: String, ExpressibleByArgument {
        case ellipse, pen
    }

    let scene: Scene
    let renderer: SceneRenderer
    let scale: Float?
    let frames: Int
    let warmup: Int
    let output: String?
    let path: String
    var tool = Tool.ellipse
    /// Pen strokes drawn into the document before timing.
    var strokes = 0

    /// Draws `n` finished pen strokes (30 points each, wavy) over the canvas.
    static func drawStrokes(_ n: Int, into host: HeadlessHost<DrawingApp>, canvas: Canvas) {
        host.feed(TimedEvent(t: 0, .key("p", [])))
        let w = max(1, canvas.width - 300), h = max(1, canvas.height - 140)
        for i in 0..<n {
            let x0 = 20 + Float((i * 37) % Int(w)), y0 = 60 + Float((i * 53) % Int(h))
            let t = Double(i) * 0.01
            for k in 0...30 {
                let p = Point(x0 + Float(k) * 8, y0 + 12 * sin(Float(k) / 2))
                let phase: TouchPhase = k == 0 ? .began : k == 30 ? .ended : .moved
                host.feed(TimedEvent(t: t, .touch(phase: phase, id: 0, x: p.x, y: p.y)))
            }
        }
    }

    func run() throws(GLFunError) {
        let canvas = Canvas(width: Float(scene.width), height: Float(scene.height), scale: scale ?? scene.scale)
        let app = DrawingApp(canvas: canvas, config: DrawingApp.Config(seed: 1), document: scene)
        let host = HeadlessHost(app: app, renderer: renderer.renderer, canvas: canvas)
        InteractiveBench.drawStrokes(strokes, into: host, canvas: canvas)
        host.feed(TimedEvent(t: 0, .key(tool == .pen ? "p" : "e", [])))
        host.feed(TimedEvent(t: 0, .touch(phase: .began, id: 0, x: 100, y: 100)))
        var ms: [Double] = []
        var layerMs = 0.0
        var layerRedraws = 0  // frames after the first that drew into the layer (should be 0)
        do {
            let target = try Framebuffer(context: renderer.context, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                         depth: false)
            let frame = FrameTarget(renderer: renderer.renderer, canvas: canvas, preserved: false) { target.bind() }
            for f in -1..<(warmup + frames) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                if f >= 0 {
                    var x = Float(150 + (f * 7) % 900), y = Float(120 + (f * 5) % 500)
                    if tool == .pen {  // one long stroke, 3 points a frame, back and forth
                        let u = Float(f * 3 % 1200), row = Float(f * 3 / 1200)
                        x = 100 + min(u, 1200 - u) * (canvas.width - 200) / 600
                        y = 100 + 40 * sin(Float(f) / 10) + row * 30
                    }
                    host.feed(TimedEvent(t: Double(f) / 60, .touch(phase: .moved, id: 0, x: x, y: y)))
                }
                let report = try app.draw(frame)  // the first (f = -1) draws the document into the layer
                if f >= 0 && report.cachedItemsDrawn > 0 { layerRedraws += 1 }
                GL.finish()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                if f < 0 { layerMs = elapsed } else if f >= warmup { ms.append(elapsed) }
            }
            print("glfun-bench-interactive tool=\(tool.rawValue) N=\(app.document.shapes.count) frames=\(frames) layer_ms=\(String(format: "%.3f", layerMs)) ms_min=\(String(format: "%.3f", ms.min()!)) layer_redraws=\(layerRedraws)")
            if let output { try Outputs.write(try target.readPixels(), to: output) }
        } catch {
            throw GLFunError(error, path: path)
        }
        print("ms_per_frame_median=\(String(format: "%.3f", median(ms)))")
    }
}
