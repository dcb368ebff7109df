import ArgumentParser
import Foundation
import GLES
import GLFunApp
import GLFunKit
import GLFunX11
import Gestures

/// A failure the user sees as one `glfun: error:` line.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

struct Glfun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glfun",
        abstract: "Draw shapes with OpenGL ES 2 through EGL: a drawing window, headless rendering to PNG, benchmarks.",
        discussion: """
            With no subcommand, opens the drawing window. In the window:
            \(Shortcuts.lines.joined(separator: "\n"))
            """,
        subcommands: [Draw.self, Render.self, Replay.self, Bench.self, BenchGestures.self, Info.self],
        defaultSubcommand: Draw.self)
}

/// Options every command that renders shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: "A scene JSON file (see DESIGN.md).")
    var scene: String

    @Option(help: "Pixels per point (overrides the scene's scale), 0.25...8.")
    var scale: Float?

    func validate() throws {
        try validateScale(scale)
    }

    func load() throws -> (Scene, SceneRenderer) {
        let scene: Scene
        do { scene = try Scene(contentsOfFile: self.scene) } catch { throw CLIError("\(error)") }
        let canvas = Canvas(width: Float(scene.width), height: Float(scene.height), scale: scale ?? scene.scale)
        if canvas.pixelWidth > Scene.maxSide || canvas.pixelHeight > Scene.maxSide {
            throw CLIError("\(self.scene): \(canvas.pixelWidth)x\(canvas.pixelHeight) pixels is over the \(Scene.maxSide)-pixel limit")
        }
        let renderer: SceneRenderer
        do { renderer = try SceneRenderer() } catch { throw CLIError("cannot open a headless GL context: \(error)") }
        do { try renderer.loadImages(for: scene, relativeTo: directory(of: self.scene)) } catch {
            throw CLIError("\(self.scene): \(error)")
        }
        return (scene, renderer)
    }
}

/// A size "WxH" in points.
struct Size: ExpressibleByArgument {
    var width: Float
    var height: Float
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (64...8192).contains(w), (64...8192).contains(h) else { return nil }
        width = Float(w)
        height = Float(h)
    }
    static var defaultValueDescription: String { "800x600" }
}

/// --scale's range, for every command that takes it.
func validateScale(_ scale: Float?) throws {
    if let scale, !(scale.isFinite && scale >= 0.25 && scale <= 8) {
        throw ValidationError("--scale must be 0.25...8, not \(scale)")
    }
}

/// The folder a scene's image paths are relative to.
func directory(of scenePath: String) -> String {
    let dir = (scenePath as NSString).deletingLastPathComponent
    return dir.isEmpty ? "." : dir
}

func readScene(_ path: String) throws -> Scene {
    do { return try Scene(contentsOfFile: path) } catch { throw CLIError("\(error)") }
}

struct Draw: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the drawing window (the default command).",
        discussion: """
            Pick a color and a shape in the bars (or with the keys below) and drag to draw.
            \(Shortcuts.lines.joined(separator: "\n"))
            Unsaved work is autosaved on exit to $GLFUN_AUTOSAVE_DIR, $XDG_DATA_HOME/glfun or
            ~/.local/share/glfun; the file is named on stderr.
            """)

    @Option(help: "Window size in points, WxH (64...8192 each).")
    var size: Size?

    @Option(help: "Pixels per point (default: from the X resource Xft.dpi, 96 dpi = 1), 0.25...8.")
    var scale: Float?

    @Option(help: "Open this scene JSON (Ctrl+S saves back to it).")
    var open: String?

    @Option(help: "Record every input event to this JSON Lines file (see `glfun replay`).")
    var record: String?

    @Option(help: "Where Ctrl+S saves the scene JSON (a PNG is written beside it).")
    var save: String?

    @Flag(help: "The classic sample's behavior: each new shape replaces the last.")
    var classic = false

    @Option(help: "Write per-frame timings (frame ms, input-to-frame latency ms) to this file on exit.")
    var stats: String?

    @Option(help: "Seed for the Random color (default: from the clock).")
    var seed: UInt64?

    @Option(help: "Start in a demo: touches, swipes or swipes-recognizer (the D key switches).")
    var demo: DemoMode?

    func validate() throws {
        try validateScale(scale)
    }

    func run() throws {
        var document: Scene? = nil
        if let open { document = try readScene(open) }
        let w = size?.width ?? document.map { Float($0.width) } ?? 800
        let h = size?.height ?? document.map { Float($0.height) } ?? 600
        let window: X11Window
        do { window = try X11Window(width: w, height: h, scale: scale) } catch { throw CLIError("\(error)") }
        let cv = window.canvas
        let app = App(canvas: Canvas(width: cv.width, height: cv.height, scale: cv.scale),
                      config: App.Config(classic: classic, seed: seed ?? UInt64(Date().timeIntervalSince1970 * 1000)),
                      document: document)
        if let demo { app.setMode(demo) }
        let frames: FrameRenderer
        do {
            let renderer = try Renderer(context: window.context)
            if let open, let document {
                try renderer.loadImages(for: document, relativeTo: directory(of: open))
            }
            frames = try FrameRenderer(renderer: renderer)
        } catch {
            throw CLIError("\(open ?? "glfun"): \(error)")
        }
        let options = SessionOptions(recordPath: record, savePath: save ?? open ?? "glfun-drawing.json",
                                     autosaveDirectory: SessionOptions.defaultAutosaveDirectory, statsPath: stats)
        let status = try DrawingSession(window: window, app: app, frames: frames, options: options).run()
        if status != 0 { Foundation.exit(status) }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a recorded session (glfun draw --record) headlessly and write the last frame as PNG.")

    @Argument(help: "The event log (JSON Lines).")
    var events: String

    @Option(name: .shortAndLong, help: "The PNG file to write (written atomically).")
    var output: String

    @Option(help: "Canvas size in points, WxH, until the log's first resize event.")
    var size: Size?

    @Option(help: "Also write the resulting document as scene JSON.")
    var saveScene: String?

    @Option(help: "Start from this scene JSON (as `glfun draw --open` did).")
    var open: String?

    func run() throws {
        guard let data = FileManager.default.contents(atPath: events) else {
            throw CLIError("\(events): cannot read (no such file, or not readable)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let log: [TimedEvent]
        do { log = try EventLog.parse(text, file: events) } catch { throw CLIError("\(error)") }
        var document: Scene? = nil
        if let open { document = try readScene(open) }
        let app = App(canvas: Canvas(width: size?.width ?? 800, height: size?.height ?? 600), document: document)
        for e in log { app.handle(e) }
        let image: Image
        do {
            let context = try Context.headless()
            let renderer = try Renderer(context: context)
            if let open, let document {
                try renderer.loadImages(for: document, relativeTo: directory(of: open))
            }
            image = try FrameRenderer(renderer: renderer).renderFrame(app)
        } catch {
            throw CLIError("\(events): \(error)")
        }
        do {
            try image.writePNG(to: output)
            if let saveScene { try AtomicFile.write([UInt8](app.document.jsonData()), to: saveScene) }
        } catch {
            throw CLIError("\(error)")
        }
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to a PNG file, headless (EGL surfaceless, device or pbuffer).")

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "The PNG file to write (written atomically).")
    var output: String

    func run() throws {
        let (scene, renderer) = try options.load()
        let image: Image
        do { image = try renderer.render(scene, scale: options.scale) } catch { throw CLIError("\(options.scene): \(error)") }
        do { try image.writePNG(to: output) } catch { throw CLIError("\(error)") }
    }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time a scene's frames: tessellate + draw + glFinish, median of N after warm-up.",
        discussion: "The last line is ms_per_frame_median=<x>.")

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

    func validate() throws {
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1...100000") }
        guard (0...100_000).contains(warmup) else { throw ValidationError("--warmup must be 0...100000") }
    }

    func run() throws {
        let (scene, renderer) = try options.load()
        if interactive { return try runInteractive(scene, renderer) }
        renderer.renderer.cullingEnabled = !noCull
        renderer.renderer.depthEnabled = !noDepth
        var ms: [Double] = [], cpu: [Double] = [], build: [Double] = []
        for f in 0..<(warmup + frames) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            do { try renderer.draw(scene, scale: options.scale, finish: false) } catch { throw CLIError("\(error)") }
            let t1 = DispatchTime.now().uptimeNanoseconds
            GL.finish()
            let t2 = DispatchTime.now().uptimeNanoseconds
            if f >= warmup {
                ms.append(Double(t2 - t0) / 1e6)
                cpu.append(Double(t1 - t0) / 1e6)
                build.append(renderer.renderer.stats.buildMilliseconds)
            }
        }
        ms.sort()
        cpu.sort()
        build.sort()
        func median(_ v: [Double]) -> Double { v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2 }
        let st = renderer.renderer.stats
        print("glfun-bench N=\(scene.shapes.count) frames=\(frames) warmup=\(warmup) drawn=\(st.shapes - st.culled) culled=\(st.culled) draw_calls=\(st.drawCalls) depth=\(st.usedDepth) ms_min=\(String(format: "%.3f", ms[0])) cpu_ms_median=\(String(format: "%.3f", median(cpu))) build_ms_median=\(String(format: "%.3f", median(build)))")
        if let output {
            do { try renderer.render(scene, scale: options.scale).writePNG(to: output) } catch { throw CLIError("\(error)") }
        }
        print("ms_per_frame_median=\(String(format: "%.3f", median(ms)))")
    }
}

extension Bench {
    /// The window's frame, headless: layer blit + the shape being dragged + toolbar.
    func runInteractive(_ scene: Scene, _ sr: SceneRenderer) throws {
        let canvas = Canvas(width: Float(scene.width), height: Float(scene.height), scale: options.scale ?? scene.scale)
        let app = App(canvas: canvas, config: App.Config(seed: 1), document: scene)
        app.handle(TimedEvent(t: 0, .key("e", [])))
        app.handle(TimedEvent(t: 0, .touch(phase: .began, id: 0, x: 100, y: 100)))
        var ms: [Double] = []
        do {
            let frameRenderer = try FrameRenderer(renderer: sr.renderer)
            let target = try Framebuffer(context: sr.context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: false)
            let t0 = DispatchTime.now().uptimeNanoseconds
            try frameRenderer.updateLayer(for: app)  // the document, drawn once into the layer
            GL.finish()
            let layerMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
            for f in 0..<(warmup + frames) {
                let x = Float(150 + (f * 7) % 900), y = Float(120 + (f * 5) % 500)
                app.handle(TimedEvent(t: Double(f) / 60, .touch(phase: .moved, id: 0, x: x, y: y)))
                let t0 = DispatchTime.now().uptimeNanoseconds
                try frameRenderer.drawFrame(app) { target.bind() }
                GL.finish()
                if f >= warmup { ms.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6) }
            }
            ms.sort()
            print("glfun-bench-interactive N=\(scene.shapes.count) frames=\(frames) layer_ms=\(String(format: "%.3f", layerMs)) ms_min=\(String(format: "%.3f", ms[0]))")
            if let output { try target.readPixels().writePNG(to: output) }
        } catch {
            throw CLIError("\(error)")
        }
        let median = ms.count % 2 == 1 ? ms[ms.count / 2] : (ms[ms.count / 2 - 1] + ms[ms.count / 2]) / 2
        print("ms_per_frame_median=\(String(format: "%.3f", median))")
    }
}

struct BenchGestures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-gestures",
        abstract: "Time gesture recognition: the seven standard recognizers fed synthetic drags and pinches.",
        discussion: "The last line is ns_per_event_per_recognizer=<x> (the exclusive, UIKit-default case).")

    @Option(help: "Events fed per measurement.")
    var events = 1_000_000

    func validate() throws {
        guard (1000...100_000_000).contains(events) else { throw ValidationError("--events must be 1000...100000000") }
    }

    func run() throws {
        let all = GestureBenchmark.run(events: events, simultaneous: true)
        let exclusive = GestureBenchmark.run(events: events, simultaneous: false)
        print(String(format: "all simultaneous: %d events x %d recognizers: %.1f ns/event/recognizer", all.events,
                     all.recognizers, all.nanosecondsPerEventPerRecognizer))
        print(String(format: "exclusive: %d events x %d recognizers: %.1f ns/event/recognizer", exclusive.events,
                     exclusive.recognizers, exclusive.nanosecondsPerEventPerRecognizer))
        print(String(format: "ns_per_event_per_recognizer=%.1f", exclusive.nanosecondsPerEventPerRecognizer))
    }
}

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the EGL and GL implementation in use.")

    func run() throws {
        let ctx: Context
        do { ctx = try Context.headless() } catch { throw CLIError("cannot open a headless GL context: \(error)") }
        for (k, v) in ctx.info { print("\(k): \(v)") }
        for attempt in ctx.failedAttempts { print("tried first: \(attempt)") }
    }
}

// One line on failure, never a trace: `glfun: error: <what>`.
do {
    var command = try Glfun.parseAsRoot()
    try command.run()
} catch {
    let code = Glfun.exitCode(for: error)
    if code == .success {
        Glfun.exit(withError: error)  // --help, --version: print as usual
    }
    var message = error is CLIError ? "\(error)" : Glfun.message(for: error)
    message = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "failed"
    if message.hasPrefix("Error: ") { message.removeFirst(7) }
    FileHandle.standardError.write(Data("glfun: error: \(message)\n".utf8))
    exit(code == .validationFailure ? 64 : 1)
}

extension DemoMode: ExpressibleByArgument {}
