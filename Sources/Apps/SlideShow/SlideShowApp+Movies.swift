import GLFunMovie

/// A movie slide on screen, or coming in: which slide, what the movie is, and where it is on
/// the show's clock. It starts playing (when the show plays) once the change that brings it in
/// is over, plays once, and the show moves on at its end; a paused show pauses it.
public struct MovieShowing: Equatable {
    /// The slide's index in the source.
    public let slide: Int
    /// The movie's file and what it is.
    public let movie: MovieSlide
    /// Its position at any event time (held at 0 until `startsAt`).
    public var playhead: MoviePlayhead
    /// When it starts playing at the earliest: the end of the change that brings it in.
    public let startsAt: Double
    /// Which start from the beginning this is (counts up): a live view starts libmpv again when it changes.
    public let run: Int
}

/// Movie slides in the show's state machine: the movie's time on screen is its length (not the
/// interval), frames are asked for by event time (a tick at each frame while it plays), and
/// play and pause go to its playhead. No GL and no libmpv here: the view plays the frames.
extension SlideShowApp {
    /// A slide's picture or movie can be had, or why not (the source's error).
    func showable(_ slide: Int) -> Result<Void, any Error> {
        if let m = source.movie(slide) { return m.map { _ in () } }
        if let d = source.svg(slide) { return d.map { _ in () } }
        return source.image(slide).map { _ in () }
    }

    /// `movie` for the slide now shown: its playhead at 0 from `start` (playing if the show
    /// plays), or nil when the slide is a photo.
    func showMovie(_ slide: Int, from start: Double) {
        guard slide < source.count, case let .success(m)? = source.movie(slide) else {
            movie = nil
            return
        }
        movieRuns += 1
        if m.animationIsCut {
            let minutes = Int((m.info.duration / 60).rounded(.up))
            warn("\(m.path): its animation lasts \(m.info.duration.isFinite ? "about \(minutes) min" : "forever"); "
                 + "the slide plays its first \(Int(MovieSlide.maxAnimationLength)) s", slide: slide)
        }
        movie = MovieShowing(slide: slide, movie: m,
                             playhead: MoviePlayhead(duration: m.length(or: interval), playing: playing, at: start),
                             startsAt: start, run: movieRuns)
    }

    /// When the timer next changes slides, counting from `t`: at a playing movie's end, else
    /// `interval` after `t`.
    func changeDue(after t: Double) -> Double? {
        if let m = movie { return m.playhead.endTime }
        return t + interval
    }

    /// The show plays again: so does its movie (not before the change bringing it in is over).
    func resumeMovie() {
        guard var m = movie else { return }
        m.playhead.play(at: max(now, m.startsAt))
        movie = m
    }

    /// A looping show with no other slide to go to: its movie plays again from the start at
    /// `t` (its end). False when the slide is a photo.
    func restartMovie(at t: Double) -> Bool {
        guard let m = movie else { return false }
        showMovie(m.slide, from: t)
        nextChangeAt = changeDue(after: t)
        return true
    }

    /// Whether the movie on screen is playing now (the show playing, no change under way, not at its end).
    public var moviePlaying: Bool {
        guard playing, transition == nil, let m = movie else { return false }
        return m.playhead.isPlaying && now >= m.startsAt && !m.playhead.hasEnded(at: now)
    }

    /// The time (seconds into the movie) whose frame slide `slide` shows now, or nil for a photo:
    /// the playhead's for the movie on screen (0 while it comes in), the frame a leaving movie
    /// left on, 0 for the next slide made ready.
    public func movieTime(_ slide: Int) -> Double? {
        if let m = movie, m.slide == slide { return m.playhead.position(at: now) }
        if let r = transition, r.from == slide { return r.fromFrame }
        guard case .success? = source.movie(slide) else { return nil }
        return 0
    }

    /// The next frame's start while a movie (or an animated picture: always) plays frame by
    /// frame: a tick there draws it.
    var movieFrameDeadline: Double? {
        guard moviePlaying, let m = movie, !playsMoviesLive || m.movie.animationPlays != nil else { return nil }
        let frame = m.movie.info.frameDuration
        let p = m.playhead.position(at: now)
        let next = (p / frame + 1e-6).rounded(.down) + 1
        return min(now + (next * frame - p) / m.playhead.rate, m.playhead.endTime ?? .infinity)
    }

    /// Seconds a slide is on screen when the show plays through: a photo the interval, a movie
    /// the change into it and its length (for `--export`'s bound).
    public func timeOnScreen(_ slide: Int) -> Double {
        guard case let .success(m)? = source.movie(slide) else { return interval }
        return m.length(or: interval) + settings.duration
    }
}
