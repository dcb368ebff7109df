import GLFunGLES
import GLFunMovie

/// The view's movies: a `Movie` (libmpv, a framebuffer for its frame) for each movie slide the
/// view holds (the one shown, one leaving, the next made ready), opened when first drawn and
/// closed as soon as the slide is let go, so its GL objects go with it.
///
/// Frames by time: `texture(_:at:)` draws the frame the app's clock says (`Movie.showFrame`,
/// decoded there and then), so a window and a replay of its recording show the same frames.
/// Live (`SlideShowPicture.playsMoviesLive`, the window with `--sound`): the movie on screen plays
/// on libmpv's clock with its sound, waking the host (`wakeup`) for each frame; the app still
/// decides on its own clock when it ends.
final class SlideShowMovies {
    private let context: Context
    private var movies: [Int: Movie] = [:]
    /// Animated pictures (GIF, WebP) play here too, by the same clock (`AnimatedSlide`).
    private var animations: [Int: AnimatedSlide] = [:]
    /// For a movie playing live: which of the app's starts (`MovieShowing.run`) it plays.
    private var liveRun: [Int: Int] = [:]

    init(context: Context) {
        self.context = context
    }

    /// How many movies are open.
    var count: Int { movies.count + animations.count }

    /// Slide `slide`'s frame at `time` seconds into its movie (live: libmpv's newest frame), or
    /// nil when it cannot be played: then the source is told never to open it again and
    /// `failed` gets why (the app warns once).
    func texture(_ slide: Int, at time: Double, _ picture: SlideShowPicture, viewPixels: Int,
                 failed: (String) -> Void) -> Texture2D? {
        guard case let .success(info)? = picture.source.movie(slide) else { return nil }
        do {
            if info.animationPlays != nil {
                return try animation(slide, info, picture, viewPixels: viewPixels).texture(at: time)
            }
            let movie = try open(slide, info, picture, viewPixels: viewPixels)
            if picture.playsMoviesLive, let showing = picture.movie, showing.slide == slide,
               picture.moviePlaying || liveRun[slide] == showing.run {
                try movie.waitUntilReady()
                return live(movie, showing, at: time, playing: picture.moviePlaying)
            }
            return try movie.showFrame(at: time)
        } catch {
            close(slide)
            picture.source.movieFailed(slide, error)  // never opened again in this show
            failed("\(error)")
            return nil
        }
    }

    /// Closes the movies of every slide but `slides`.
    func keep(_ slides: Set<Int>) {
        for k in Set(movies.keys).union(animations.keys) where !slides.contains(k) { close(k) }
    }

    /// Closes every movie (the view changed size: they open again at the new one).
    func closeAll() {
        for k in Set(movies.keys).union(animations.keys) { close(k) }
    }

    private func close(_ slide: Int) {
        movies.removeValue(forKey: slide)?.close()
        animations[slide] = nil
        liveRun[slide] = nil
    }

    /// The slide's movie, opened (paused, muted unless live with `--sound`) and asked to draw
    /// at most at the size pictures are decoded for (a square of the view's larger side).
    private func open(_ slide: Int, _ m: MovieSlide, _ picture: SlideShowPicture, viewPixels: Int) throws -> Movie {
        if let movie = movies[slide] { return movie }
        let live = picture.playsMoviesLive
        let movie = try Movie(path: m.path, context: context,
                              options: MovieOptions(sound: live && picture.sound, autoplay: false))
        if live, let wakeup = picture.wakeup { movie.onWake = { wakeup.wake() } }
        let (w, h) = (Double(m.info.width), Double(m.info.height))
        let scale = Double(viewPixels) / (picture.layout.contentMode == .aspectFill ? min(w, h) : max(w, h))
        if scale < 1 { movie.renderSize = (Int((w * scale).rounded()), Int((h * scale).rounded())) }
        movies[slide] = movie
        return movie
    }

    /// The slide's animation, opened at its first frame.
    /// Composed for the view's square box (`DecodeBudget`: a huge screen at about its shown size).
    private func animation(_ slide: Int, _ m: MovieSlide, _ picture: SlideShowPicture, viewPixels: Int) throws -> AnimatedSlide {
        if let a = animations[slide] { return a }
        let fit = ImageFit(width: viewPixels, height: viewPixels, mode: ImageFit.Mode(picture.layout.contentMode))
        let a = try AnimatedSlide(m, context: context, maxSide: Context.maxTextureSize, fit: fit)
        animations[slide] = a
        return a
    }

    /// The live movie's newest frame, started (from `time`: the start, or where the show is
    /// after the movie was opened again), resumed or paused as the app's movie is.
    private func live(_ movie: Movie, _ showing: MovieShowing, at time: Double, playing: Bool) -> Texture2D? {
        if playing {
            if liveRun[showing.slide] != showing.run {
                liveRun[showing.slide] = showing.run
                movie.seek(to: time)
                movie.play()
            } else if movie.state == .paused {
                movie.play()
            }
        } else if movie.state == .playing {
            movie.pause()
        }
        movie.update()
        return movie.texture
    }
}
