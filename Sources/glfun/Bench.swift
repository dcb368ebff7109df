import ArgumentParser
import Dispatch
import GLFunGLES
import GLFunKit

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time a scene's frames: tessellate + draw + glFinish, median of N after warm-up.",
        discussion: "The last line is ms_per_frame_median=<x>.\n\n" + sceneFormatHelp)

    @OptionGroup var options: SceneOptions

    @Option(help: "Frames timed.")
    var frames = 30

    @Option(help: "Frames drawn first and not timed.")
    var warmup = 2

    @Flag(help: "Draw every shape, even those hidden under later opaque shapes.")
    var noCull = false

    @Flag(help: "Do not use the depth buffer for the opaque pass.")
    var noDepth = false

    @Option(help: "Also write the last frame to this PNG.")
    var output: String?

    @Flag(help: "Time the drawing window's frame during a drag instead: the scene as the document (cached layer), one shape in progress, the toolbar.")
    var interactive = false

    @Option(help: "With --interactive: the tool dragged, ellipse or pen (a continuous freehand stroke).")
    var tool: InteractiveBench.Tool = .ellipse

    @Option(help: "With --interactive: pen strokes drawn into the document first (finished shapes in the cached layer).")
    var strokes = 0

    func validate() throws {
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1...100000") }
        guard (0...100_000).contains(warmup) else { throw ValidationError("--warmup must be 0...100000") }
        guard (0...1_000_000).contains(strokes) else { throw ValidationError("--strokes must be 0...1000000") }
        guard output != "-" else { throw ValidationError("--output cannot be - (bench prints its timings on standard output)") }
    }

    func run() throws {
        MallocTuning.applyForScenes()
        let (scene, renderer) = try options.load()
        if interactive {
            return try InteractiveBench(scene: scene, renderer: renderer, scale: options.scale, frames: frames,
                                        warmup: warmup, output: output, path: options.scene, tool: tool, strokes: strokes).run()
        }
        renderer.renderer.cullingEnabled = !noCull
        renderer.renderer.depthEnabled = !noDepth
        var ms: [Double] = [], cpu: [Double] = [], build: [Double] = []
        var firstBuild = 0.0
        for f in 0..<(warmup + frames) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            do { try renderer.draw(scene, scale: options.scale, finish: false) } catch {
                throw GLFunError.gl(path: options.scene, error)
            }
            let t1 = DispatchTime.now().uptimeNanoseconds
            GL.finish()
            let t2 = DispatchTime.now().uptimeNanoseconds
            if f == 0 { firstBuild = renderer.renderer.stats.buildMilliseconds }
            if f >= warmup {
                ms.append(Double(t2 - t0) / 1e6)
                cpu.append(Double(t1 - t0) / 1e6)
                build.append(renderer.renderer.stats.buildMilliseconds)
            }
        }
        let st = renderer.renderer.stats
        print("glfun-bench N=\(scene.shapes.count) frames=\(frames) warmup=\(warmup) drawn=\(st.shapes - st.culled) masks_uploaded=\(st.masksUploaded) culled=\(st.culled) draw_calls=\(st.drawCalls) vertices=\(st.vertices) depth=\(st.usedDepth) ms_min=\(String(format: "%.3f", ms.min()!)) cpu_ms_median=\(String(format: "%.3f", median(cpu))) build_ms_median=\(String(format: "%.3f", median(build))) first_build_ms=\(String(format: "%.3f", firstBuild))")
        if let output {
            do { try Outputs.write(try renderer.render(scene, scale: options.scale), to: output) } catch let e as RenderError {
                throw GLFunError.render(path: options.scene, e)
            }
        }
        print("ms_per_frame_median=\(String(format: "%.3f", median(ms)))")
    }
}
