import GLFunHost
import GLFunKit
import GLFunUI
import GLFunGestures

/// Swipes, the classic sample: a swipe (at least 25 points along one axis, at most 5 across)
/// shows "Horizontal swipe detected" or "Vertical swipe detected" for two seconds. By default
/// with the sample's hand-written detector; with `recognizers`, with swipe gesture recognizers
/// for one, two and three fingers (the sample's later version: "2-finger vertical swipe
/// detected"). With `classic` (`--classic`), the sample's code to the letter (`OriginalSwipes`):
/// the check on every move against one start point, each passing move setting the label
/// again. It draws nothing else but a dot under every touch.
public final class SwipesApp: GLFunApp {
    /// Frames are drawn into a `FrameTarget`.
    public typealias Frame = FrameTarget
    /// The app's name in a recording's session line.
    public static let name = "swipes"
    /// How long a message stays, seconds (the sample's 2).
    public static let messageDuration = 2.0

    private var demo: DemoCanvas
    /// The canvas, as the last resize event set it.
    public var canvas: Canvas { demo.canvas }
    /// The latest event's time, in seconds.
    public private(set) var now: Double = 0
    /// The sample's one label (empty when there is nothing to say).
    public private(set) var message = ""
    /// Whether a touch has begun: until then the label shows `hint` (not with `classic`).
    public private(set) var touched = false
    /// What the label shows until the first touch (by default), so that the window does not open
    /// plain grey: which swipes are found.
    public var hint: String? {
        if classic || touched { return nil }
        return usesRecognizers ? "Swipe with one, two or three fingers" : "Swipe horizontally or vertically"
    }
    /// Whether swipes are found by recognizers rather than the hand-written detector.
    public private(set) var usesRecognizers: Bool
    private var messageExpiry: Double?
    private var detectors: [Int: ClassicSwipeDetector] = [:]
    /// Whether the sample's code runs to the letter (`OriginalSwipes`).
    public private(set) var classic: Bool
    private var original = OriginalSwipes()
    private let recognizers = SwipeRecognizers()
    /// The seed recorded in its session.
    public private(set) var seed: UInt64
    /// Every touch that is down, in points (a dot each).
    public var touchLocations: [(id: Int, location: Point)] { demo.touchLocations }

    /// An app on `canvas`; `recognizers`: swipe recognizers rather than the classic detector.
    public init(canvas: Canvas, recognizers: Bool = false, classic: Bool = false, seed: UInt64 = 0) {
        demo = DemoCanvas(canvas: canvas)
        usesRecognizers = recognizers
        self.classic = classic && !recognizers
        self.seed = seed
        self.recognizers.onSwipe = { [unowned self] text in self.show(text) }
    }

    /// What its session line carries: which way swipes are found.
    public struct Settings: AppSettings {
        /// Swipe gesture recognizers rather than the sample's hand-written detector (`--recognizers`).
        public var recognizers = false
        /// The sample's code to the letter (`--classic`); not with `recognizers`.
        public var classic = false
        /// Settings; by default the hand-written detector.
        public init(recognizers: Bool = false, classic: Bool = false) {
            self.recognizers = recognizers
            self.classic = classic
        }

        /// `glfun swipes` starts with the hand-written detector.
        public static let commandLineDefaults = Settings()

        /// `glfun swipes`'s options.
        public static let options: [SettingOption] = [
            SettingOption("recognizers", .flag(setting: true),
                          help: "Find swipes with swipe gesture recognizers for 1, 2 and 3 fingers, not the hand-written detector."),
            SettingOption("classic", .flag(setting: true),
                          help: "The sample's code to the letter: the check on every move against where the last touch began, each passing move showing the label again."),
        ]

        /// Checked as the command line checks them (`validated`).
        /// - Throws: `SessionOptionsError` (`classic`, out of range) when both are asked for.
        public func validate() throws(SessionOptionsError) { _ = try validated() }

        /// Checked as the command line checks them.
        /// - Throws: `SessionOptionsError` (`classic`, out of range) when both are asked for.
        public func validated() throws(SessionOptionsError) -> Settings {
            if recognizers && classic {
                throw SessionOptionsError(key: "classic", value: "true", kind: .outOfRange(range: "false with recognizers"))
            }
            return self
        }
    }
    /// A recording without the options used the hand-written detector.
    public static let recordedDefaults = Settings()
    /// The settings now.
    public var settings: Settings { Settings(recognizers: usesRecognizers, classic: classic) }

    /// The app for a host's start.
    /// - Throws: `SessionOptionsError` for `recognizers` and `classic` both.
    public convenience init(settings: Settings, seed: UInt64, start: AppStart) throws(SessionOptionsError) {
        let s = try settings.validated()
        self.init(canvas: start.canvas, recognizers: s.recognizers, classic: s.classic, seed: seed)
    }

    /// The window's title.
    public var title: String { "GLFun Swipes" }
    /// When the app next wants a tick, or nil.
    public var nextDeadline: Double? {
        [messageExpiry, recognizers.arena.nextDeadline, original.nextErasure].compactMap { $0 }.min()
    }

    /// Takes one event; returns what the host should do.
    public func handle(_ e: TimedEvent) -> [HostEffect] {
        now = max(now, e.t)
        expireMessage()
        demo.note(e.event)
        switch e.event {
        case let .session(s):
            seed = s.seed
            if let settings = try? SwipesApp.settings(from: s).validated() {
                usesRecognizers = settings.recognizers
                classic = settings.classic
            }
            return []
        case .resize:
            break
        case let .touch(phase, id, x, y):
            touch(phase, id: id, at: Point(x, y))
        case let .key(k, mods):
            return HostEffect.standard(forKey: k, mods) ?? []
        case .tick:
            recognizers.arena.advance(to: now)
        case .scroll:
            return []
        }
        return [.redraw]
    }

    private func show(_ text: String) {
        message = text
        messageExpiry = now + SwipesApp.messageDuration
    }

    private func expireMessage() {
        if original.erase(upTo: now) { message = "" }
        if let e = messageExpiry, now >= e {
            messageExpiry = nil
            message = ""
        }
    }

    private func touch(_ phase: TouchPhase, id: Int, at p: Point) {
        touched = true
        if usesRecognizers {
            recognizers.arena.handle(phase: phase, id: id, x: Double(p.x), y: Double(p.y), time: now)
            return
        }
        let gp = GesturePoint(x: Double(p.x), y: Double(p.y))
        if classic {
            switch phase {
            case .began: original.began(at: gp)
            case .moved, .stationary: if let text = original.moved(to: gp, at: now) { message = text }
            case .ended, .cancelled: break
            }
            return
        }
        var d = detectors[id] ?? ClassicSwipeDetector()
        var found: SwipeDirection?
        switch phase {
        case .began: d.touchBegan(at: gp)
        case .moved, .stationary: found = d.touchMoved(to: gp)
        case .ended:
            let reported = d.direction != nil  // a swipe is reported once per touch
            found = d.touchEnded(at: gp)
            if reported { found = nil }
        case .cancelled: d.reset()
        }
        detectors[id] = phase.isFinal ? nil : d
        if let found {
            let fingers = max(1, touchLocations.count + (phase.isFinal ? 1 : 0))
            show(SwipeRecognizers.message(horizontal: found == .left || found == .right, fingers: fingers))
        }
    }

    /// Draws the current state into `frame`.
    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        try demo.draw(frame, lines: [(message.isEmpty ? hint ?? "" : message, 22)])
    }
}
