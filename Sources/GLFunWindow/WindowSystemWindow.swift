import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit

/// A window on some window system (X11, Wayland) as `WindowHost` runs an app in it: an EGL
/// context to draw with and a way to present, its events turned into `InputEvent`s (points,
/// top-left origin), its canvas, and its side of the `HostEffect`s (title, full screen, cursor).
/// GLFunX11's `X11Window` and GLFunWayland's `WaylandWindow` implement it; the host knows no
/// window system.
///
/// A window only translates: what every window does the same (the clock, the pointer's drag as
/// touches, real touch ids: `InputTranslation`; the connection lost: `ConnectionLoss`; the
/// canvas) lives here once.
///
/// The host's loop: while `hasPendingEvents`, it takes `nextEvent()`; when it has something to
/// draw and `readyToDraw`, it draws and calls `present()`; otherwise it waits with poll on
/// `connectionFD` (and its own descriptors) until one is readable.
public protocol WindowSystemWindow: AnyObject {
    /// The EGL context of the window's surface.
    var context: Context { get }
    /// The window's width in pixels (what a frame draws into).
    var pixelWidth: Int { get }
    /// The window's height in pixels.
    var pixelHeight: Int { get }
    /// Pixels per point.
    var scale: Float { get }
    /// The window system's name in the host's notices ("X", "Wayland").
    var systemName: String { get }

    /// The connection's file descriptor, to wait on with poll.
    var connectionFD: Int32 { get }
    /// Whether events are waiting: reads what the connection has without blocking, and sends
    /// what is buffered.
    var hasPendingEvents: Bool { get }
    /// The next event's meaning to the app (blocks if none is pending).
    func nextEvent() -> [WindowEvent]
    /// What the window's events are translated with: the app's clock (`now`, `noteTick`), the
    /// last event's server time, the pointer's drag as touches (`InputTranslation`).
    var translation: InputTranslation { get }

    /// Whether a frame drawn now would be shown: false while the compositor has not yet asked
    /// for the next one (Wayland frame callbacks) or the window is hidden.
    var readyToDraw: Bool { get }
    /// Presents the frame drawn into the window's surface; `damage` (pixels, top-left origin)
    /// is the part that changed, nil for all of it.
    func present(damage: [PixelRect]?) throws(GLESError)

    /// Sets the window's title.
    func setTitle(_ title: String)
    /// Whether the window covers the screen.
    var isFullScreen: Bool { get }
    /// Full screen on or off.
    func setFullScreen(_ on: Bool)
    /// The pointer's shape over the window.
    func setCursor(_ cursor: PointerShape)
    /// Keeps the screen from blanking (true) or lets it blank again (false): X11's screen saver
    /// suspended, a Wayland idle inhibitor on the window's surface. Asking twice is nothing.
    func keepAwake(_ on: Bool)
}

extension WindowSystemWindow {
    /// The canvas the window shows, in points (its pixels over its scale), with its pixels per point.
    public var canvas: Canvas {
        Canvas(width: Float(pixelWidth) / scale, height: Float(pixelHeight) / scale, scale: scale)
    }
}

/// What one window-system event means to the app.
public enum WindowEvent {
    /// An input event for the app (its time from the window system's).
    case input(TimedEvent)
    /// The close button (or the compositor) asks the window to close.
    case close
    /// Part of the window must be drawn again.
    case expose
    /// An event that means nothing to the app (the host only notes that one came).
    case none
}

/// The host's one clock.
public enum WindowClock {
    /// CLOCK_MONOTONIC in seconds: frame times, and the time between events that ticks are
    /// measured by (X server and Wayland event times are on it too, in ms).
    public static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
