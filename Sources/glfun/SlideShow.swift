import ArgumentParser
import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost
import GLFunPhotos
import GLFunTransitions
import GLFunUI
import GLFunSlideShowApp

struct SlideShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slideshow",
        abstract: "Show pictures and movies one after another with GL transitions (the classic sample's Slide).",
        discussion: """
            A PATH is a picture (PNG, JPEG, WebP, GIF, HEIC or AVIF; a GIF or WebP animation \
            plays), a movie (MP4, MOV, MKV, WebM, AVI, Ogg, MPEG; by its \
            bytes or its extension), a folder (its pictures and movies in natural order: img2 \
            before img10) or a property list (XML or binary: an array of file names, or a \
            dictionary with an `images` array; names relative to the list). With no PATH it \
            shows resources/slides. A movie plays once, muted unless --sound, and the show \
            moves on at its end. One tap or click: full screen; two: play or pause (zoomed in: \
            reset the zoom); three: turn the picture. Swipe: next or previous. Pinch: zoom; \
            then drag: move. Keys: Space play/pause, Left/Right previous/next, F full screen, \
            R turn, + and - the interval, T the next transition, Esc leave full screen, quit.
            """)

    @Argument(help: "Pictures, folders and property lists.")
    var paths: [String] = []

    @OptionGroup var settings: SettingsOptions<SlideShowSettings>

    @Option(help: "Seed for --shuffle (default: from the clock).")
    var seed: UInt64?

    @Option(help: "Write every frame of the show, once through the list, as numbered PNGs into this folder.")
    var export: String?

    @Option(help: "Frames per second for --export.")
    var fps: Int = 30

    @OptionGroup var window: WindowOptions

    /// The window's size when --size is not given.
    static let defaultSize: (width: Float, height: Float) = (960, 640)

    func validate() throws {
        // The recording's check, said with the command line's names.
        do throws(SessionOptionsError) { try settings.settings(over: SlideShowSettings(paths: ["-"])).validate() } catch {
            throw SettingsOptions<SlideShowSettings>.commandLineError(error)
        }
        guard (1...240).contains(fps) else { throw ValidationError("--fps must be 1...240, not \(fps)") }
    }

    func run() throws {
        MallocTuning.applyForPhotos()
        let named = paths.isEmpty ? [try SlideShow.defaultSlides()] : FileName.fromCommandLine(paths)
        var settings: SlideShowSettings
        do { settings = try self.settings.settings() } catch { throw GLFunError.settings(path: "slideshow", error) }
        settings.paths = named.map(absolutePath)  // as given: an empty name is the slide list's error
        if settings.classic { settings.contentMode = .aspectFill }
        settings.transitionFile = settings.transitionFile.map(absolutePath)
        settings.fullScreen = window.fullscreen || export != nil
        let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let show: SlideShowSetup
        do {
            show = try SlideShowSetup(settings: settings, seed: seed) { FileHandle.standardError.write(Data("glfun: warning: \($0)\n".utf8)) }
        } catch { throw GLFunError(error, path: "slideshow") }
        if let export {
            try SlideShowExport(setup: show, size: window.size, scale: window.scale, fps: fps).run(to: export)
            return
        }
        try runInWindow(size: window.size(or: SlideShow.defaultSize), options: window, prepare: { _, renderer throws(GLFunError) in
            do throws(TransitionFileError) { try show.checkTransition(renderer) } catch { throw GLFunError(error, path: error.path) }
        }) { canvas in
            // With --sound, movies play on libmpv's clock (SlideShowMovies).
            SlideShowApp(setup: show, start: AppStart(canvas: canvas, clock: .live, warn: printWarning))
        }
    }

    /// resources/slides of the checkout (or install) this glfun runs from, else of the
    /// current folder.
    static func defaultSlides() throws(GLFunError) -> String {
        var dir = PathName.folder(of: executablePath())
        for _ in 0..<6 {
            for candidate in ["resources/slides", "share/glfun/slides"] {
                let p = PathName.joining(dir, candidate)
                if FileManager.default.fileExists(atPath: p) { return p }
            }
            dir = PathName.folder(of: dir)
        }
        let here = absolutePath("resources/slides")
        guard FileManager.default.fileExists(atPath: here) else { throw .unreadable(path: "resources/slides") }
        return here
    }

    /// This program's file, its links followed (/proc/self/exe; else the first argument as
    /// the system resolves it, else as it is).
    static func executablePath() -> String {
        for candidate in ["/proc/self/exe", CommandLine.arguments[0]] {
            if let r = realpath(candidate, nil) {
                defer { free(r) }
                return String(cString: r)
            }
        }
        return absolutePath(CommandLine.arguments[0])
    }
}

