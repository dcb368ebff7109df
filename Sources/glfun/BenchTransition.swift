import ArgumentParser
import Dispatch
import Foundation
import GLFunGLES
import GLFunKit
import GLFunTransitions

struct BenchTransition: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-transition",
        abstract: "Time a slide-show transition's frames: two composed slides blended into a view-sized target + glFinish.",
        discussion: """
            The slides are two pictures made here (the same as `glfun transition` would compose), \
            progress sweeps 0...1 over the frames. The last line is ms_per_frame_median=<x>.
            """)

    @OptionGroup var options: TransitionOptions

    @Option(help: "Frames timed.")
    var frames = 60

    @Option(help: "Frames drawn first and not timed.")
    var warmup = 5

    @Flag(help: "Compose both slides again every frame too (what a frame costs while the slides move: a turn, a zoom).")
    var compose = false

    func validate() throws {
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1...100000") }
        guard (0...100_000).contains(warmup) else { throw ValidationError("--warmup must be 0...100000") }
    }

    func run() throws {
        let context: Context
        do { context = try Context.headless() } catch { throw GLFunError.headlessContext(error) }
        let canvas = options.canvas
        let name = options.transitionFile ?? options.transition.rawValue
        var ms: [Double] = []
        var cpu0 = 0.0, cpu = 0.0
        do {
            // Pictures of a photo's proportions (3:2), not the view's, so that fit letterboxes.
            let w = 1500, h = 1000
            let a = try Texture2D(context: context, rgba: BenchPictures.pixels(w, h, warm: true), width: w, height: h)
            let b = try Texture2D(context: context, rgba: BenchPictures.pixels(w, h, warm: false), width: w, height: h)
            let transition = try options.makeTransition(context)
            let composer = try SlideComposer(context: context)
            var slides = try options.composeSlides((a, b), context: context, names: (name, name))
            let target = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: false)
            for f in 0..<(warmup + frames) {
                if f == warmup { cpu0 = processCPUSeconds() }
                let progress = Float(f % max(frames, 1)) / Float(max(frames - 1, 1))
                let t0 = DispatchTime.now().uptimeNanoseconds
                if compose {
                    slides.0.bind()
                    try composer.draw(a, layout: options.layout, canvas: canvas, background: options.backgroundColor)
                    slides.1.bind()
                    try composer.draw(b, layout: options.layout, canvas: canvas, background: options.backgroundColor)
                }
                target.bind()
                try transition.draw(from: slides.0.texture, to: slides.1.texture, progress: progress, canvas: canvas,
                                    background: options.backgroundColor)
                GL.finish()
                if f >= warmup { ms.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6) }
            }
            slides = (slides.0, slides.1)
            cpu = (processCPUSeconds() - cpu0) * 1000 / Double(frames)
        } catch let e as GLFunError {
            throw e
        } catch let e as GLESError {
            throw GLFunError.gl(path: name, e)
        }
        print("glfun-bench-transition transition=\(name) size=\(canvas.pixelWidth)x\(canvas.pixelHeight) frames=\(frames) warmup=\(warmup) compose=\(compose) ms_min=\(String(format: "%.3f", ms.min()!)) ms_max=\(String(format: "%.3f", ms.max()!)) cpu_ms_per_frame=\(String(format: "%.3f", cpu))")
        print("ms_per_frame_median=\(String(format: "%.3f", median(ms)))")
    }
}

/// CPU time this process has used, all threads (llvmpipe's included): what a frame costs
/// whatever else the machine is running, where wall time depends on it.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The benchmark's two pictures: smooth ramps with some detail, warm and cool.
enum BenchPictures {
    static func pixels(_ w: Int, _ h: Int, warm: Bool) -> [UInt8] {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4, check = ((x / 50) + (y / 50)) % 2 == 0 ? 30 : 0
                p[i] = UInt8(warm ? 180 + 75 * x / w : 20 + check)
                p[i + 1] = UInt8(warm ? 60 + 120 * y / h - check : 80 + 150 * y / h)
                p[i + 2] = UInt8(warm ? 40 + check : 150 + 100 * x / w)
            }
        }
        return p
    }
}
