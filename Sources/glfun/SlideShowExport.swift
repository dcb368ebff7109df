import Foundation
import GLES
import GLFunHost
import GLFunKit
import GLFunUI
import SlideShowApp

/// `glfun slideshow --export DIR`: every frame of the show, once through the list (each
/// slide for its interval, a movie for its length, each change for its transition), as
/// DIR/frame-00001.png…, headless. The app runs as in the window, playing, full screen (no
/// bar), on ticks at the frame rate; a movie's frames are by time, without sound.
struct SlideShowExport {
    let setup: SlideShowSetup
    let size: Size?
    let scale: Float?
    let fps: Int

    func run(to dir: String) throws(GlfunError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), !isDir.boolValue {
            throw .write(FileWriteError(path: dir, kind: .notARegularFile, reason: "not a folder"))
        }
        // GL and the user's transition first: a transition that does not compile leaves no folder.
        let context: Context
        do { context = try Context.headless() } catch { throw .headlessContext(error) }
        let renderer: Renderer
        do { renderer = try Renderer(context: context) } catch { throw .gl(path: dir, error) }
        try setup.checkTransition(renderer)
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw .write(FileWriteError(path: dir, kind: .permissionDenied, reason: "cannot make the folder"))
        }
        var settings = setup.settings
        settings.start = true
        settings.loop = false
        let canvas = Canvas(width: size?.width ?? 960, height: size?.height ?? 640, scale: scale ?? 1)
        let show = SlideShowSetup(setup, settings: settings)
        let app = show.makeApp(canvas: canvas)
        let host = HeadlessHost(app: app, renderer: renderer, canvas: canvas)
        host.feed(TimedEvent(t: 0, .session(app.session)))
        host.feed(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: canvas.scale)))
        // At most every slide's time on screen; fewer when slides are skipped (missing, corrupt):
        // the show ends when its timer finds no slide after the last one.
        let seconds = (0..<setup.list.count).reduce(0.0) { $0 + app.timeOnScreen($1) }
        let most = max(1, Int((seconds * Double(fps)).rounded(.up)))
        let progress = ProgressBar(total: most)
        var frames = 0
        for k in 0..<most {
            host.feed(TimedEvent(t: Double(k) / Double(fps), .tick))
            if k > 0, !app.playing { break }
            let image: Image
            do { image = try host.renderFrame() } catch let e as GLESError { throw .gl(path: dir, e) } catch {
                throw .app(path: dir, "\(error)")
            }
            try Outputs.write(image, to: dir + "/" + String(format: "frame-%05d.png", k + 1))
            frames = k + 1
            progress.update(frames)
        }
        progress.update(most)
        progress.finish()
        print("exported \(frames) frames to \(dir)")
    }
}

/// A progress bar on stderr when it is a terminal (nothing otherwise).
struct ProgressBar {
    let total: Int
    private let tty = isatty(2) != 0

    init(total: Int) {
        self.total = total
    }

    func update(_ done: Int) {
        guard tty, done == total || done % max(1, total / 200) == 0 else { return }
        let width = 30, filled = width * done / max(1, total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        if tty { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
