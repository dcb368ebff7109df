import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunTransitions
import GLFunUI
import GLFunGestures

/// The slide show, the classic sample's second program as a photo viewer: slides shown one
/// after another on a timer (ticks), each change animated by a GL transition; taps, swipes,
/// pinches, keys and a bottom bar drive it. It reads time only from its events and takes each
/// picture from its `SlideSource` (which decodes ahead, on another thread, but answers for a
/// slide only once it is decoded), so a recording replays to the same pixels. A movie slide
/// plays once, on the show's clock (`MovieShowing`), and the show moves on at its end.
public final class SlideShowApp: GLFunApp {
    /// Frames are drawn into a `FrameTarget`.
    public typealias Frame = FrameTarget
    /// The app's name in a recording's session line.
    public static let name = "slideshow"
    /// Seconds the bars take to slide away, the view to turn, a message to fade.
    public static let barAnimation = 0.3, turnAnimation = 0.5, messageDuration = 2.0
    /// UIKit's default animation, the original's bar and turn (`--classic`).
    public static let classicAnimation = 0.2
    /// The transition kinds in the order `T` and the bar step through them (and `cycle` uses).
    public static let kinds: [TransitionKind] = [.curlUp, .curlDown, .flipLeft, .flipRight, .fade, .none]

    /// A transition under way: from one slide to another, which kind, since when; a movie
    /// leaving shows the frame it was at (`fromFrame`, seconds into it; nil for a photo).
    public struct Run: Equatable {
        /// The slides changed from and to (indices into the source).
        public var from: Int, to: Int
        /// The transition's kind.
        public var kind: TransitionKind
        /// When it started, in event seconds.
        public var start: Double
        /// A leaving movie's position, in seconds into it; nil for a photo.
        public var fromFrame: Double? = nil
    }

    /// What the show was asked for.
    public private(set) var settings: SlideShowSettings
    let source: any SlideSource
    /// The canvas, as the last resize event set it.
    public private(set) var canvas: Canvas
    /// The latest event's time, in seconds.
    public private(set) var now: Double = 0
    /// The session's seed (the shuffle's).
    public private(set) var seed: UInt64
    /// The slides' order: indices into the source (shuffled with the session's seed).
    public internal(set) var order: [Int]
    /// Where in `order` the show is.
    public internal(set) var position = 0
    /// Whether the show runs shuffled (the bar's Order / Shuffle control, `S`).
    public internal(set) var shuffled = false
    /// How many times Shuffle was chosen: each time a new order, drawn from the seed and this.
    var shuffles = 0
    /// The source's slides in the list's order, as named (the source holds the start's order).
    let listOrder: [Int]
    /// Whether the show is playing (changing slides on its timer).
    public private(set) var playing = false
    var nextChangeAt: Double?
    /// The transition under way, if any.
    public private(set) var transition: Run?
    /// Slide changes so far (with a transition or without), for soaks and benchmarks.
    public private(set) var changes = 0
    /// The slide the next change forward will show, made ready ahead (the view uploads and
    /// composes it) `prepareDelay` after the show comes to rest, so that a transition's first
    /// frame draws no more than the others; nil until then.
    public private(set) var upcoming: Int?
    private var upcomingAt: Double?
    /// Seconds after the show comes to rest that the next slide is made ready: its decode,
    /// started then, is done by that time (a 24-megapixel JPEG for a 1280x720 view: ~50 ms).
    public static let prepareDelay = 0.3
    private var cycled = 0
    /// Whether the window is full screen.
    public private(set) var fullScreen = false
    /// 0: the bars shown, 1: slid away.
    private(set) var bars = Tween(0)
    /// Quarter turns clockwise (0 or 1; three taps toggle).
    private(set) var turn = Tween(0)
    /// The pinch zoom of the slide shown (1: fitted).
    public internal(set) var zoom: Float = 1
    /// How far the zoomed slide is moved, in points.
    public internal(set) var pan = Point(0, 0)
    var pinchBase: Float = 1, panBase = Point(0, 0)
    /// The one line on screen (a skipped slide, "Paused"), until when.
    public private(set) var message: (text: String, until: Double)?
    /// Slides warned about (`warn`: once each).
    var warned = Set<Int>()
    var barTouch: (id: Int, control: SlideShowBar.Control?)?
    let gestures = SlideShowGestures()
    var view: SlideShowView?
    /// Called with each warning (a slide skipped); the CLI prints `glfun: warning: …`.
    /// Warnings from before it is set (slides skipped as the show starts) are passed to it
    /// when it is set.
    public var onWarning: ((String) -> Void)? {
        didSet { passEarlyWarnings() }
    }
    /// Warnings made before `onWarning` was set (`warn`).
    var earlyWarnings: [String] = []
    /// The user's transition (`--transition-file`), read and checked by the caller.
    let customTransition: TransitionSource?
    /// The movie slide on screen (or coming in), on the show's clock; nil on a photo.
    public internal(set) var movie: MovieShowing?
    /// Movies started from their beginning so far (`MovieShowing.run`).
    var movieRuns = 0
    /// Movies play live (libmpv's own clock, with sound; woken through `wakeup`) rather than
    /// frame by frame on the show's clock: the window with `--sound`. The show still moves on
    /// at the movie's end on its own clock. Replays and `--export` leave it off.
    public var playsMoviesLive = false { didSet { makeWakeup() } }
    /// Tiles of a zoomed-in picture are drawn as they are decoded, the window woken (`wakeup`)
    /// for each, the fitted picture showing under the others: the window. Off (replays,
    /// `--export`, tests), every tile on screen is waited for, so the pixels never depend on timing.
    public var drawsTilesLive = false { didSet { makeWakeup() } }
    /// What a live movie or a decoded tile wakes the window host with (nil unless
    /// `playsMoviesLive` or `drawsTilesLive`).
    public internal(set) var wakeup: HostWakeup?


    /// - Parameters:
    ///   - canvas: the view's size until the first resize event.
    ///   - settings: the show's settings (timing, transition, order, looping).
    ///   - source: the slides in the order shown (shuffled already, if asked).
    ///   - seed: the session's seed (the shuffle's, when the settings shuffle).
    ///   - listOrder: where each slide of the list as named is in `source` (nil: the source is
    ///     in the list's order): what the Order choice shows.
    ///   - customTransition: a gl-transitions file's source, used for every change.
    public init(canvas: Canvas, settings: SlideShowSettings, source: any SlideSource, seed: UInt64 = 0,
                customTransition: TransitionSource? = nil, listOrder: [Int]? = nil) {
        self.canvas = canvas
        self.listOrder = listOrder ?? Array(0..<source.count)
        self.settings = settings
        self.source = source
        self.customTransition = customTransition
        self.seed = seed
        order = Array(0..<source.count)
        gestures.onTap = { [unowned self] n in self.tapped(n) }
        gestures.onSwipe = { [unowned self] d in self.go(d) }
        gestures.onPinch = { [unowned self] s, scale in self.pinched(s, Float(scale)) }
        gestures.onPan = { [unowned self] s, t in self.panned(s, Point(Float(t.x), Float(t.y))) }
        gestures.isZoomed = { [unowned self] in self.zoom > 1.001 }
        begin()
    }

    /// The window's title.
    public var title: String { "GLFun Slide Show" }

    /// Quarter turns clockwise the view is turned (or turning) to: 0 or 1.
    public var quarterTurns: Int { Int(turn.to) }

    /// Full screen from the start (`--fullscreen`, and `--export`): the bars hidden at once.
    public func startFullScreen() {
        fullScreen = true
        bars = Tween(1)
    }

    /// The slide on screen (or leaving it), an index into the source.
    public var current: Int { order.isEmpty ? 0 : order[position] }
    /// The interval the timer runs at, seconds.
    public var interval: Double { settings.interval }

    /// When the app next wants a tick, or nil.
    public var nextDeadline: Double? {
        var d = [gestures.arena.nextDeadline, message?.until].compactMap { $0 }
        if playing, let n = nextChangeAt { d.append(n) }
        if isAnimating { d.append(now + 1.0 / 60) }
        if let u = upcomingAt { d.append(u) }
        if let f = movieFrameDeadline { d.append(f) }
        return d.min()
    }

    /// No transition under way, the next slide made ready and the slide not zoomed in (a
    /// zoomed-in picture holds as many tile textures as the view shows of it): what the view
    /// holds stays as it is until the next event (soaks sample then).
    public var isSettled: Bool { transition == nil && upcomingAt == nil && zoom <= 1.001 }

    /// Whether something moves on screen (a transition, the bars, the turn).
    public var isAnimating: Bool {
        transition != nil || bars.isRunning(at: now) || turn.isRunning(at: now)
    }

    /// Starts over at the first readable slide, playing if asked to. (A shuffled show comes
    /// shuffled from its source, with the session's seed.)
    private func begin() {
        order = Array(0..<source.count)
        shuffled = settings.shuffle
        shuffles = 0
        position = 0
        transition = nil
        if !order.isEmpty, !readable(order[0]), let p = step(from: 0, by: 1) { position = p }
        prefetch(around: current)
        prepareUpcoming()
        playing = settings.start
        showMovie(current, from: now)
        nextChangeAt = playing ? changeDue(after: now) : nil
        if settings.fullScreen { startFullScreen() }
    }

    /// Takes one event; returns what the host should do.
    public func handle(_ e: TimedEvent) -> [HostEffect] {
        now = max(now, e.t)
        var effects: [HostEffect] = [.redraw]
        switch e.event {
        case let .session(s):
            seed = s.seed
            begin()
            return awake.effects(wanted: playing)
        case let .resize(w, h, s):
            canvas = Canvas(width: w, height: h, scale: s)
            source.viewResized(pixels: (canvas.pixelWidth, canvas.pixelHeight), contentMode: settings.contentMode)
            view?.viewResized()
            prepareUpcoming()
        case let .touch(phase, id, x, y):
            touch(phase, id: id, at: Point(x, y))
        case let .key(k, mods):
            effects += key(k, mods)
        case let .scroll(x, y, _, dy):
            wheelZoom(dy, at: Point(x, y))
        case .tick:
            gestures.arena.advance(to: now)
        }
        effects += pending
        pending = []
        runTimers()
        return effects + awake.effects(wanted: playing)
    }

    /// Effects asked for by gestures' callbacks, handed to the host with the event's.
    var pending: [HostEffect] = []
    /// The screen is kept awake while the show plays (paused, or at its end: let go).
    private var awake = KeepAwakeRequest()

    private func runTimers() {
        if let t = transition, now >= t.start + settings.duration {
            transition = nil
            prefetch(around: current)
            prepareUpcoming()
        }
        if transition == nil, let at = upcomingAt, now >= at {
            upcomingAt = nil
            upcoming = nextReadable()
        }
        if let m = message, now >= m.until { message = nil }
        if playing, transition == nil, let at = nextChangeAt, now >= at {
            go(1, timer: at)
        }
    }

    func setFullScreen(_ on: Bool) -> [HostEffect] {
        fullScreen = on
        bars = bars.retargeted(on ? 1 : 0, at: now,
                               duration: settings.classic ? SlideShowApp.classicAnimation : SlideShowApp.barAnimation)
        return [.setFullScreen(on)]
    }

    func togglePlay() {
        playing.toggle()
        if playing { resumeMovie() } else { movie?.playhead.pause(at: now) }
        nextChangeAt = playing ? changeDue(after: now) : nil
        say(playing ? "Playing" : "Paused")
    }

    func rotate() {
        turn = turn.retargeted(turn.to == 0 ? 1 : 0, at: now,
                               duration: settings.classic ? SlideShowApp.classicAnimation : SlideShowApp.turnAnimation)
    }

    /// Each slide's interval; `total`: what the classic slider asked for, said too.
    func setInterval(_ seconds: Double, total: Double? = nil) {
        let r = SlideShowSettings.intervalRange
        settings.interval = min(r.upperBound, max(r.lowerBound, seconds))
        if playing { nextChangeAt = changeDue(after: now) }
        let each = "\(SlideShowApp.seconds(interval)) a slide"
        say(total.map { "\(SlideShowApp.seconds($0)) in all, " + each } ?? each)
    }

    func nextKind() {
        let k = SlideShowApp.kinds
        let i = k.firstIndex(of: kind) ?? -1
        settings.transition = .kind(k[(i + 1) % k.count])
        say("Transition: " + kindName)
    }

    /// The kind the next change uses.
    public var kind: TransitionKind {
        switch settings.transition {
        case let .kind(k): return k
        case .cycle: return SlideShowApp.kinds[cycled % (SlideShowApp.kinds.count - 1)]
        }
    }

    /// The kind's name, as the bar shows it.
    public var kindName: String { kind.rawValue }

    func say(_ text: String) {
        message = (text, now + SlideShowApp.messageDuration)
    }

    /// Goes `d` slides on (±1) with the transition; `timer` is when the timer fired.
    func go(_ d: Int, timer: Double? = nil) {
        let interrupted = transition != nil
        if let t = transition {  // a change during a change: the first one ends at once
            transition = nil
            position = order.firstIndex(of: t.to) ?? position
        }
        guard let q = step(from: position, by: d) else {
            if let timer, !(settings.loop && restartMovie(at: timer)) {
                playing = false
                nextChangeAt = nil
                movie?.playhead.pause(at: now)
                say("The end")
            }
            return
        }
        let kind = self.kind
        let leaving = movie?.playhead.position(at: now)  // a movie leaves on the frame it shows
        if kind != .none && settings.duration > 0 {
            transition = Run(from: order[position], to: order[q], kind: kind, start: now, fromFrame: leaving)
        }
        position = q
        showMovie(order[q], from: transition == nil ? now : now + settings.duration)
        changes += 1
        if case .cycle = settings.transition { cycled += 1 }
        resetZoom()
        if playing { nextChangeAt = changeDue(after: timer ?? now) }
        // The slides around the new one are decoded once the transition is over (`runTimers`),
        // so that no decode takes the CPU its frames need; at once when there is no transition,
        // or when changes come faster than transitions (the next one is wanted soon).
        if transition == nil || interrupted { prefetch(around: order[q]) }
        upcoming = nil
        upcomingAt = nil
        if transition == nil { prepareUpcoming() }
    }

    /// The next slide is to be made ready `prepareDelay` from now.
    func prepareUpcoming() {
        upcoming = nil
        upcomingAt = now + SlideShowApp.prepareDelay
    }

    /// Draws the current state into `frame`.
    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        if view == nil || view!.renderer !== frame.renderer {
            view = try SlideShowView(renderer: frame.renderer, custom: customTransition)
        }
        let report = try view!.draw(picture, frame)
        for w in view!.takeWarnings() { warn(w.text, slide: w.slide) }
        return report
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
    }
}
