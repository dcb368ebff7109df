internal import CMPV
import Foundation
import GLFunGLES

/// A movie file played by libmpv into a texture: the `AVPlayer` + `AVPlayerLayer` of GLFun.
/// libmpv demuxes and decodes on its own threads, keeps sound and picture in step, and draws
/// each new frame, through its render API, into a `Framebuffer` this movie owns; `texture` is
/// that framebuffer's color texture, top row first like an `Image`'s, which a `Renderer` or a
/// `SlideComposer` draws like any picture.
///
/// Threading, as libmpv requires: all calls on one thread, the one where `context` is current.
/// libmpv's threads never call into the movie: they bump a counter and call `onWake` (set it
/// to a host's `HostWakeup.wake`), and the owner then calls `update()` on its own thread, which
/// reads libmpv's events and draws a new frame if one is waiting.
///
/// Two ways to drive it: *playing* (`play()`: libmpv's clock, sound in step; for a window) and
/// *by time* (`showFrame(at:)`: paused, an exact seek, waiting until that frame is drawn; for
/// headless output and replays, where a frame must depend on the time asked for alone).
///
/// GL state: every call that draws (`update`, `showFrame`, `close`) restores what it found
/// (`GLStateSnapshot`); the bound framebuffer is the caller's.
///
/// Not here: the window, the controls, time on the host's clock (PlayerApp has those).
public final class Movie {
    /// The movie file.
    public let path: String
    /// Loading, ready, playing, paused, ended or failed.
    public internal(set) var state: MovieState = .loading
    /// Size, length and frame rate, once loaded.
    public private(set) var info: MovieInfo?
    /// The newest frame drawn, or nil before the first.
    public var texture: Texture2D? { hasFrame ? target?.texture : nil }
    /// How many frames have been drawn into `texture` so far.
    public private(set) var framesDrawn = 0
    /// Whether libmpv draws frames as soon as they are decoded (`untimed`: frames by time)
    /// rather than at their times on its clock (playing).
    var untimed = false
    /// Called on libmpv's threads when the movie has news (events, a frame): wake the owner's loop.
    public var onWake: (@Sendable () -> Void)? { didSet { signal.setHandler(onWake) } }

    let core: MPVCore
    let signal = WakeSignal()
    var renderer: MovieRenderContext?
    var target: Framebuffer?
    var hasFrame = false
    var loaded = false
    var restartsSeen = 0
    let options: MovieOptions
    var renderSizeAsked: (width: Int, height: Int)?
    /// libmpv's `pause` and `eof-reached`, as its events last said (never read synchronously:
    /// a busy core would stall the caller).
    var corePaused = true
    var coreAtEnd = false
    /// The controls' values as last set.
    var controls = (rate: 1.0, loops: false, volume: 100.0, muted: false)
    /// The time `showFrame(at:)` last drew (nil once anything else moved the movie).
    var shownTime: Double?

    /// Opens `path` and starts loading it (asynchronously: `state` is `.loading` until it is
    /// ready or failed). `context` must be current; the frames are drawn in it.
    public init(path: String, context: Context, options: MovieOptions = MovieOptions()) throws(MovieError) {
        try MovieProbe.checkReadable(path)
        self.path = path
        self.options = options
        var opts: [(String, String)] = [
            ("vo", "libmpv"), ("hwdec", options.hardwareDecoding ? "auto-safe" : "no"),
            ("keep-open", "always"), ("pause", "yes"), ("loop-file", options.loop ? "inf" : "no"),
            ("hr-seek", "yes"), ("video-timing-offset", "0"),
            // Without hardware decoding no interop is needed; loading them all (what libmpv's
            // render API does by default) prints "Cannot load libcuda.so.1" on stderr with
            // fprintf where there is no NVIDIA driver, past `terminal=no`.
            ("gpu-hwdec-interop", options.hardwareDecoding ? "auto" : "no"),
        ]
        opts += options.sound ? [("ao", SoundOutputs.drivers()), ("audio-fallback-to-null", "yes")] : [("ao", "null"), ("aid", "no")]
        core = try MPVCore(path: path, options: opts)
        core.setWakeup(signal)
        controls.loops = options.loop
        renderer = try MovieRenderContext(core: core, context: context, signal: signal)
        core.observeFlag("eof-reached")
        core.observeFlag("pause")
        try core.command(["loadfile", path])
    }

    deinit { close() }

    /// Lets go of libmpv and the frame's framebuffer (in `context`). The movie is unusable after.
    public func close() {
        renderer?.free()
        renderer = nil
        target = nil
        hasFrame = false
    }

    // MARK: - Controls

    /// Plays from the current position (from the start once ended).
    public func play() {
        guard isUsable else { return }
        shownTime = nil
        if state == .ended { core.commandAsync(["seek", "0", "absolute+exact"]) }
        if untimed {
            core.setAsync("untimed", "no")  // frames at their times again (showFrame's are untimed)
            untimed = false
        }
        core.setAsync("pause", "no")
        state = .playing
    }

    /// Pauses on the frame shown.
    public func pause() {
        guard isUsable else { return }
        core.setAsync("pause", "yes")
        if state != .ended { state = .paused }
    }

    /// Seeks to `seconds` (clamped to the movie), exactly (to that frame) or to the nearest keyframe.
    public func seek(to seconds: Double, exact: Bool = true) {
        guard isUsable, seconds.isFinite else { return }
        shownTime = nil
        let t = max(0, min(seconds, info?.duration ?? seconds))
        core.commandAsync(["seek", String(t), exact ? "absolute+exact" : "absolute+keyframes"])
        if state == .ended { state = corePaused ? .paused : .playing }
    }

    /// Playback speed (1: normal).
    public var rate: Double {
        get { controls.rate }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            controls.rate = newValue
            core.setAsync("speed", String(newValue))
        }
    }

    /// Play again from the start at the end.
    public var loops: Bool {
        get { controls.loops }
        set {
            controls.loops = newValue
            core.setAsync("loop-file", newValue ? "inf" : "no")
        }
    }

    /// Volume, 0...100.
    public var volume: Double {
        get { controls.volume }
        set {
            guard newValue.isFinite else { return }
            controls.volume = max(0, min(100, newValue))
            core.setAsync("volume", String(controls.volume))
        }
    }

    /// Whether the sound is muted.
    public var muted: Bool {
        get { controls.muted }
        set {
            controls.muted = newValue
            core.setAsync("mute", newValue ? "yes" : "no")
        }
    }

    /// Frames libmpv dropped so far, decoding late or showing late (`frame-drop-count` plus
    /// `decoder-frame-drop-count`).
    public var droppedFrames: Int { (core.int("frame-drop-count") ?? 0) + (core.int("decoder-frame-drop-count") ?? 0) }

    /// Where libmpv's playback is, in seconds (its own clock; 0 before it is known).
    public var position: Double { core.double("time-pos") ?? 0 }

    /// The size (pixels) frames are drawn at: nil, the movie's own. A window showing a big movie
    /// small asks for the size it shows it at, which is cheaper to draw.
    public var renderSize: (width: Int, height: Int)? {
        get { renderSizeAsked }
        set {
            renderSizeAsked = newValue.map { (max(1, $0.width), max(1, $0.height)) }
            if let t = target, let s = wantedTargetSize, (t.width, t.height) != s {
                target = nil
                hasFrame = false
                shownTime = nil
                core.commandAsync(["seek", "0", "relative+exact"])  // a frame at the new size
            }
        }
    }

    private var isUsable: Bool { renderer != nil && !state.isFailed && loaded }

    private var wantedTargetSize: (Int, Int)? {
        if let s = renderSizeAsked { return s }
        guard let i = info, i.width > 0, i.height > 0 else { return nil }
        return (i.width, i.height)
    }
}

// MARK: - Events and frames (on the movie's thread)

extension Movie {
    var signalGeneration: Int { signal.generation }
    var restartCount: Int { restartsSeen }

    func waitForWake(after generation: Int, until deadline: Date) -> Bool {
        signal.wait(after: generation, until: deadline)
    }

    func handle(_ event: MPVCore.Event) {
        switch event {
        case .fileLoaded:
            guard core.videoTrackSize() != nil else {
                fail(.noVideo, "no video track (a sound file?)")
                return
            }
            loaded = true
            noteInfo()
        case .videoReconfigured:
            noteInfo()
        case .playbackRestarted:
            restartsSeen += 1
        case let .endFile(error):
            if let error { state = .failed(core.failure(error)) }
            else if !loaded { state = .failed(core.failure(MPV_ERROR_LOADING_FAILED.rawValue)) }
        case let .flagChanged(name, value):
            if name == "pause" { corePaused = value } else if name == "eof-reached" { coreAtEnd = value }
        case .shutdown:
            if !state.isFailed { fail(.libmpv, "libmpv shut down") }
        }
        if loaded, !state.isFailed, coreAtEnd, !loops, state != .ended, framesDrawn > 0 {
            state = .ended
        }
    }

    private func fail(_ kind: MovieError.Kind, _ reason: String) {
        state = .failed(MovieError(kind, path: path, reason: reason))
    }

    /// Size, length and rate from libmpv once known; `.ready` the first time all are.
    private func noteInfo() {
        let w = core.int("dwidth") ?? core.videoTrackSize()?.width ?? 0
        let h = core.int("dheight") ?? core.videoTrackSize()?.height ?? 0
        guard w > 0, h > 0 else { return }
        let fps = core.double("container-fps") ?? core.double("estimated-vf-fps") ?? 0
        let i = MovieInfo(width: w, height: h, duration: core.double("duration") ?? 0, frameRate: fps)
        let first = info == nil
        info = i
        if first, case .loading = state {
            state = .ready(i)
            if options.autoplay { play() }
        }
    }

    /// Draws libmpv's new frame, if it has one, into the frame's framebuffer.
    func drawIfNew() -> Bool {
        guard let renderer else { return false }
        let pending = renderer.pending()
        guard pending != .nothing else { return false }
        guard let size = wantedTargetSize else { return false }
        if target == nil || (target!.width, target!.height) != size {
            if !renderer.context.isCurrent { try? renderer.context.makeCurrent() }
            let saved = GLStateSnapshot.take()
            target = try? Framebuffer(context: renderer.context, width: size.0, height: size.1, depth: false)
            saved.restore()
        }
        guard let target else { return false }
        renderer.draw(into: target)
        hasFrame = true
        // A redraw of the frame already there is drawn (the caller's target may have been made
        // anew) but is not a new frame: waits for one must not end on it.
        guard pending == .frame else { return false }
        noteNewFrame()
        return true
    }

    /// libmpv handed over a new frame: counted, and an ended movie that moves again plays.
    func noteNewFrame() {
        framesDrawn += 1
        if case .ready = state {} else if state == .ended, !coreAtEnd {
            state = corePaused ? .paused : .playing
        }
    }
}

// MARK: - Reading a frame back

extension Movie {
    /// The newest frame's pixels, top row first (glReadPixels of its framebuffer; the caller's
    /// framebuffer binding and viewport are put back). nil before the first frame.
    public func readFrame() throws(GLESError) -> Image? {
        guard hasFrame, let target else { return nil }
        let saved = GLStateSnapshot.take()
        defer { saved.restore() }
        // The texture holds the top row first (row 0 at GL's bottom), so the framebuffer read,
        // which flips GL's rows to a top-left origin, is flipped back.
        let frame = try target.readPixels()
        return try GLESError.fromImage { () throws(ImageError) in try frame.oriented(.downMirrored) }
    }
}
