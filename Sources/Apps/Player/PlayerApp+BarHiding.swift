/// The bar gets out of the way while the movie plays, as mpv's controller and every player
/// people keep do: it hides `barHideDelay` seconds after the last touch (its start or its end)
/// or key, and a tap (or one of the player's keys) brings it back. Paused, ended or in the
/// middle of a touch on it, it stays. With the bar gone a frame is the movie alone, nothing
/// drawn over it (on llvmpipe the blended bar is a few per cent of a frame's CPU). By the events' clock only, so a replay hides it at the
/// same event; session lines without `hideBar` (recordings older than it) keep the bar.
extension PlayerApp {
    /// Seconds the bar stays after the last touch or key while the movie plays.
    public static let barHideDelay = 3.0

    /// When the bar hides by itself, or nil while it stays (hidden already, paused, ended, a
    /// touch on it, or hiding is off).
    public var barHidesAt: Double? {
        guard hidesBar, barVisible, isPlayingNow, barTouch == nil, scrub == nil else { return nil }
        return lastInputAt + PlayerApp.barHideDelay
    }

    /// A touch began or ended, or a key was pressed, at `now`: the hiding waits again.
    func noteInput() { lastInputAt = now }

    /// One of the player's own keys (play, seek, volume, mute) was pressed: the bar shows what
    /// it did. (A tap toggles it through the gestures, as before; Ctrl+Q and the like leave it.)
    func showBarForKey() {
        if hidesBar { barVisible = true }
    }

    /// Hides the bar when its time has come.
    func hideBarIfDue() {
        if let at = barHidesAt, now >= at { barVisible = false }
    }
}
