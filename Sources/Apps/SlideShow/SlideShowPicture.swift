import GLFunHost
import GLFunKit
import GLFunTransitions

/// What one frame of the slide show shows, handed to `SlideShowView` as a value: the view reads
/// nothing of the app and calls nothing back. It draws the slides the `source` has decoded
/// (the one service the two share: photos, tiles and movies come from it) and hands back, as
/// `SlideShowView.takeWarnings()`, what it could not draw, for the app to warn about.
struct SlideShowPicture {
    /// Where the slides' pictures, tiles and movies come from.
    let source: any SlideSource
    /// The slide shown (the one a transition goes to).
    let current: Int
    /// The next slide, made ready ahead (uploaded and composed while the show rests).
    let upcoming: Int?
    /// A transition under way, and how far it is (0...1, before easing).
    let transition: SlideShowApp.Run?
    let progress: Float
    /// How the slide is laid out: fitted or filled, turned, zoomed and panned.
    let layout: SlideLayout
    /// Each slide in play that is a movie (or an animation): the time of its frame to show.
    let movieTimes: [Int: Double]
    /// The movie on screen and whether it plays now.
    let movie: MovieShowing?
    let moviePlaying: Bool
    /// Movies play on libmpv's clock, with their sound when `sound` (the window with `--sound`).
    let playsMoviesLive: Bool
    let sound: Bool
    /// Zoomed in, a big picture is drawn from full-resolution tiles; live (the window), what
    /// is decoded is drawn and `wakeup` is woken for the rest, else every tile is waited for.
    let fullResolution: Bool
    let drawsTilesLive: Bool
    let wakeup: HostWakeup?
    /// The bar, when it shows, and its opacity; the message line, when one shows.
    let bar: SlideShowBar?
    let barOpacity: Float
    let message: String?

    /// The time of slide `slide`'s frame, or nil for a photo.
    func movieTime(_ slide: Int) -> Double? { movieTimes[slide] }
}

extension SlideShowApp {
    /// The show's state now, as the view draws it.
    var picture: SlideShowPicture {
        var times: [Int: Double] = [:]
        var inPlay = [current]
        if let run = transition { inPlay += [run.from, run.to] }
        if let u = upcoming { inPlay.append(u) }
        for s in inPlay { if let t = movieTime(s) { times[s] = t } }
        let layout = SlideLayout(contentMode: settings.contentMode, rotation: Float(turn.value(at: now)) * .pi / 2,
                                 zoom: zoom, pan: pan)
        let progress = transition.map { settings.duration > 0 ? Float((now - $0.start) / settings.duration) : 1 } ?? 0
        return SlideShowPicture(source: source, current: current, upcoming: upcoming, transition: transition,
                                progress: progress, layout: layout, movieTimes: times, movie: movie,
                                moviePlaying: moviePlaying, playsMoviesLive: playsMoviesLive, sound: settings.sound,
                                fullResolution: settings.fullResolution, drawsTilesLive: drawsTilesLive,
                                wakeup: wakeup, bar: barVisible ? bar : nil, barOpacity: barOpacity,
                                message: message?.text)
    }
}
