import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunUI
import GLFunSlideShowApp

/// `glfun slideshow --export DIR`: every frame of the show, once through the list (each
/// slide for its interval, a movie for its length, each change for its transition), as
/// DIR/frame-00001.png…, headless. The app runs as in the window, playing, full screen (no
/// bar), on ticks at the frame rate; a movie's frames are by time, without sound.
struct SlideShowExport {
    let setup: SlideShowSetup
    let size: Size?
    let scale: Float?
    let fps: Int

    func run(to dir: String) throws(GLFunError) {
        let folder = try ExportFolder(dir)
        // GL and the user's transition first: a transition that does not compile leaves no folder.
        let context: Context
        do { context = try Context.headless() } catch { throw .headlessContext(error) }
        let renderer: Renderer
        do { renderer = try Renderer(context: context) } catch { throw .gl(path: dir, error) }
        do throws(TransitionFileError) { try setup.checkTransition(renderer) } catch { throw GLFunError(error, path: error.path) }
        var settings = setup.settings
        settings.start = true
        settings.loop = false
        let canvas = Canvas(width: size?.width ?? 960, height: size?.height ?? 640, scale: scale ?? 1)
        let show = SlideShowSetup(setup, settings: settings)
        let app = SlideShowApp(setup: show, start: AppStart(canvas: canvas, warn: printWarning))
        let host = HeadlessHost(app: app, renderer: renderer, canvas: canvas)
        host.feed(TimedEvent(t: 0, .session(app.session)))
        host.feed(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: canvas.scale)))
        // Each slide that cannot be shown has had its warning; when none can, one error and no folder.
        guard app.hasShowableSlide else {
            let paths = setup.settings.paths
            throw .slides(SlideListError(path: paths.count == 1 ? paths[0] : "slideshow", kind: .nothingShowable(count: setup.list.count)))
        }
        // At most every slide's time on screen; fewer when slides are skipped (missing, corrupt):
        // the show ends when its timer finds no slide after the last one.
        let seconds = (0..<setup.list.count).reduce(0.0) { $0 + app.timeOnScreen($1) }
        let most = max(1, Int((seconds * Double(fps)).rounded(.up)))
        let progress = ProgressBar(total: most)
        var frames = 0
        try folder.filling(progress) { (written: inout Int) throws(GLFunError) in
            for k in 0..<most {
                host.feed(TimedEvent(t: Double(k) / Double(fps), .tick))
                if k > 0, !app.playing { break }
                let image: Image
                do { image = try host.renderFrame() } catch { throw GLFunError(error, path: dir) }
                try folder.write(image, number: k + 1)
                written = k + 1
                progress.update(written)
            }
            frames = written
        }
        progress.update(most)
        progress.finish()
        folder.reportDone(frames: frames)
    }
}
