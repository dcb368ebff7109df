/// Something an app asks its host to do. A host that cannot do one (a headless replay has no
/// window to make full screen) ignores it.
public enum HostEffect: Equatable, Sendable {
    /// The picture changed: draw a frame.
    case redraw
    /// Close the window and end the session.
    case quit
    /// Save the app's document (the host's save service; see `AppDocument`).
    case save
    /// The window's title.
    case setTitle(String)
    /// Full screen on or off (EWMH `_NET_WM_STATE_FULLSCREEN` in the X11 host).
    case setFullScreen(Bool)
    case toggleFullScreen
    /// The pointer's shape over the window.
    case setCursor(PointerShape)
    /// Keep the screen from blanking, dimming or locking for want of input (true: a slide show
    /// or a movie playing), or let it again (false: paused, stopped, ended). A window host
    /// starts with it off and lets go when the session ends; an app sends it when what it
    /// wants changes (`KeepAwakeRequest`). X11: the MIT-SCREEN-SAVER extension's suspension;
    /// Wayland: an idle inhibitor on the window's surface.
    case keepAwake(Bool)
}

/// Pointer shapes a host offers.
public enum PointerShape: String, Sendable {
    case arrow, crosshair, hand, hidden
}

/// What drawing a frame did, for the host's statistics (`--stats`) and the compositor's damage.
public struct FrameReport: Equatable, Sendable {
    /// Items (shapes, images) drawn into caches this frame, beyond the frame itself.
    public var cachedItemsDrawn: Int
    /// Whether only part of the target was redrawn (the rest kept from the last frame).
    public var partial: Bool
    /// The pixels a partial frame changed, where the app knows them: a Wayland window tells
    /// the compositor (its damage). nil: all of them.
    public var damage: FrameDamage?
    /// A report; by default nothing cached and the whole target drawn.
    public init(cachedItemsDrawn: Int = 0, partial: Bool = false, damage: FrameDamage? = nil) {
        self.cachedItemsDrawn = cachedItemsDrawn
        self.partial = partial
        self.damage = damage
    }
}

/// A rectangle of a frame's pixels, top-left origin: what a partial frame redrew.
public struct FrameDamage: Equatable, Sendable {
    /// The left edge, in pixels.
    public var x: Int
    /// The top edge, in pixels.
    public var y: Int
    /// The width, in pixels.
    public var width: Int
    /// The height, in pixels.
    public var height: Int
    /// A rectangle of pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An interactive app, as a host runs it: a state machine fed `TimedEvent`s (input, and ticks
/// when it asked to be woken), answering with `HostEffect`s, and drawing a frame when the host
/// asks. It reads time only from the events, so a recording replays to the same pixels.
///
/// A host (the X11 window, or the headless replay) does this, in order:
/// 1. `handle(.session(app.session))`, then `handle(.resize(...))` with the canvas;
/// 2. for every input event: `handle(event)`, and acts on the effects;
/// 3. when the clock reaches `nextDeadline`, or `wakeup` is woken: `handle(.tick)`;
/// 4. after `.redraw` (or an expose, or a resize): `draw(frame)`;
/// 5. on close: saves `documentForSaving` if it has unsaved changes (autosave).
public protocol InteractiveApp: AnyObject {
    /// What a frame is drawn into. GLFun's hosts pass GLFunUI's `FrameTarget`; the protocol
    /// names no GL type so that this layer stays free of GL.
    associatedtype Frame

    /// The name a recording's session line carries (`"drawing"`, `"touches"`); `glfun replay`
    /// makes the app by it.
    static var name: String { get }
    /// The window's title when the session starts.
    var title: String { get }
    /// What a recording of this app starts with (seed, options).
    var session: Session { get }
    /// Handles one event; returns what the host should do.
    func handle(_ event: TimedEvent) -> [HostEffect]
    /// The earliest time (event seconds) the app wants a `.tick`, or nil.
    var nextDeadline: Double? { get }
    /// Draws a frame into `frame`. The host binds and presents it.
    func draw(_ frame: Frame) throws -> FrameReport
    /// The document the host saves (`.save`) and autosaves on close, or nil.
    var documentForSaving: (any AppDocument)? { get }
    /// A wake-up other threads of the app use (a movie's new frame): the window host polls it
    /// and sends a `.tick` when woken. nil (the default): the app is woken only by its deadline.
    var wakeup: HostWakeup? { get }
}

extension InteractiveApp {
    /// No deadline: the app is woken only by events.
    public var nextDeadline: Double? { nil }
    /// No document: nothing to save.
    public var documentForSaving: (any AppDocument)? { nil }
    /// No wake-up: the app is woken only by its deadline.
    public var wakeup: HostWakeup? { nil }
}

/// A document an app keeps, which the host saves on `.save` and autosaves when the session ends
/// (close, a signal, the display lost) with unsaved changes; while it has unsaved changes, the
/// window host also keeps a crash-recovery copy of it (`recoverySnapshot`) every few seconds.
public protocol AppDocument: AnyObject {
    /// Whether there are changes since it was opened or last saved.
    var hasUnsavedChanges: Bool { get }
    /// Where `.save` writes when the user named no file.
    var defaultFileName: String { get }
    /// Writes the document to `path` (atomically), and whatever it needs beside it. With
    /// `preview`, also a picture of it (the drawing's PNG); autosave passes false, as it may
    /// run with the display gone. Returns every path written.
    func write(to path: String, preview: Bool) throws -> [String]
    /// Records that the document was written out.
    func markSaved()
    /// A number that changes whenever the document does: the host rewrites its crash-recovery
    /// copy only when it moved.
    var revision: Int { get }
    /// The document's bytes as crash recovery keeps them (what `write(to:preview: false)` writes
    /// at `path`), in two steps: this call takes a copy of the document (cheap, on the host's
    /// thread); the closure makes the bytes, on another thread, while the app goes on.
    func recoverySnapshot() -> @Sendable () -> [UInt8]
    /// Of the paths `write` returned, those to name to the person ("saved A and B"): not a file
    /// written beside them that they did not ask for. By default all of them.
    func namedPaths(_ written: [String]) -> [String]
    /// A save the person asked for failed with `error` (the host also says so on stderr): the
    /// app shows it in the window, as it shows its other troubles. By default nothing.
    func saveFailed(_ error: any Error)
}

extension AppDocument {
    /// Every path written.
    public func namedPaths(_ written: [String]) -> [String] { written }
    /// Shows nothing.
    public func saveFailed(_ error: any Error) {}
}

extension HostEffect {
    /// The keys every GLFun app answers the same way: Esc and Ctrl+Q quit, F11 toggles full
    /// screen. nil for any other key.
    public static func standard(forKey key: Key, _ mods: Modifiers) -> [HostEffect]? {
        let k = key.lowercased
        if k == .escape || (mods.contains(.ctrl) && k == "q") { return [.quit] }
        if k == .f11 { return [.toggleFullScreen] }
        return nil
    }
}
