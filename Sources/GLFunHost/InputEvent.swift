/// Keyboard modifiers held with a key.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The modifier bits.
    public let rawValue: Int
    /// The modifiers whose bits are `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Control.
    public static let ctrl = Modifiers(rawValue: 2)
    /// Alt.
    public static let alt = Modifiers(rawValue: 4)

    /// The names the event log uses, in a fixed order.
    public var names: [String] {
        var n: [String] = []
        if contains(.ctrl) { n.append("ctrl") }
        if contains(.alt) { n.append("alt") }
        if contains(.shift) { n.append("shift") }
        return n
    }
}

/// What a recording starts with: which app ran, the seed of its random choices, and the
/// app's own options (e.g. the drawing app's `classic`), so a replay makes the same app.
public struct Session: Equatable, Sendable {
    /// The app's name (`InteractiveApp.name`); old recordings without one are `"drawing"`.
    public var app: String
    /// The seed of the app's random choices (`SplitMix64`).
    public var seed: UInt64
    /// App-specific settings, as strings ("true", "1.5").
    public var options: [String: String]
    /// A session of `app` with `seed` and the app's `options`.
    public init(app: String, seed: UInt64, options: [String: String] = [:]) {
        self.app = app
        self.seed = seed
        self.options = options
    }
    /// The app a recording without an `"app"` field belongs to.
    public static let defaultApp = "drawing"
}

/// What an app reacts to. The window makes these from X events; `glfun replay` reads them
/// from a file. Coordinates are points, top-left origin, y down.
public enum InputEvent: Equatable, Sendable {
    /// First in a recording: the app, its random seed and options.
    case session(Session)
    /// The canvas's size in points and its pixels per point.
    case resize(width: Float, height: Float, scale: Float)
    case touch(phase: TouchPhase, id: Int, x: Float, y: Float)
    /// A key (`Key`: "e", "?", `.escape`, `.backspace`, `.f1`) with modifiers.
    case key(Key, Modifiers)
    /// A scroll with the pointer at (`x`, `y`) points: a mouse wheel turned, or a touchpad's
    /// two-finger scroll. `dx` and `dy` are wheel steps ("clicks"), fractional for a smooth
    /// scroll (a touchpad: 10 points of finger travel are one step); `dy` > 0 is the wheel
    /// turned toward the user ("scroll down", X button 5), `dx` > 0 is to the right (X button 7).
    case scroll(x: Float, y: Float, dx: Float, dy: Float)
    /// Time passing with no input (the host sends these when the app asked to be woken).
    case tick
}

/// An event and when it happened, in seconds since the session started.
public struct TimedEvent: Equatable, Sendable {
    /// When, in seconds since the session started.
    public var t: Double
    /// What happened.
    public var event: InputEvent
    /// `event` at `t` seconds.
    public init(t: Double, _ event: InputEvent) {
        self.t = t
        self.event = event
    }
}

/// Which device a touch id came from. Hosts allocate ids in these ranges so an app can tell a
/// mouse drag from an emulated or a real finger (the drawing app draws emulated touches as
/// translucent circles).
public enum TouchIDs {
    /// The mouse (or the pointer a touch screen emulates): one id.
    public static let mouse = 0
    /// Touches the host emulates with the mouse (Alt-drag: two or three fingers).
    public static let emulated = 1000..<2000
    /// Real touches (XInput 2.2), by the server's touch id.
    public static let real = 2000..<1_002_000
}
