import GLFunGLES
import GLFunKit
import GLFunMovie
import GLFunTransitions

/// A movie opened headless to read frames by time, as `glfun movie-frame` and `MovieExport`
/// write them: a headless GL context of its own, the movie paused in it with no sound, and
/// each frame the exact one shown at the time asked for (`Movie.showFrame(at:)`), read back
/// at the movie's own size, or aspect-fit into `size` pixels on black (`SlideComposer` into a
/// framebuffer of that size, as `glfun transition` composes photos).
///
/// Frames asked for in order a little apart are stepped to, not sought (see `showFrame`), so
/// an export decodes each frame once.
final class HeadlessMovie {
    let path: String
    /// Size, length and frame rate (known once the first frame is drawn).
    let info: MovieInfo
    private let context: Context
    private let movie: Movie
    private let fit: Fit?

    /// What draws a frame into `size`.
    private struct Fit {
        let composer: SlideComposer
        let target: Framebuffer
        let canvas: Canvas
    }

    /// Opens `path` and waits until its first frame is drawn; `size`: the frames' size in
    /// pixels (nil: the movie's own).
    init(path: String, size: (width: Int, height: Int)?) throws(GLFunError) {
        self.path = path
        do { context = try Context.headless() } catch { throw .headlessContext(error) }
        do {
            movie = try Movie(path: path, context: context, options: MovieOptions(sound: false, autoplay: false))
            info = try movie.waitUntilReady()
        } catch {
            throw .movie(error)
        }
        guard let size else {
            fit = nil
            return
        }
        do {
            fit = Fit(composer: try SlideComposer(context: context),
                      target: try Framebuffer(context: context, width: size.width, height: size.height, depth: false),
                      canvas: Canvas(width: Float(size.width), height: Float(size.height)))
        } catch {
            throw .gl(path: path, error)
        }
    }

    deinit {
        // libmpv's render context goes first, while the GL context it draws in is alive.
        movie.close()
    }

    /// The frame shown at `seconds` (at or past the end: the last frame), top row first.
    func frame(at seconds: Double) throws(GLFunError) -> Image {
        let texture: Texture2D
        do { texture = try movie.showFrame(at: seconds) } catch { throw .movie(error) }
        // A file cut short behind its index (written first, "faststart") says it is longer than
        // its frames: a seek past the last one ends the file, and libmpv keeps a frame that is not
        // the one asked for. Where the end is not where the frame should be, say so.
        let start = MovieTiming.frameStart(containing: seconds, info: info)
        if movie.state == .ended, abs(movie.position - start) > info.frameDuration {
            throw .movie(MovieError(.cannotPlay, path: path,
                                    reason: "no frame at \(MovieExport.format(seconds)) s: the frames end before it (is the file cut short?)"))
        }
        let image: Image?
        do throws(GLESError) {
            if let fit {
                fit.target.bind()
                try fit.composer.draw(texture, canvas: fit.canvas, background: .black)
                image = try fit.target.readPixels()
            } else {
                image = try movie.readFrame()
            }
        } catch {
            throw .gl(path: path, error)
        }
        guard let image else { throw .movie(MovieError(.render, path: path, reason: "libmpv drew no frame at \(seconds) s")) }
        return image
    }
}
