import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunUI

/// A movie player on the host (`glfun play`): the movie aspect-fit on black, a bottom bar
/// (play/pause, the time, a position slider to drag, mute). One tap shows or hides the bar,
/// two toggle full screen, a horizontal pan scrubs. Keys: Space play/pause, Left/Right ∓/± 5 s,
/// Up/Down volume ± 5, F full screen, M mute, Esc leaves full screen (else quits), Ctrl+Q quits.
/// The wheel seeks as mpv's does: a step up (or right) +10 s, down (or left) −10 s.
///
/// Time is the app's: a `MoviePlayhead` on event time says where the movie is. Two clocks
/// drive the frames (`Clock`): `.live` lets libmpv play (sound in step; its new frames wake
/// the host through `wakeup`), and re-syncs libmpv to the playhead with an exact seek at every
/// pause, seek and scrub, so a paused or ended movie shows the playhead's frame; `.byTime` asks
/// for the exact frame at the playhead's position at every draw (a replay, an export), so the
/// same events give the same pixels. The movie itself is opened at the first frame, in the
/// host's GL context.
public final class PlayerApp: GLFunApp {
    /// Frames are drawn into a `FrameTarget`.
    public typealias Frame = FrameTarget
    /// The app's name in a recording's session line.
    public static let name = "play"
    /// What Left and Right move by, and Up and Down change the volume by.
    public static let seekStep = 5.0
    /// What Up and Down change the volume by, in percent.
    public static let volumeStep = 5.0
    /// What a wheel step seeks by, in seconds (mpv's wheel: up +10 s, down −10 s).
    public static let wheelSeekStep = 10.0

    /// Which clock draws the frames: libmpv's (live, with sound) or the playhead's (exact frames).
    public enum Clock: String, Sendable {
        case live, byTime = "by-time"
    }

    /// The movie file.
    public let path: String
    /// The movie's size, length and frame rate.
    public let info: MovieInfo
    /// Which clock draws the frames.
    public let clock: Clock
    /// Where the movie is on the app's clock.
    public private(set) var playhead: MoviePlayhead
    /// The canvas, as the last resize event set it.
    public private(set) var canvas: Canvas
    /// The latest event's time, in seconds.
    public private(set) var now: Double = 0
    /// Whether the bottom bar shows.
    public internal(set) var barVisible = true
    /// Whether the bar hides itself while the movie plays (`PlayerApp+BarHiding`).
    public let hidesBar: Bool
    /// The time of the last touch that began or ended, or key pressed (the session's start at first).
    var lastInputAt: Double = 0
    /// The volume, 0...100.
    public private(set) var volume = 100.0
    /// Whether the sound is muted.
    public private(set) var muted: Bool
    /// Started without sound (`--no-sound`, in a window or in its recording): no audio is
    /// decoded, so the bar's button says "No sound" and the volume and mute keys only say so.
    public internal(set) var soundOff = false
    /// Whether the window is full screen.
    public private(set) var fullScreen = false
    /// A short line at the top (the volume, a seek), and until when it shows.
    public private(set) var message: (text: String, until: Double)?
    /// Wakes the window host when libmpv has a new frame (live clock only).
    public let wakeup: HostWakeup?
    let sound: Bool
    private let startPlaying: Bool
    /// Close the window when the movie ends (for scripts and benchmarks), as mpv does.
    public var quitsAtEnd = false
    var movie: Movie?
    var view: PlayerView?
    var gestures: PlayerGestures!
    /// A touch on the bar: which touch, and the control it began on.
    var barTouch: (id: Int, control: PlayerBar.Control?)?
    /// Where libmpv was last put while paused (nil: it has played on since).
    var syncedPosition: Double?
    /// Effects a gesture asked for, returned with the event that recognized it.
    var pending: [HostEffect] = []
    /// A scrub under way (slider or pan): where it began, and whether the movie was playing.
    var scrub: (from: Double, wasPlaying: Bool)?
    /// What the host was last asked about the screen blanking.
    private var awake = KeepAwakeRequest()
    /// A touchpad's fractions of a wheel step until they make one (`scroll`).
    var wheel = ScrollSteps()

    /// - Parameters:
    ///   - path: the movie file.
    ///   - info: the movie as `MovieProbe` found it (the length sets the playhead's end).
    ///   - canvas: the view's size until the first resize event.
    ///   - clock: `.live` in a window, `.byTime` for replays and exports.
    ///   - sound: play the sound (else muted from the start, and no audio decoded by time).
    ///   - loop: play again from the start at the end.
    ///   - playing: start playing (else paused at the start).
    ///   - hidesBar: the bar hides itself while the movie plays (`barHideDelay` after the last
    ///     touch or key); `glfun play` asks for it, a library's player keeps the bar by default.
    ///   - soundOff: started without sound (`--no-sound`): the bar says "No sound", as its replay does.
    public init(path: String, info: MovieInfo, canvas: Canvas, clock: Clock, sound: Bool = true, loop: Bool = false,
                playing: Bool = true, hidesBar: Bool = false, soundOff: Bool = false) {
        self.hidesBar = hidesBar
        self.soundOff = soundOff
        self.path = path
        self.info = info
        self.canvas = canvas
        self.clock = clock
        self.sound = sound
        muted = !sound
        startPlaying = playing
        playhead = MoviePlayhead(duration: info.duration, playing: playing, loops: loop)
        accounting = FrameAccounting(frameDuration: info.frameDuration,
                                     frameCount: Int((info.duration * info.frameRate).rounded()))
        wakeup = clock == .live ? HostWakeup() : nil
        gestures = PlayerGestures()
        gestures.onTap = { [unowned self] n in n == 1 ? self.barVisible.toggle() : self.toggleFullScreenFromGesture() }
        gestures.onPan = { [unowned self] state, dx in self.pan(state, dx) }
    }

    // MARK: InteractiveApp

    /// The window's title.
    public var title: String { PathName.lastComponent(of: path) }

    /// What its session line carries: the movie and how it started.
    public var settings: Settings {
        Settings(path: path, loop: playhead.loops, sound: sound, playing: startPlaying, hideBar: hidesBar)
    }
    /// The player draws nothing random: its seed is 0.
    public var seed: UInt64 { 0 }

    /// When the app next wants a tick, or nil.
    public var nextDeadline: Double? {
        var d: [Double] = []
        if let g = gestures.arena.nextDeadline { d.append(g) }
        if let m = message { d.append(m.until) }
        if let h = barHidesAt, h > now { d.append(h) }
        if let e = playhead.endTime, e > now { d.append(e) }
        // The bar's time and slider move while it plays; a frame by time is due every frame.
        if playhead.isPlaying, !playhead.hasEnded(at: now) {
            d.append(now + (clock == .byTime ? info.frameDuration : 0.25))
        }
        return d.min()
    }

    /// Takes one event; returns what the host should do. The screen is kept awake while the
    /// movie plays, and through a scrub of a playing movie (paused or ended: let go).
    public func handle(_ e: TimedEvent) -> [HostEffect] {
        let effects = react(to: e)
        return effects + awake.effects(wanted: isPlayingNow || scrub?.wasPlaying == true)
    }

    private func react(to e: TimedEvent) -> [HostEffect] {
        now = max(now, e.t)
        switch e.event {
        case .session:
            playhead = MoviePlayhead(duration: info.duration, playing: startPlaying, at: e.t, loops: playhead.loops)
            lastInputAt = e.t
            accounting.restart(at: position, playing: isPlayingNow)
            syncMovie()
            return [.setTitle(title), .redraw]
        case let .resize(w, h, scale):
            canvas = Canvas(width: w, height: h, scale: scale)
        case let .touch(phase, id, x, y):
            if phase == .began || phase.isFinal { noteInput() }
            touch(phase, id: id, at: Point(x, y))
        case let .key(k, mods):
            noteInput()
            return key(k, mods)
        case let .scroll(_, _, dx, dy):
            noteInput()
            return scroll(dx: dx, dy: dy)
        case .tick:
            gestures.arena.advance(to: now)
            if let m = message, m.until <= now { message = nil }
            hideBarIfDue()
            if playhead.isPlaying, playhead.hasEnded(at: now) {
                ended()
                if quitsAtEnd { pending.append(.quit) }
            }
        }
        defer { pending = [] }
        return pending + [.redraw]
    }

    /// Draws the current state into `frame`.
    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        if view == nil { view = try PlayerView(renderer: frame.renderer) }
        if try view!.draw(picture(context: frame.renderer.context), frame), clock == .live { movieLoaded() }
        accounting.presented(counter: (movie?.framesDrawn ?? 0) > 0 ? movie?.framesDrawn : nil, position: position,
                             playing: isPlayingNow)
        if firstFrameDrawnAt == nil { firstFrameDrawnAt = ProcessInfo.processInfo.systemUptime }
        if drawDelay > 0 { Thread.sleep(forTimeInterval: drawDelay) }
        return FrameReport()
    }

    // MARK: Playing

    /// The playhead's position now.
    public var position: Double { playhead.position(at: now) }

    /// Whether the movie plays now (playing, not held at its end).
    var isPlayingNow: Bool { playhead.isPlaying && !playhead.hasEnded(at: now) }

    /// Plays if paused, pauses if playing.
    public func togglePlay() {
        if playhead.isPlaying && !playhead.hasEnded(at: now) { pause() } else { play() }
    }

    /// Plays from the playhead's position.
    public func play() {
        control { $0.play(at: now) }
    }

    /// Pauses at the playhead's position.
    public func pause() {
        control { $0.pause(at: now) }
    }

    /// Moves to `seconds` (clamped), playing or not as before.
    public func seek(to seconds: Double) {
        control { $0.seek(to: seconds, at: now) }
    }

    /// A control changes the playhead: what played up to now is counted (`FrameAccounting`),
    /// then libmpv is made to agree.
    private func control(_ change: (inout MoviePlayhead) -> Void) {
        accounting.played(to: position)
        change(&playhead)
        accounting.restart(at: position, playing: isPlayingNow)
        syncMovie()
    }

    /// Changes the volume by `delta` percent (within 0...100); raising it unmutes.
    public func changeVolume(by delta: Double) {
        if soundOff { return show(PlayerApp.noSoundMessage) }
        volume = max(0, min(100, volume + delta))
        if muted, delta > 0 { muted = false }
        movie?.volume = volume
        movie?.muted = muted
        show("Volume \(Int(volume))%")
    }

    /// Mutes or unmutes the sound.
    public func toggleMute() {
        if soundOff { return show(PlayerApp.noSoundMessage) }
        muted.toggle()
        movie?.muted = muted
        show(muted ? "Muted" : "Volume \(Int(volume))%")
    }

    func show(_ text: String) { message = (text, now + 1.5) }

    /// What the volume and mute controls say when the player was started without sound.
    static let noSoundMessage = "No sound (started with --no-sound)"

    private func ended() {
        control { $0.pause(at: now) }
    }

    /// Live: libmpv made to agree with the playhead (paused or playing, at its position,
    /// exactly). By time there is nothing to tell it: each draw asks for its frame.
    func syncMovie() {
        guard clock == .live, let movie else { return }
        // A seek only when libmpv is not already there (a seek restarts its decoding: ~0.3 s).
        let p = MovieTiming.frameStart(containing: position, info: info)
        if p != syncedPosition { movie.seek(to: p) }
        syncedPosition = playhead.isPlaying && !playhead.hasEnded(at: now) ? nil : p
        if playhead.isPlaying && !playhead.hasEnded(at: now) { movie.play() } else { movie.pause() }
    }

    /// The movie, opened in the host's GL context at the first frame.
    func openMovie(context: Context) throws(MovieError) -> Movie {
        if let movie { return movie }
        let m = try Movie(path: path, context: context,
                          options: MovieOptions(sound: sound && clock == .live, autoplay: false, loop: playhead.loops))
        if let wakeup { m.onWake = { wakeup.wake() } }
        m.volume = volume
        m.muted = muted
        movie = m
        return m
    }

    /// Called once the live movie has loaded: it starts where the playhead is.
    func movieLoaded() { syncMovie() }

    /// Opens the movie in the host's GL context and waits until its first frame is decoded
    /// (at most `timeout` seconds), before the session starts: then the playhead's clock and
    /// libmpv's start together. A host calls it before running the app (the window's
    /// `prepare`); without it the movie opens at the first frame drawn.
    /// Its drawing's GL programs are made then too, so the first frame is not late.
    public func preroll(renderer: Renderer, timeout: Double = 20) throws {
        if view == nil { view = try PlayerView(renderer: renderer) }
        let m = try openMovie(context: renderer.context)
        // Waiting draws the first frame into the movie's own target, which a live window never
        // shows (libmpv draws into the view, `Movie.present`): a target of a few pixels, not a
        // full-size pass (it was 1920x1080 for a 1920x1080 clip, whatever the window).
        if m.renderSize == nil { m.renderSize = PlayerApp.prerollTarget }
        try m.waitUntilReady(timeout: timeout)
        syncedPosition = 0
        if try view!.warmUp(picture(context: renderer.context), canvas: canvas), clock == .live { movieLoaded() }
    }

    /// The size (pixels) `preroll` draws the first frame at, out of sight.
    static let prerollTarget = (width: 16, height: 9)

    /// What the view draws now (opening the movie at the first frame).
    func picture(context: Context) throws(MovieError) -> PlayerPicture {
        PlayerPicture(movie: try openMovie(context: context), info: info,
                      exactFrame: clock == .byTime ? position : nil, bar: barVisible ? bar : nil,
                      message: message?.text)
    }

    /// Clip frames put on screen while the movie played (`FrameAccounting`).
    public var framesShown: Int { accounting.shown }
    /// Clip frames that fell due while the movie played: its frame count, played through once.
    public var framesDue: Int { accounting.due }
    /// Clip frames that fell due and were never on screen, whoever skipped them (libmpv or a
    /// slow host): `framesShown + droppedFrames == framesDue`.
    public var droppedFrames: Int { accounting.dropped }
    /// The frames libmpv itself counted as dropped (decoding or showing late): a part of
    /// `droppedFrames` at most, since frames the host never presented are not among them.
    public var libmpvDroppedFrames: Int { movie?.droppedFrames ?? 0 }
    var accounting: FrameAccounting
    /// When the first frame after the session's start was drawn (`ProcessInfo.systemUptime`, CLOCK_MONOTONIC seconds; for
    /// `--stats` only, never for what is drawn).
    public internal(set) var firstFrameDrawnAt: Double?
    /// Seconds slept after each draw: a host made slow on purpose (tests of `--stats`'s
    /// counting). 0, the default, sleeps not at all.
    public var drawDelay: Double = 0

    // MARK: Full screen

    private func toggleFullScreenFromGesture() {
        pending += setFullScreen(!fullScreen)
    }

    func setFullScreen(_ on: Bool) -> [HostEffect] {
        fullScreen = on
        return [.setFullScreen(on), .redraw]
    }
}
