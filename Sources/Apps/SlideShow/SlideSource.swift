import GLFunGLES
import GLFunMovie
import GLFunPhotos
import GLFunTransitions

/// Where the slide show's pictures come from: a list of files decoded ahead of time on
/// another thread. `image(_:)` answers only once that slide is decoded (waiting if it must),
/// so what the show draws depends on its events alone, never on how fast a decode ran.
/// A slide may instead be a movie (`movie(_:)` is not nil), which the show plays itself, or an
/// SVG drawing (`svg(_:)` is not nil), which the show renders at the size it shows it.
public protocol SlideSource: AnyObject {
    /// How many slides the list has.
    var count: Int { get }
    /// A slide's file name, for messages.
    func name(_ index: Int) -> String
    /// The slide's picture at the size it is shown, or why it cannot be had.
    func image(_ index: Int) -> Result<Image, any Error>
    /// Slide `index` as a movie, or why it cannot be played; nil for a picture. (Default: nil.)
    func movie(_ index: Int) -> Result<MovieSlide, any Error>?
    /// Slide `index` as an SVG drawing (read once), or why it cannot be shown; nil for a
    /// picture or a movie. The view renders it at the size it shows it. (Default: nil.)
    func svg(_ index: Int) -> Result<SVGSlide, any Error>?
    /// Slide `index`'s movie, which its probe passed, could not be played after all: from now
    /// on `movie(_:)` answers this failure for it, and for every slide of the same file, so a
    /// show never opens it again.
    func movieFailed(_ index: Int, _ error: any Error)
    /// Decode the slides around `index` ahead of time (and let go of the others).
    func prefetch(around index: Int)
    /// Decode `window` ahead of time, most urgent first (and let go of the others). (Default:
    /// the slides around its first.)
    func prefetch(window: [Int])
    /// The view is now this many pixels: pictures are wanted at that size from now on.
    func viewResized(pixels: (width: Int, height: Int), contentMode: SlideContentMode)
    /// Slide `index`'s full size upright, when it can be shown zoomed in at full resolution
    /// from tiles (a PNG or JPEG whose header reads); nil otherwise. (Default: nil.)
    func fullSize(_ index: Int) -> (width: Int, height: Int)?
    /// A loader of slide `index`'s tiles (`fullSize` is not nil), its thread calling `onReady`
    /// after each tile it decoded; nil when the slide has none. (Default: nil.)
    func tiles(_ index: Int, onReady: (@Sendable () -> Void)?) -> TileLoader?
}

extension SlideSource {
    /// Nil: every slide is a picture.
    public func movie(_ index: Int) -> Result<MovieSlide, any Error>? { nil }
    /// Nil: no slide is an SVG drawing.
    public func svg(_ index: Int) -> Result<SVGSlide, any Error>? { nil }
    /// Does nothing: a source without movies has none that fail.
    public func movieFailed(_ index: Int, _ error: any Error) {}
    /// Nil: no slide is shown from tiles.
    public func fullSize(_ index: Int) -> (width: Int, height: Int)? { nil }
    /// Nil: no slide is shown from tiles.
    public func tiles(_ index: Int, onReady: (@Sendable () -> Void)?) -> TileLoader? { nil }

    /// The slides around the window's first.
    public func prefetch(window: [Int]) {
        if let first = window.first { prefetch(around: first) }
    }
}

/// A movie slide: its file and what it is (size, length, frame rate), known without GL. An
/// animated picture (GIF, WebP) is one too, played by the show's clock like a movie
/// (`AnimatedSlide`): its `info.duration` is one play through, its rate the frames' common step.
public struct MovieSlide: Equatable, Sendable {
    /// The movie file.
    public var path: String
    /// Its size, length and frame rate.
    public var info: MovieInfo
    /// An animated picture's plays (0: forever), or nil for a movie.
    public var animationPlays: Int?

    /// A movie slide of `path`, as `info` describes it (`animationPlays`: an animated picture's).
    public init(path: String, info: MovieInfo, animationPlays: Int? = nil) {
        self.path = path
        self.info = info
        self.animationPlays = animationPlays
    }

    /// The longest an animated picture's slide plays past the interval: one play through, but
    /// no more than a minute, whatever its frames' delays claim (a GIF of 50 frames of 655.35 s
    /// each is nine hours; a show would hold it, an export write 32,000 frames).
    public static let maxAnimationLength = 60.0

    /// Whether an animated picture's one play is cut to `maxAnimationLength` (the show warns).
    public var animationIsCut: Bool { animationPlays != nil && !(info.duration <= MovieSlide.maxAnimationLength) }

    /// Seconds it is on screen playing: a movie its length (one that gives none: `fallback`);
    /// an animated picture the interval (`fallback`) but at least one play through, up to
    /// `maxAnimationLength`.
    public func length(or fallback: Double) -> Double {
        if animationPlays != nil { return max(fallback, min(info.duration, MovieSlide.maxAnimationLength)) }
        return info.duration.isFinite && info.duration > 0 ? info.duration : fallback
    }
}
