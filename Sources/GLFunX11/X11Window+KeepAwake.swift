internal import CX11
import Foundation
import GLFunHost

/// What the window holds while an app keeps the screen awake (`HostEffect.keepAwake`).
struct ScreenSaverHold {
    /// The server's screen saver and DPMS are suspended (MIT-SCREEN-SAVER 1.1's
    /// XScreenSaverSuspend); false where the server lacks the extension.
    var suspended: Bool
    /// When the saver's timer was last reset (`ProcessInfo.systemUptime`, monotonic seconds).
    var lastReset: Double
}

/// The window's side of `HostEffect.keepAwake`: the X server's screen saver held off while an
/// app plays. Two means, as video players use them: the MIT-SCREEN-SAVER extension suspends the
/// server's saver and DPMS (undone when we ask, and by the server if the connection closes, so a
/// crash leaves nothing held), and XResetScreenSaver, at most every `screenSaverResetInterval`
/// seconds at a frame presented, restarts the server's idle time, which a desktop's own locker
/// watches and suspension does not stop. Not a D-Bus inhibitor: that is the session's, not the
/// X server's.
extension X11Window {
    /// Seconds between two resets of the saver's timer while the screen is kept awake: under the
    /// shortest blanking time desktops offer (one minute).
    public static var screenSaverResetInterval: Double { 20 }

    /// Whether the server offers XScreenSaverSuspend (MIT-SCREEN-SAVER 1.1 or later).
    private var canSuspendScreenSaver: Bool {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XScreenSaverQueryExtension(display, &event, &error) != 0,
              XScreenSaverQueryVersion(display, &major, &minor) != 0 else { return false }
        return major > 1 || (major == 1 && minor >= 1)
    }

    /// Keeps the screen from blanking (true) or lets it blank again (false); asking twice for
    /// the same is nothing.
    public func keepAwake(_ on: Bool) {
        if on {
            guard screenSaverHold == nil else { return }
            let suspend = canSuspendScreenSaver
            if suspend { XScreenSaverSuspend(display, 1) }
            XResetScreenSaver(display)
            screenSaverHold = ScreenSaverHold(suspended: suspend, lastReset: ProcessInfo.processInfo.systemUptime)
        } else {
            guard let hold = screenSaverHold else { return }
            if hold.suspended { XScreenSaverSuspend(display, 0) }
            screenSaverHold = nil
        }
        XFlush(display)
    }

    /// Whether the window holds the screen awake now.
    public var isKeepingAwake: Bool { screenSaverHold != nil }

    /// While the screen is kept awake, the saver's timer restarted if the interval has passed
    /// (`present` calls it: an app that keeps the screen awake is one that draws).
    func resetScreenSaverIfDue() {
        guard let hold = screenSaverHold else { return }
        let now = ProcessInfo.processInfo.systemUptime
        guard now - hold.lastReset >= X11Window.screenSaverResetInterval else { return }
        XResetScreenSaver(display)
        screenSaverHold?.lastReset = now
    }
}
