import GLFunKit
import Gestures

/// The color choices of the sample's segmented control.
public enum ColorChoice: Int, CaseIterable, Sendable {
    case red, blue, yellow, green, random

    public var label: String {
        switch self {
        case .red: return "Red"
        case .blue: return "Blue"
        case .yellow: return "Yellow"
        case .green: return "Green"
        case .random: return "Random"
        }
    }
    /// The keyboard shortcut.
    public var key: String { String(rawValue + 1) }
    /// The fixed color (nil for Random, which picks one at each touch).
    public var color: Color? {
        switch self {
        case .red: return .red
        case .blue: return .blue
        case .yellow: return .yellow
        case .green: return .green
        case .random: return nil
        }
    }
}

extension ShapeKind {
    /// The label on the shape control.
    public var label: String {
        switch self {
        case .line: return "Line"
        case .rect: return "Rect"
        case .ellipse: return "Ellipse"
        case .image: return "Image"
        }
    }
    /// The keyboard shortcut.
    public var key: String {
        switch self {
        case .line: return "l"
        case .rect: return "r"
        case .ellipse: return "e"
        case .image: return "i"
        }
    }
}

/// A shape being drawn by one touch, from its first location to its last.
public struct Stroke: Equatable, Sendable {
    public var id: Int
    /// Document points.
    public var firstTouch: Point
    public var lastTouch: Point
    public var color: Color
    public var kind: ShapeKind
    /// When and where (view points) the touch began, and whether it has moved 10 points from
    /// there: a second finger within 150 ms of an unmoved first one makes a canvas gesture.
    var beganAt: Double = 0
    var firstScreen = Point.zero
    var lastScreen = Point.zero
    var movedFar = false

    /// The shape as it stands now.
    public var shape: Shape {
        switch kind {
        case .line: return .line(firstTouch, lastTouch, color: color)
        case .rect: return .rect(firstTouch, lastTouch, color: color)
        case .ellipse: return .ellipse(firstTouch, lastTouch, color: color)
        case .image: return .image(App.spriteName, at: lastTouch)
        }
    }
}

/// Something the app asks its host (the window, or replay) to do.
public enum Effect: Equatable, Sendable {
    /// Write the document (scene JSON and a PNG beside it).
    case save
    /// Close the window.
    case quit
}

/// One undoable change to the document.
enum Edit: Equatable {
    case add(Shape)
    case clear([Shape])
    /// Classic mode: the new shape replaced everything.
    case replaceAll(old: [Shape], new: Shape)
    /// The shape at `index` changed (e.g. scaled by a gesture).
    case modify(index: Int, old: Shape, new: Shape)
}

/// The GLFun app as a pure state machine: `InputEvent`s in, a document and
/// view state out. It imports no X11 and reads no clock: time comes only from
/// the events, so the same events give the same state, in the window and in
/// `glfun replay` alike.
public final class App {
    /// The image the Image tool draws (the package's resources/sprite.png).
    public static let spriteName = "sprite.png"

    public struct Config: Sendable {
        /// The sample's one-shape-at-a-time behavior: each new shape replaces the last.
        public var classic = false
        /// Seeds the Random color's generator.
        public var seed: UInt64 = 0x5EED
        public init(classic: Bool = false, seed: UInt64 = 0x5EED) {
            self.classic = classic
            self.seed = seed
        }
    }

    public private(set) var config: Config
    /// The drawing: finished shapes in painter's order, canvas size, background.
    public private(set) var document: Scene
    /// Changes whenever the document changes other than by appending shapes,
    /// so a cached layer knows when to redraw from scratch.
    public private(set) var epoch = 0
    /// Whether the document changed since it was opened or last saved.
    public private(set) var isDirty = false
    public private(set) var currentColor: ColorChoice = .red
    public private(set) var currentShape: ShapeKind = .line
    /// Shapes being drawn, one per touch, in the order the touches began.
    public private(set) var strokes: [Stroke] = []
    public private(set) var helpVisible = false
    /// The canvas in points and pixels per point.
    public private(set) var canvas: Canvas
    /// Time of the last event, seconds.
    public private(set) var now: Double = 0
    /// How the document is shown: pan, zoom and rotation from two-finger gestures.
    public private(set) var view = ViewTransform.identity
    /// What the canvas does with touches.
    public private(set) var mode: DemoMode = .draw
    /// Every touch that is down, in view points (for the demos' dots and the emulated touches' circles).
    public private(set) var touchLocations: [(id: Int, location: Point)] = []
    /// The demos' text, top to bottom.
    public private(set) var demoLines: [String] = []
    private var messageExpiry: Double?
    private var tracker = TouchTracker()
    private var classicSwipes: [Int: ClassicSwipeDetector] = [:]
    private let canvasGestures = CanvasGestures()
    private let swipeDemo = SwipeDemo()
    /// The touches of a two- or three-finger canvas gesture, while one is down.
    private var gestureGroup: (ids: Set<Int>, start: Double, viewAtStart: ViewTransform, pivot: Point)?
    private var ignoredTouches: Set<Int> = []
    /// The last shape's original while a three-finger pinch scales it.
    private var scaling: (index: Int, original: Shape)?
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []
    private var controlTouches: Set<Int> = []
    private var rng: SplitMix64

    public init(canvas: Canvas, config: Config = Config(), document: Scene? = nil) {
        self.config = config
        self.canvas = canvas
        var doc = document ?? Scene(width: Int(canvas.width.rounded(.up)), height: Int(canvas.height.rounded(.up)))
        doc.scale = canvas.scale
        self.document = doc
        rng = SplitMix64(seed: config.seed)
        canvasGestures.onTap = { [unowned self] n in if n == 2 { self.undo() } else { self.redo() } }
        canvasGestures.onThreeFingerPinch = { [unowned self] state, scale in self.scaleLastShape(state, scale) }
        swipeDemo.onSwipe = { [unowned self] text in self.show([text], for: 2) }
    }

    /// Emulated touches (Alt-drag without a touch screen) have ids from here up; the
    /// app draws them as translucent circles.
    public static let emulatedTouchIDs = 1000..<2000

    /// The earliest time the app wants a `tick` (a message to erase, a gesture timer).
    public var nextDeadline: Double? {
        let d = [messageExpiry, canvasGestures.arena.nextDeadline, swipeDemo.arena.nextDeadline].compactMap { $0 }
        return d.min()
    }

    /// Whether a two- or three-finger canvas gesture is down (the view may be moving).
    public var isGesturing: Bool { gestureGroup != nil }

    /// Switches between drawing and the demos.
    public func setMode(_ m: DemoMode) {
        cancelAllTouches()
        mode = m
        demoLines = m == .draw ? [] : [m.title]
        messageExpiry = nil
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The shapes in progress, to draw on top of the document.
    public var liveShapes: [Shape] { strokes.map(\.shape) }

    /// The toolbar for the current canvas size.
    public var toolbar: Toolbar { Toolbar(canvas: canvas, color: currentColor, shape: currentShape) }

    /// Records that the document was written out.
    public func markSaved() { isDirty = false }

    /// Handles one event and returns what the host should do.
    @discardableResult
    public func handle(_ e: TimedEvent) -> [Effect] {
        now = max(now, e.t)
        switch e.event {
        case let .session(seed, classic):
            config.seed = seed
            config.classic = classic
            rng = SplitMix64(seed: seed)
            return []
        case let .resize(w, h, s):
            canvas = Canvas(width: w, height: h, scale: s)
            document.width = max(1, Int(w.rounded(.up)))
            document.height = max(1, Int(h.rounded(.up)))
            document.scale = s
            return []
        case let .touch(phase, id, x, y):
            touch(phase, id: id, at: Point(x, y))
            return []
        case let .key(key, mods):
            return self.key(key, mods)
        case .tick:
            expireMessage()
            canvasGestures.arena.advance(to: now)
            swipeDemo.arena.advance(to: now)
            return []
        }
    }

    private func show(_ lines: [String], for seconds: Double?) {
        demoLines = lines
        messageExpiry = seconds.map { now + $0 }
    }

    private func expireMessage() {
        if let e = messageExpiry, now >= e {
            messageExpiry = nil
            demoLines = mode == .draw ? [] : [mode.title]
        }
    }

    // MARK: Touches

    private func setLocation(_ id: Int, _ p: Point?) {
        touchLocations.removeAll { $0.id == id }
        if let p { touchLocations.append((id, p)) }
    }

    private func touch(_ phase: TouchPhase, id: Int, at p: Point) {
        expireMessage()
        setLocation(id, phase == .ended || phase == .cancelled ? nil : p)
        if phase == .began {
            let bar = toolbar
            if bar.covers(p) {
                controlTouches.insert(id)
                switch bar.hit(p) {
                case let .color(c)?: currentColor = c
                case let .shape(k)?: currentShape = k
                case nil: break
                }
                return
            }
            if helpVisible {
                helpVisible = false
                controlTouches.insert(id)
                return
            }
        } else if controlTouches.contains(id) {
            if phase == .ended || phase == .cancelled { controlTouches.remove(id) }
            return
        }
        switch mode {
        case .draw: drawTouch(phase, id: id, at: p)
        case .touches: touchesDemo(phase, id: id, at: p)
        case .swipes: classicSwipeDemo(phase, id: id, at: p)
        case .swipesRecognizer:
            swipeDemo.arena.handle(phase: phase, id: id, x: Double(p.x), y: Double(p.y), time: now)
        }
    }

    /// One finger draws; a finger that lands while another draws draws too; two or three
    /// that land together (within 150 ms, before any moved 10 points) are a canvas gesture.
    private func drawTouch(_ phase: TouchPhase, id: Int, at p: Point) {
        if ignoredTouches.contains(id) {
            if phase == .ended || phase == .cancelled { ignoredTouches.remove(id) }
            return
        }
        if var g = gestureGroup {
            if phase == .began {
                guard now - g.start <= 0.15, g.ids.count < 3 else {
                    ignoredTouches.insert(id)  // a finger too late or too many: not part of anything
                    return
                }
                g.ids.insert(id)
                gestureGroup = g
            }
            guard g.ids.contains(id) else { return }
            feedGesture(phase, id: id, at: p)
            return
        }
        switch phase {
        case .began:
            let recent = strokes.filter { now - $0.beganAt <= 0.15 && !$0.movedFar }
            if !strokes.isEmpty && recent.count == strokes.count && strokes.count <= 2 {
                startGesture(with: recent, newID: id, at: p)
                return
            }
            strokes.removeAll { $0.id == id }
            let color = currentColor.color ?? Color.random(using: &rng)
            let d = view.invert(p)
            strokes.append(Stroke(id: id, firstTouch: d, lastTouch: d, color: color, kind: currentShape,
                                  beganAt: now, firstScreen: p, lastScreen: p))
        case .moved, .stationary:
            if let i = strokes.firstIndex(where: { $0.id == id }) {
                strokes[i].lastTouch = view.invert(p)
                strokes[i].lastScreen = p
                let dx = p.x - strokes[i].firstScreen.x, dy = p.y - strokes[i].firstScreen.y
                if dx * dx + dy * dy >= 100 { strokes[i].movedFar = true }
            }
        case .ended:
            guard let i = strokes.firstIndex(where: { $0.id == id }) else { return }
            var stroke = strokes.remove(at: i)
            stroke.lastTouch = view.invert(p)
            commit(stroke.shape)
        case .cancelled:
            strokes.removeAll { $0.id == id }
        }
    }

    private func startGesture(with recent: [Stroke], newID: Int, at p: Point) {
        // The first finger's shape was not meant: it was the start of a gesture.
        strokes.removeAll()
        let ids = Set(recent.map(\.id) + [newID])
        let all = recent.map(\.lastScreen) + [p]
        let pivot = Point(all.map(\.x).reduce(0, +) / Float(all.count), all.map(\.y).reduce(0, +) / Float(all.count))
        gestureGroup = (ids, recent.map(\.beganAt).min() ?? now, view, pivot)
        for s in recent {
            canvasGestures.arena.handle(phase: .began, id: s.id, x: Double(s.firstScreen.x), y: Double(s.firstScreen.y),
                                        time: s.beganAt)
            if s.lastScreen != s.firstScreen {
                canvasGestures.arena.handle(phase: .moved, id: s.id, x: Double(s.lastScreen.x),
                                            y: Double(s.lastScreen.y), time: now)
            }
        }
        feedGesture(.began, id: newID, at: p)
    }

    private func feedGesture(_ phase: TouchPhase, id: Int, at p: Point) {
        guard var g = gestureGroup else { return }
        canvasGestures.arena.handle(phase: phase, id: id, x: Double(p.x), y: Double(p.y), time: now)
        if canvasGestures.isMovingView || canvasGestures.pinch.state == .ended || canvasGestures.pan.state == .ended
            || canvasGestures.rotation.state == .ended {
            view = g.viewAtStart.then(canvasGestures.viewChange(pivot: g.pivot))
        }
        if phase == .ended || phase == .cancelled {
            g.ids.remove(id)
            gestureGroup = g.ids.isEmpty ? nil : g
        }
    }

    private func scaleLastShape(_ state: GestureState, _ scale: Double) {
        switch state {
        case .began, .changed:
            if scaling == nil {
                guard let last = document.shapes.indices.last else { return }
                scaling = (last, document.shapes[last])
            }
            guard let (i, original) = scaling else { return }
            document.shapes[i] = App.scaled(original, by: Float(scale))
            epoch += 1
        case .ended:
            guard let (i, original) = scaling else { return }
            scaling = nil
            let new = App.scaled(original, by: Float(scale))
            document.shapes[i] = original
            apply(.modify(index: i, old: original, new: new))
        case .cancelled, .failed:
            if let (i, original) = scaling {
                document.shapes[i] = original
                epoch += 1
            }
            scaling = nil
        case .possible:
            break
        }
    }

    /// A shape scaled about its center (an image keeps its native size).
    static func scaled(_ s: Shape, by k: Float) -> Shape {
        guard s.kind != .image else { return s }
        let cx = (s.from.x + s.to.x) / 2, cy = (s.from.y + s.to.y) / 2
        var r = s
        r.from = Point(cx + (s.from.x - cx) * k, cy + (s.from.y - cy) * k)
        r.to = Point(cx + (s.to.x - cx) * k, cy + (s.to.y - cy) * k)
        return r
    }

    /// Every touch is cancelled (a lost grab, a mode switch).
    private func cancelAllTouches() {
        strokes.removeAll()
        if gestureGroup != nil {
            canvasGestures.arena.cancelAllTouches(at: now)
            gestureGroup = nil
        }
        swipeDemo.arena.cancelAllTouches(at: now)
        ignoredTouches.removeAll()
        controlTouches.removeAll()
        classicSwipes.removeAll()
        touchLocations.removeAll()
        tracker = TouchTracker()
    }

    // MARK: Demos

    private func touchesDemo(_ phase: TouchPhase, id: Int, at p: Point) {
        guard let t = tracker.update(phase: phase, id: id, location: GesturePoint(x: Double(p.x), y: Double(p.y)),
                                     time: now) else { return }
        let down = tracker.touches.filter { !$0.phase.isFinal }.count
        let status: String
        switch phase {
        case .began: status = "Touches Began"
        case .moved, .stationary: status = "Drag Detected"
        case .ended: status = "Touches Stopped."
        case .cancelled: status = "Touches Cancelled"
        }
        let taps = t.tapCount == 1 ? "1 tap detected" : "\(t.tapCount) taps detected"
        let n = max(down, phase.isFinal ? 1 : down)
        let touches = n == 1 ? "1 touch detected" : "\(n) touches detected"
        show([mode.title, status, taps, touches], for: nil)
    }

    private func classicSwipeDemo(_ phase: TouchPhase, id: Int, at p: Point) {
        let gp = GesturePoint(x: Double(p.x), y: Double(p.y))
        var d = classicSwipes[id] ?? ClassicSwipeDetector()
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
        classicSwipes[id] = phase.isFinal ? nil : d
        if let found {
            let fingers = max(1, touchLocations.count + (phase.isFinal ? 1 : 0))
            show([SwipeDemo.message(horizontal: found == .left || found == .right, fingers: fingers)], for: 2)
        }
    }

    /// Adds a finished shape (a line or box of no size is dropped: it draws nothing).
    private func commit(_ shape: Shape) {
        if shape.kind != .image && shape.from == shape.to { return }
        if shape.kind == .rect || shape.kind == .ellipse, shape.from.x == shape.to.x || shape.from.y == shape.to.y {
            return
        }
        if config.classic {
            apply(.replaceAll(old: document.shapes, new: shape))
        } else {
            apply(.add(shape))
        }
    }

    // MARK: Keys

    private func key(_ key: String, _ mods: Modifiers) -> [Effect] {
        let k = key.lowercased()
        if mods.contains(.ctrl) {
            switch k {
            case "q": return [.quit]
            case "z" where mods.contains(.shift), "y": redo()
            case "z": undo()
            case "backspace": clear()
            case "s": return [.save]
            default: break
            }
            return []
        }
        switch k {
        case "escape":
            if helpVisible { helpVisible = false } else { return [.quit] }
        case "?", "f1":
            helpVisible.toggle()
        case "d":
            setMode(mode.next)
        case "0":
            view = .identity
        default:
            if let c = ColorChoice.allCases.first(where: { $0.key == k }) { currentColor = c }
            if let s = ShapeKind.allCases.first(where: { $0.key == k }) { currentShape = s }
        }
        return []
    }

    // MARK: Editing

    /// Undoes the last change to the document.
    public func undo() {
        guard let edit = undoStack.popLast() else { return }
        revert(edit)
        redoStack.append(edit)
        isDirty = true
    }

    /// Redoes the last undone change.
    public func redo() {
        guard let edit = redoStack.popLast() else { return }
        perform(edit)
        undoStack.append(edit)
        isDirty = true
    }

    /// Removes every shape (undoable).
    public func clear() {
        guard !document.shapes.isEmpty else { return }
        apply(.clear(document.shapes))
    }

    /// Replaces the shape at `index` (undoable): how gestures change a finished shape.
    public func modifyShape(at index: Int, to shape: Shape) {
        guard document.shapes.indices.contains(index) else { return }
        apply(.modify(index: index, old: document.shapes[index], new: shape))
    }

    func apply(_ edit: Edit) {
        perform(edit)
        undoStack.append(edit)
        redoStack.removeAll()
        isDirty = true
    }

    private func perform(_ edit: Edit) {
        switch edit {
        case let .add(s):
            document.shapes.append(s)  // an append: the cached layer just draws it
        case .clear:
            document.shapes.removeAll()
            epoch += 1
        case let .replaceAll(_, new):
            document.shapes = [new]
            epoch += 1
        case let .modify(i, _, new):
            document.shapes[i] = new
            epoch += 1
        }
    }

    private func revert(_ edit: Edit) {
        switch edit {
        case .add:
            document.shapes.removeLast()
        case let .clear(old):
            document.shapes = old
        case let .replaceAll(old, _):
            document.shapes = old
        case let .modify(i, old, _):
            document.shapes[i] = old
        }
        epoch += 1
    }
}

/// A small, fast, seedable generator (SplitMix64), so Random colors replay.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
