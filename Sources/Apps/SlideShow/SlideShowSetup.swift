import Foundation
import GLES
import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunTransitions
import SlideShowApp

/// A slide show made ready, the same way for the window, `--export` and `glfun replay`: the
/// list read (and shuffled with the seed), the user's transition file read.
struct SlideShowSetup {
    let settings: SlideShowSettings
    let seed: UInt64
    let list: SlideList
    let custom: TransitionSource?

    init(settings: SlideShowSettings, seed: UInt64) throws(GlfunError) {
        MallocTuning.applyForPhotos()
        self.settings = settings
        self.seed = seed
        do {
            var list = try SlideList(reading: settings.paths)
            if settings.shuffle {
                var g = SplitMix64(seed: seed)
                list = list.shuffled(using: &g)
            }
            self.list = list
        } catch {
            throw .slides(error)
        }
        if let file = settings.transitionFile {
            do { custom = try TransitionSource(contentsOfFile: file) } catch { throw .transition(error) }
        } else {
            custom = nil
        }
    }

    /// The same show with other settings (`--export` plays once, without looping).
    init(_ ready: SlideShowSetup, settings: SlideShowSettings) {
        self.settings = settings
        seed = ready.seed
        list = ready.list
        custom = ready.custom
    }

    /// The app for a canvas, its pictures decoded for the canvas's pixels; skipped slides
    /// are `glfun: warning:` lines. Call it with the GL context current: the pictures are
    /// bounded by its GL_MAX_TEXTURE_SIZE.
    func makeApp(canvas: Canvas) -> SlideShowApp {
        let source = PhotoSlideSource(list: list, viewPixels: (canvas.pixelWidth, canvas.pixelHeight),
                                      fill: settings.fill, loop: settings.loop, maxSide: Context.maxTextureSize)
        let app = SlideShowApp(canvas: canvas, settings: settings, source: source, seed: seed, customTransition: custom)
        app.onWarning = { FileHandle.standardError.write(Data("glfun: warning: \($0)\n".utf8)) }
        return app
    }

    /// Compiles the user's transition in the renderer's context, so that its errors are one
    /// `glfun: error:` line with the driver's log before anything is shown.
    func checkTransition(_ renderer: Renderer) throws(GlfunError) {
        guard let custom, let file = settings.transitionFile else { return }
        do { _ = try Transition(context: renderer.context, source: custom) } catch { throw .gl(path: file, error) }
    }
}
