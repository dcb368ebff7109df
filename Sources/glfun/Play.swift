import ArgumentParser
import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunKit
import GLFunMovie
import GLFunUI
import GLFunPlayerApp

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a movie in a window (libmpv): the picture aspect-fit, a bar with play/pause, the time, a position slider and mute.",
        discussion: """
            In the window: one tap (click) shows or hides the bar (while the movie plays it hides by \
            itself 3 s after the last touch or key; --keep-bar keeps it), two toggle full screen, a horizontal \
            drag scrubs; on the bar, drag the slider to seek. Keys: Space play/pause, Left/Right -/+ 5 s, \
            Up/Down volume, F full screen, M mute, Esc leaves full screen (else quits), Ctrl+Q quits.
            A file that cannot be played is one `glfun: error: FILE: reason` line and exit 1, before any window opens.
            """)

    @Argument(help: "The movie file (anything libmpv plays: MP4, MKV, WebM, …).")
    var movie: String

    @OptionGroup var window: WindowOptions

    @OptionGroup var settings: SettingsOptions<PlayerApp.Settings>

    @Flag(help: "Close the window when the movie ends (as mpv does); with --stats, prints a summary line.")
    var quitAtEnd = false

    @Option(help: "Write the frames as numbered PNGs into this folder, headless (DIR/frame-00001.png…), instead of opening a window; --size is then the frames' size in pixels (default: the movie's).")
    var export: String?

    @Option(help: ArgumentHelp("Tests only: seconds the window sleeps after each frame (a slow host).", visibility: .hidden))
    var debugDrawDelay: Double = 0

    @Option(help: "With --export: frames per second, more than 0 and at most 240.")
    var fps: Double = 30

    @Option(help: "With --export: the first frame's time in seconds (default 0).")
    var from: Double?

    @Option(help: "With --export: frames are written while their time is before this (default: the movie's end).")
    var to: Double?

    private var exportSize: (width: Int, height: Int)? { window.size.map { (Int($0.width), Int($0.height)) } }

    func validate() throws {
        try window.validate()
        guard debugDrawDelay.isFinite, (0...10).contains(debugDrawDelay) else {
            throw ValidationError("--debug-draw-delay is seconds, 0 to 10")
        }
        if export != nil {
            if let why = MovieExport.problem(fps: fps, from: from, to: to, size: exportSize) { throw ValidationError(why) }
            for (given, name) in [(window.record != nil, "--record"), (window.stats != nil, "--stats"),
                                  (window.fullscreen, "--fullscreen"), (quitAtEnd, "--quit-at-end"),
                                  (!(try settings.settings().hideBar), "--keep-bar")] where given {
                throw ValidationError("\(name) is for the window; --export writes frames without one")
            }
        } else if from != nil || to != nil {
            throw ValidationError("--from and --to are for --export")
        }
    }

    func run() throws {
        // A name that is not UTF-8 reaches libmpv as its bytes (`FileName`).
        let movie = FileName.fromCommandLine([self.movie])[0]
        if let export {
            return try MovieExport.run(path: movie, directory: export, fps: fps, from: from, to: to, size: exportSize)
        }
        // Known to play before any window opens: a bad file leaves nothing behind.
        let info: MovieInfo
        do { info = try MovieProbe.info(movie) } catch { throw GLFunError.movie(error) }
        let path = absolutePath(movie)
        var settings: PlayerApp.Settings
        do { settings = try self.settings.settings() } catch { throw GLFunError.settings(path: path, error) }
        settings.path = path
        let size = window.size.map { ($0.width, $0.height) } ?? Play.windowSize(for: info)
        let started = ProcessInfo.processInfo.systemUptime
        let cpu0 = processCPUSeconds()
        // The movie opens in the window's context and its first frame is decoded before the
        // session starts, so the playhead's clock and libmpv's start together.
        try runInWindow(size: size, options: window, prepare: { (app: PlayerApp, renderer: Renderer) throws(GLFunError) in
            do { try app.prepare(renderer) } catch { throw GLFunError(error, path: app.path) }
        }, finish: { (app: PlayerApp) in
            // While the window is still there: the app (its GL objects) must go before it.
            guard window.stats != nil else { return }
            let wall = ProcessInfo.processInfo.systemUptime - started
            let cpu = processCPUSeconds() - cpu0
            let first = app.firstFrameDrawnAt.map { ($0 - started) * 1000 } ?? -1
            print(String(format: "movie: frames_shown=%d clip_frames=%d dropped=%d frames_due=%d libmpv_dropped=%d first_frame_ms=%.0f wall_s=%.2f cpu_s=%.2f cpu_percent=%.0f",
                         app.framesShown, Int((info.duration * info.frameRate).rounded()), app.droppedFrames,
                         app.framesDue, app.libmpvDroppedFrames,
                         first, wall, cpu, wall > 0 ? cpu / wall * 100 : 0))
        }) { canvas in
            let a = PlayerApp(path: path, info: info, canvas: canvas, clock: .live, sound: settings.sound, loop: settings.loop,
                              playing: settings.playing, hidesBar: settings.hideBar, soundOff: !settings.sound)
            a.quitsAtEnd = quitAtEnd
            a.drawDelay = debugDrawDelay
            return a
        }
    }

    /// The movie's own size in points, made smaller to fit 1280x720 (never larger), at least 320 wide.
    static func windowSize(for info: MovieInfo) -> (width: Float, height: Float) {
        let s = min(1, 1280 / Double(info.width), 720 / Double(info.height))
        var w = Double(info.width) * s, h = Double(info.height) * s
        if w < 320 { h *= 320 / w; w = 320 }
        return (Float(w.rounded()), Float(min(8192, max(64, h.rounded()))))
    }
}
