import Foundation
import GLFunHost
import GLFunKit
import GLFunUI

/// Happiness, the Stanford CS193p sample, on the host: the controller between a model (a
/// happiness 0 ... 100) and a `FaceView` that knows nothing of happiness, only of the
/// smiliness this controller gives it as its data source ((happiness − 50) / 50).
///
/// Gestures (`HappinessGestures`): a pinch scales the face, a vertical pan changes the
/// happiness by −translation.y / 4 (up is happier), a tap toggles the background between white
/// and green. Keys for those without touch: Up / Down happiness ± 5, + (or =) and - the face's
/// scale × or ÷ 1.1, Space the background; Esc, Ctrl+Q and F11 as in every app. The wheel is
/// Up and Down: a step up (or a touchpad's 10 points) happier by 5, a step down sadder.
///
/// Every set of the happiness prints `happiness = N` through `output` (standard output by
/// default, flushed at once), as CS193p's `didSet` does (`GestureRules.steps`: every change). The start values (happiness, scale) are the session's options,
/// so a recording replays to the same pixels.
public final class HappinessApp: GLFunApp, FaceViewDataSource {
    /// Frames are drawn into a `FrameTarget`.
    public typealias Frame = FrameTarget
    /// The app's name in a recording's session line.
    public static let name = "happiness"
    /// The model's range.
    public static let happinessRange = 0...100
    /// What Up and Down change the happiness by.
    public static let happinessKeyStep = 5
    /// What + and - multiply and divide the face's scale by.
    public static let scaleKeyFactor: Float = 1.1
    /// Points of vertical pan per unit of happiness (CS193p's `HappinessGestureScale`).
    public static let panPointsPerHappiness: Double = 4
    /// The backgrounds a tap toggles between (white first).
    public static let backgrounds = (off: Color.white, on: Color.green)

    /// The face: its scale is the view's, as in the sample.
    public let face: FaceView
    /// The canvas, as the last resize event set it.
    public private(set) var canvas: Canvas
    /// The latest event's time, in seconds.
    public private(set) var now: Double = 0
    /// Where `happiness = N` lines go (standard output, flushed, by default).
    public var output: (String) -> Void
    /// Whether the background is green (a tap or Space toggles it); white at the start.
    public private(set) var isGreen = false
    private var storedHappiness: Int
    private var startHappiness: Int
    private var startScale: Float
    /// The session's seed (recorded; the app draws nothing random).
    public private(set) var seed: UInt64
    /// How the pan and the pinch change the face.
    public private(set) var gestureRules: GestureRules
    private var gestures: HappinessGestures!
    /// The wheel's fractions of a step (a touchpad's scroll) until they make one.
    private var wheel = ScrollSteps()
    private let layer = FaceLayer()

    /// - Parameters:
    ///   - canvas: the view's size until the first resize event.
    ///   - happiness: the model's start, clamped to 0 ... 100.
    ///   - scale: the face's start scale (`FaceView.scale`, kept within `FaceView.scaleLimits`).
    ///   - gestures: how the pan and the pinch change the face (CS193p's code by default).
    ///   - seed: the session's seed (recorded; the app draws nothing random).
    ///   - output: receives every `happiness = N` line.
    public init(canvas: Canvas, happiness: Int = 50, scale: Float = 0.9, gestures: GestureRules = .cs193p,
                seed: UInt64 = 0, output: @escaping (String) -> Void = HappinessApp.printLine) {
        self.canvas = canvas
        gestureRules = gestures
        self.output = output
        self.seed = seed
        storedHappiness = HappinessApp.clamp(happiness)
        startHappiness = storedHappiness
        face = FaceView(scale: scale)
        startScale = face.scale
        face.dataSource = self
        self.gestures = HappinessGestures(app: self)
    }

    /// Prints a line on standard output and flushes it (so a pipe sees it at once).
    public static func printLine(_ line: String) {
        print(line)
        fflush(nil)
    }

    /// `value` within 0 ... 100.
    public static func clamp(_ value: Int) -> Int {
        min(max(value, happinessRange.lowerBound), happinessRange.upperBound)
    }

    // MARK: The model

    /// The model, 0 ... 100 (set values are clamped). Every set prints `happiness = N` (as
    /// CS193p's `didSet`); with `.steps` gestures, only a change does.
    public var happiness: Int {
        get { storedHappiness }
        set {
            let v = HappinessApp.clamp(newValue)
            guard v != storedHappiness || gestureRules == .cs193p else { return }
            storedHappiness = v
            output("happiness = \(v)")
        }
    }

    /// What the face shows: -1 (happiness 0) ... 1 (happiness 100).
    public var smiliness: Float { Float(happiness - 50) / 50 }

    /// The face's smiliness (`FaceViewDataSource`): the app's.
    public func smiliness(for face: FaceView) -> Float { smiliness }

    /// The background the face is drawn on.
    public var background: Color { isGreen ? HappinessApp.backgrounds.on : HappinessApp.backgrounds.off }

    /// Toggles the background between white and green.
    public func toggleBackground() {
        isGreen.toggle()
    }

    /// Multiplies the face's scale (kept within `FaceView.scaleLimits`).
    public func scaleFace(by factor: Float) {
        guard factor.isFinite, factor > 0 else { return }
        face.scale *= factor
    }

    // MARK: InteractiveApp

    /// The window's title.
    public var title: String { "Happiness" }

    /// The start values: what `glfun replay` needs to make the same app.
    public var settings: Settings { Settings(happiness: startHappiness, scale: startScale, gestures: gestureRules) }

    /// When the app next wants a tick, or nil.
    public var nextDeadline: Double? { gestures.arena.nextDeadline }

    /// Takes one event; returns what the host should do.
    public func handle(_ e: TimedEvent) -> [HostEffect] {
        now = max(now, e.t)
        switch e.event {
        case let .session(s):
            start(s)
            return [.redraw]
        case let .resize(w, h, scale):
            canvas = Canvas(width: w, height: h, scale: scale)
        case let .touch(phase, id, x, y):
            gestures.arena.handle(phase: phase, id: id, x: Double(x), y: Double(y), time: now)
        case let .key(k, mods):
            if let standard = HostEffect.standard(forKey: k, mods) { return standard }
            guard key(k, mods) else { return [] }
        case let .scroll(_, _, _, dy):
            // The wheel as Up and Down: a step up is happier by a key's step.
            let steps = wheel.add(dy)
            guard steps != 0 else { return [] }
            happiness -= steps * HappinessApp.happinessKeyStep
        case .tick:
            gestures.arena.advance(to: now)
        }
        return [.redraw]
    }

    /// A recording's session line: the start values it names (quietly: nothing changed by hand).
    private func start(_ s: Session) {
        seed = s.seed
        guard let settings = try? HappinessApp.settings(from: s) else { return }
        storedHappiness = HappinessApp.clamp(settings.happiness)
        startHappiness = storedHappiness
        face.scale = settings.scale
        startScale = face.scale
        gestureRules = settings.gestures
    }

    /// Whether the key did something.
    private func key(_ k: Key, _ mods: Modifiers) -> Bool {
        switch k {
        case .up: happiness += HappinessApp.happinessKeyStep
        case .down: happiness -= HappinessApp.happinessKeyStep
        case "+", "=": scaleFace(by: HappinessApp.scaleKeyFactor)
        case "-": scaleFace(by: 1 / HappinessApp.scaleKeyFactor)
        case .space: toggleBackground()
        default: return false
        }
        return true
    }

    /// The face drawn on a canvas (`FaceView.draw(into:)`), on its background, antialiased
    /// (`renderer.antialias`), through a layer of its own (`FaceLayer`: the window's pixels
    /// are then the replay's), the whole frame every time.
    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        var drawing = GraphicsContext()
        face.draw(into: &drawing, width: frame.canvas.width, height: frame.canvas.height)
        return try layer.draw(frame, drawing: drawing, background: background)
    }
}
