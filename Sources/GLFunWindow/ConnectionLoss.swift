import Foundation

// Reached from C callbacks (Xlib's I/O error handler) that cannot capture context.
nonisolated(unsafe) private var lostHandler: (() -> Void)?

/// The connection to the window system lost (the server or compositor died, or closed us),
/// the same for every window: the host's last chance to save (`WindowHost` sets it: the
/// autosave and its `HostNotice.connectionLost`), then the process exits with status 1.
/// A window reports it (`report`); it never returns, as Xlib's I/O error handler must not.
public enum ConnectionLoss {
    /// What runs before the exit; `WindowHost.run` sets it.
    static var handler: (() -> Void)? {
        get { lostHandler }
        set { lostHandler = newValue }
    }

    /// The host's handler (when a host runs), then exit status 1.
    public static func report() -> Never {
        lostHandler?()
        _exit(1)
    }
}
