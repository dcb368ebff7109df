import GLFunKit

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
    public var firstTouch: Point
    public var lastTouch: Point
    public var color: Color
    public var kind: ShapeKind

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
            return []
        }
    }

    // MARK: Touches

    private func touch(_ phase: TouchPhase, id: Int, at p: Point) {
        switch phase {
        case .began:
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
            strokes.removeAll { $0.id == id }
            let color = currentColor.color ?? Color.random(using: &rng)
            strokes.append(Stroke(id: id, firstTouch: p, lastTouch: p, color: color, kind: currentShape))
        case .moved, .stationary:
            if let i = strokes.firstIndex(where: { $0.id == id }) { strokes[i].lastTouch = p }
        case .ended:
            if controlTouches.remove(id) != nil { return }
            guard let i = strokes.firstIndex(where: { $0.id == id }) else { return }
            var stroke = strokes.remove(at: i)
            stroke.lastTouch = p
            commit(stroke.shape)
        case .cancelled:
            controlTouches.remove(id)
            strokes.removeAll { $0.id == id }
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
