import ArgumentParser
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunWindow
import GLFunWindowSystem

/// Options every command that opens a window shares.
struct WindowOptions: ParsableArguments {
    @Option(help: "Window size in points, WxH (64...8192 each).")
    var size: Size?

    @Option(help: "Pixels per point (default: the display's: Wayland's output scale, or X's Xft.dpi with 96 dpi = 1), 0.25...8.")
    var scale: Float?

    @Option(name: .customLong("window-system"),
            help: "wayland or x11 (default: $GLFUN_WINDOW_SYSTEM, else wayland if WAYLAND_DISPLAY is set, else x11 if DISPLAY is).")
    var windowSystem: WindowSystem?

    @Option(help: "Record every input event to this JSON Lines file (see `glfun replay`).")
    var record: String?

    @Option(help: "Write per-frame timings (frame ms, input-to-frame latency ms) to this file on exit.")
    var stats: String?

    @Flag(help: "Open the window full screen (F11 toggles it).")
    var fullscreen = false

    func validate() throws {
        try validateScale(scale)
    }

    /// `--size`, else `fallback` (the app's default: `defaultWindowSize`, a document's size).
    func size(or fallback: (width: Float, height: Float) = defaultWindowSize) -> (width: Float, height: Float) {
        size.map { ($0.width, $0.height) } ?? fallback
    }
}

/// Opens a window, makes the app for its canvas and runs it until the window closes; exits
/// with the host's status when that is not 0 (a signal).
///
/// The app, and with it every GL object it holds, goes before the window: a Wayland window
/// disconnects from the compositor when it goes, and a texture freed after that (its context's
/// EGL surface made current, then destroyed) crashed in libwayland-client. So nothing may hold
/// the app after this returns; `finish` reads what it needs while the window is still there.
/// - Parameters:
///   - prepare: loads what the app needs into the window's renderer (a document's images).
///   - finish: called with the app after the session ends (a quit, a closed window), before
///     the app and the window go.
func runInWindow<A: InteractiveApp>(
    size: (width: Float, height: Float), options: WindowOptions, savePath: String? = nil,
    prepare: (A, Renderer) throws(GLFunError) -> Void = { _, _ in },
    finish: (A) -> Void = { _ in },
    makeApp: (Canvas) throws(GLFunError) -> A
) throws(GLFunError) where A.Frame == FrameTarget {
    let window = try AppWindow.open(forApp: A.name, size: size, options: options)
    // The app, its renderer and the host are made and let go inside: the window outlives them.
    let status: Int32 = try withExtendedLifetime(window) { () throws(GLFunError) -> Int32 in
        let app = try makeApp(window.canvas)
        let renderer: Renderer
        do throws(GLESError) { renderer = try Renderer(context: window.context) } catch { throw .window(.context(error)) }
        try prepare(app, renderer)
        var hostOptions = HostOptions(recordPath: options.record, savePath: savePath, statsPath: options.stats)
        hostOptions.notice = printNotice
        let host = WindowHost(window: window, app: app, renderer: renderer, options: hostOptions)
        let status: Int32
        do throws(WindowError) { status = try host.run() } catch { throw .window(error) }
        finish(app)
        return status
    }
    if status != 0 { Foundation.exit(status) }
}

/// Runs a registered app in a window, made from its settings (`GLFunApp`): its setup's and
/// `prepare`'s errors are `glfun: error:` lines about `path` (the file or app the command names).
func runInWindow<A: GLFunApp>(
    _ type: A.Type, settings: A.Settings, seed: UInt64, size: (width: Float, height: Float), options: WindowOptions,
    path: String, configure: (A) -> Void = { _ in }
) throws(GLFunError) {
    try runInWindow(size: size, options: options, prepare: { (app: A, renderer: Renderer) throws(GLFunError) in
        do { try app.prepare(renderer) } catch { throw GLFunError(error, path: path) }
    }) { canvas throws(GLFunError) in
        let app: A
        do { app = try A(settings: settings, seed: seed, start: AppStart(canvas: canvas, clock: .live, warn: printWarning)) } catch {
            throw GLFunError(error, path: path)
        }
        configure(app)
        return app
    }
}

/// Prints what the window host tells the person: `glfun: …`, or `glfun: error: …` for a failure.
@Sendable func printNotice(_ notice: HostNotice) {
    FileHandle.standardError.write(Data(((notice.isError ? "glfun: error: " : "glfun: ") + "\(notice)\n").utf8))
}

/// Prints an app's warning as `glfun: warning: …` on standard error.
@Sendable func printWarning(_ line: String) {
    FileHandle.standardError.write(Data("glfun: warning: \(line)\n".utf8))
}

/// A window's default size in points, when neither `--size` nor a document gives one.
let defaultWindowSize: (width: Float, height: Float) = (800, 600)
