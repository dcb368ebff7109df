import Dispatch
import DrawingApp
import GLES
import GLFunHost
import GLFunKit
import GLFunUI

/// `glfun bench --interactive`: the drawing window's frame, headless: the scene as the
/// document (the cached layer), one ellipse being dragged, the toolbar.
struct InteractiveBench {
    let scene: Scene
    let renderer: SceneRenderer
    let scale: Float?
    let frames: Int
    let warmup: Int
    let output: String?
    let path: String

    func run() throws(GlfunError) {
        let canvas = Canvas(width: Float(scene.width), height: Float(scene.height), scale: scale ?? scene.scale)
        let app = DrawingApp(canvas: canvas, config: DrawingApp.Config(seed: 1), document: scene)
        let host = HeadlessHost(app: app, renderer: renderer.renderer, canvas: canvas)
        host.feed(TimedEvent(t: 0, .key("e", [])))
        host.feed(TimedEvent(t: 0, .touch(phase: .began, id: 0, x: 100, y: 100)))
        var ms: [Double] = []
        var layerMs = 0.0
        do {
            let target = try Framebuffer(context: renderer.context, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                         depth: false)
            let frame = FrameTarget(renderer: renderer.renderer, canvas: canvas, preserved: false) { target.bind() }
            for f in -1..<(warmup + frames) {
                if f >= 0 {
                    let x = Float(150 + (f * 7) % 900), y = Float(120 + (f * 5) % 500)
                    host.feed(TimedEvent(t: Double(f) / 60, .touch(phase: .moved, id: 0, x: x, y: y)))
                }
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = try app.draw(frame)  // the first (f = -1) draws the document into the layer
                GL.finish()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                if f < 0 { layerMs = elapsed } else if f >= warmup { ms.append(elapsed) }
            }
            print("glfun-bench-interactive N=\(scene.shapes.count) frames=\(frames) layer_ms=\(String(format: "%.3f", layerMs)) ms_min=\(String(format: "%.3f", ms.min()!))")
            if let output { try Outputs.write(try target.readPixels(), to: output) }
        } catch let e as GlfunError {
            throw e
        } catch let e as GLESError {
            throw .gl(path: path, e)
        } catch {
            throw .app(path: path, "\(error)")
        }
        print("ms_per_frame_median=\(String(format: "%.3f", median(ms)))")
    }
}
