import GLFunHost

/// Keys and taps: what each does to the show.
extension SlideShowApp {
    /// What a key does: play, step, full screen, turn, interval, transition, order, quit.
    func key(_ k: Key, _ mods: Modifiers) -> [HostEffect] {
        switch k.lowercased {
        case .space: togglePlay()
        case .left: go(-1)
        case .right: go(1)
        case "f", .f11: return setFullScreen(!fullScreen)
        case "r": rotate()
        case "+", "=": setInterval(interval + 1)
        case "-": setInterval(interval - 1)
        case "t": nextKind()
        case "s" where settings.orderControl && mods.isEmpty: setShuffled(!shuffled)
        case .escape: return fullScreen ? setFullScreen(false) : [.quit]
        default: return HostEffect.standard(forKey: k, mods) ?? []
        }
        return []
    }

    /// What a tap does: one toggles full screen, two play (or undo a zoom), three turn.
    func tapped(_ n: Int) {
        switch n {
        case 1: pending += setFullScreen(!fullScreen)
        case 2: if zoom > 1.001 { resetZoom() } else { togglePlay() }
        default: rotate()
        }
    }
}
