import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunGestures

/// Keys and touches: on the bar they press its buttons and drag its slider; anywhere else they
/// go to the gestures (taps, the scrubbing pan).
extension PlayerApp {
    /// The bar as it stands now.
    public var bar: PlayerBar {
        PlayerBar(canvas: canvas, playing: playhead.isPlaying && !playhead.hasEnded(at: now), muted: muted,
                  position: position, duration: info.duration, soundOff: soundOff)
    }

    func key(_ k: Key, _ mods: Modifiers) -> [HostEffect] {
        switch k.lowercased {
        case .escape where fullScreen:
            return setFullScreen(false)
        case "f":
            return setFullScreen(!fullScreen)
        case .f11:
            return setFullScreen(!fullScreen)
        default:
            break
        }
        if let standard = HostEffect.standard(forKey: k, mods) { return standard }
        switch k.lowercased {
        case "space", .space: togglePlay()
        case .left: seek(to: position - PlayerApp.seekStep); show("-\(Int(PlayerApp.seekStep)) s")
        case .right: seek(to: position + PlayerApp.seekStep); show("+\(Int(PlayerApp.seekStep)) s")
        case .up: changeVolume(by: PlayerApp.volumeStep)
        case .down: changeVolume(by: -PlayerApp.volumeStep)
        case "m": toggleMute()
        default: return []
        }
        showBarForKey()
        return [.redraw]
    }

    /// The wheel seeks `wheelSeekStep` a whole step (up or right forward, down or left back;
    /// a touchpad's scroll once its fractions make a step), along the axis it moved most on,
    /// and the bar shows, as for the arrow keys.
    func scroll(dx: Float, dy: Float) -> [HostEffect] {
        let steps = wheel.add(abs(dy) >= abs(dx) ? -dy : dx)
        guard steps != 0 else { return [] }
        let seconds = Double(steps) * PlayerApp.wheelSeekStep
        seek(to: position + seconds)
        show((steps > 0 ? "+" : "-") + "\(Int(abs(seconds))) s")
        showBarForKey()
        return [.redraw]
    }

    func touch(_ phase: TouchPhase, id: Int, at p: Point) {
        if let t = barTouch, t.id == id {
            if t.control == .slider {
                if phase == .cancelled { endScrub() } else { slide(to: p.x) }
                if phase == .ended { endScrub() }
            }
            if phase == .ended, let c = t.control, c != .slider, bar.hit(p) == c { press(c) }
            if phase.isFinal { barTouch = nil }
            return
        }
        if phase == .began, barVisible, bar.frame.contains(p) {
            let c = bar.hit(p)
            barTouch = (id, c)
            if c == .slider {
                beginScrub()
                slide(to: p.x)
            }
            return
        }
        gestures.arena.handle(phase: phase, id: id, x: Double(p.x), y: Double(p.y), time: now)
    }

    private func press(_ c: PlayerBar.Control) {
        switch c {
        case .playPause: togglePlay()
        case .mute: toggleMute()
        case .slider: break
        }
    }

    private func slide(to x: Float) {
        seek(to: Double(bar.sliderFraction(at: x)) * info.duration)
    }

    /// A horizontal pan scrubs: the window's width is the whole movie.
    func pan(_ state: GestureState, _ dx: Double) {
        switch state {
        case .began:
            beginScrub()
            fallthrough
        case .changed:
            guard let s = scrub else { return }
            seek(to: s.from + dx / Double(max(1, canvas.width)) * info.duration)
        case .ended, .cancelled, .failed:
            endScrub()
        default:
            break
        }
    }

    /// Scrubbing holds the movie still under the finger; it plays on after if it was playing.
    private func beginScrub() {
        guard scrub == nil else { return }
        scrub = (position, playhead.isPlaying && !playhead.hasEnded(at: now))
        if scrub!.wasPlaying { pause() }
    }

    private func endScrub() {
        guard let s = scrub else { return }
        scrub = nil
        if s.wasPlaying { play() }
    }
}
