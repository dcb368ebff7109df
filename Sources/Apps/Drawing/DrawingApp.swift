import GLFunHost
import GLFunKit
import GLFunUI
import GLFunGestures

/// The drawing app: pick a color and a shape, drag to draw it; two or three fingers move the
/// view, tap to undo and redo, or scale the last shape. A pure state machine: `TimedEvent`s
/// in, a document (`Scene`) and view state out. It reads no clock (time comes only from the
/// events) and opens nothing, so the window and `glfun replay` give the same state.
public final class DrawingApp: GLFunApp {
    /// Frames are drawn into a `FrameTarget`.
    public typealias Frame = FrameTarget
    /// The app's name in a recording's session line.
    public static let name = "drawing"
    /// The image the Image tool draws (the package's resources/sprite.png).
    public static let spriteName = "sprite.png"

    /// How the app behaves: classic mode, the random colors' seed, antialiasing.
    public struct Config: Sendable {
        /// The sample's one-shape-at-a-time behavior: each new shape replaces the last.
        public var classic = false
        /// Seeds the Random color's generator.
        public var seed: UInt64 = 0x5EED
        /// Antialiased edges (`glfun draw --aa`); nil: the opened document's own setting, on
        /// for a new drawing.
        public var antialias: Bool?
        /// A configuration; by default not classic, seed 0x5EED, antialiasing as the document says.
        public init(classic: Bool = false, seed: UInt64 = 0x5EED, antialias: Bool? = nil) {
            self.classic = classic
            self.seed = seed
            self.antialias = antialias
        }
    }

    /// How the app behaves.
    public private(set) var config: Config
    /// The drawing: finished shapes in painter's order, canvas size, background.
    public private(set) var document: Scene
    /// Changes whenever the document changes other than by appending shapes,
    /// so a cached layer knows when to redraw from scratch.
    public private(set) var epoch = 0
    /// Whether the document changed since it was opened or last saved.
    public private(set) var isDirty = false {
        didSet { if isDirty { revision += 1 } }
    }
    /// Counts the changes to the document (crash recovery rewrites its copy when it moved).
    public private(set) var revision = 0
    /// The color new shapes get.
    public internal(set) var currentColor: ColorChoice = .red
    /// The kind of shape a drag draws.
    public internal(set) var currentShape: ShapeKind = .line
    /// The Pen's width in points (`[` and `]` step through `PenInk.widths`).
    public internal(set) var penWidth = PenInk.defaultWidth
    /// Shapes being drawn, one per touch, in the order the touches began.
    public private(set) var strokes: [Stroke] = []
    /// Whether the on-screen help is shown.
    public internal(set) var helpVisible = false
    /// The canvas in points and pixels per point.
    public private(set) var canvas: Canvas
    /// Time of the last event, seconds.
    public private(set) var now: Double = 0
    /// How the document is shown: pan, zoom and rotation from two-finger gestures.
    public internal(set) var view = ViewTransform.identity
    /// Every touch that is down, in view points (emulated touches are drawn as circles).
    public private(set) var touchLocations: [(id: Int, location: Point)] = []
    private let gestures = CanvasGestures()
    private var ignoredTouches: Set<Int> = []
    /// The last shape's original while a three-finger pinch scales it.
    private var scaling: (index: Int, original: Shape)?
    private var history = History()
    private var controlTouches: Set<Int> = []
    private var rng: SplitMix64
    /// Draws frames; made at the first frame, in the host's context.
    var drawingView: DrawingView?
    /// What the host saves (`.save`, autosave).
    public private(set) lazy var file = DrawingFile(app: self)

    /// An app on `canvas`, with `document` open (nil: a new drawing).
    public init(canvas: Canvas, config: Config = Config(), document: Scene? = nil) {
        self.config = config
        self.canvas = canvas
        var doc = document ?? Scene(width: Int(canvas.width.rounded(.up)), height: Int(canvas.height.rounded(.up)))
        doc.scale = canvas.scale
        // A new drawing is antialiased; an opened one keeps its own; --aa overrides both.
        doc.antialias = config.antialias ?? (document?.antialias ?? true)
        self.document = doc
        rng = SplitMix64(seed: config.seed)
        gestures.onTap = { [unowned self] n in if n == 2 { self.undo() } else { self.redo() } }
        gestures.onThreeFingerPinch = { [unowned self] state, scale in self.scaleLastShape(state, scale) }
    }

    // MARK: InteractiveApp

    /// The window's title.
    public var title: String { "GLFun" }
    /// What its session line carries: classic mode and the document's antialiasing.
    public var settings: Settings { Settings(classic: config.classic, antialias: document.antialias) }
    /// The Random color's seed.
    public var seed: UInt64 { config.seed }
    /// The document the host saves and autosaves.
    public var documentForSaving: (any AppDocument)? { file }

    /// The earliest time the app wants a `tick` (a gesture timer, a message's end).
    public var nextDeadline: Double? { [gestures.arena.nextDeadline, message?.until].compactMap { $0 }.min() }

    /// A line shown under the top bar until a time (a save that failed), or nil.
    public private(set) var message: (text: String, until: Double)?
    /// How long a failed save's line shows, in seconds.
    public static let saveFailureDuration = 6.0

    /// Shows that a save failed, with the error's words, for `saveFailureDuration` seconds.
    public func showSaveFailure(_ error: any Error) {
        message = ("Not saved: \(error)", now + DrawingApp.saveFailureDuration)
    }

    /// Draws the current state into `frame`.
    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        if drawingView == nil || drawingView!.renderer !== frame.renderer {
            drawingView = try DrawingView(renderer: frame.renderer)
        }
        return try drawingView!.drawFrame(picture, canvas: frame.canvas, incremental: frame.preserved, bindTarget: frame.bind)
    }

    /// Whether a two- or three-finger canvas gesture is down (the view may be moving).
    public var isGesturing: Bool { gestures.isActive }

    /// Whether there is a change to undo.
    public var canUndo: Bool { history.canUndo }
    /// Whether there is a change to redo.
    public var canRedo: Bool { history.canRedo }
    /// Changes the history holds (to undo and to redo): at most `undoLimit`.
    public var historyCount: Int { history.count }

    /// The most changes undo can go back through (Krita keeps 30, Photoshop 50, LibreOffice 100:
    /// drawing apps bound their history); the oldest are forgotten first.
    public static let undoLimit = 1000
    /// The most shapes the history keeps alive (a clear keeps the whole document it cleared),
    /// 56 bytes each: about 56 MB. Past it the oldest changes are forgotten, never the newest.
    public static let undoShapeLimit = 1_000_000

    /// The shapes in progress, to draw on top of the document.
    public var liveShapes: [Shape] { strokes.flatMap(\.liveShapes) }

    /// The toolbar for the current canvas size.
    public var toolbar: Toolbar { Toolbar(canvas: canvas, color: currentColor, shape: currentShape, penWidth: penWidth) }

    /// Records that the document was written out.
    public func markSaved() { isDirty = false }

    /// Records that the document is not saved anywhere the user chose (a drawing recovered
    /// after a crash): it will be saved on Ctrl+S, or autosaved.
    public func markUnsaved() { isDirty = true }

    /// Handles one event and returns what the host should do.
    @discardableResult
    public func handle(_ e: TimedEvent) -> [HostEffect] {
        now = max(now, e.t)
        if let m = message, now >= m.until { message = nil }
        switch e.event {
        case let .session(s):
            config.seed = s.seed
            rng = SplitMix64(seed: s.seed)
            // A session whose settings do not read changes no setting: replay refuses such a
            // recording before it starts (one error line), and a window writes only its own.
            guard let settings = try? DrawingApp.settings(from: s) else { return [] }
            config.classic = settings.classic
            let aa = settings.antialias
            if document.antialias != aa {
                document.antialias = aa
                epoch += 1
            }
            return []
        case let .resize(w, h, s):
            canvas = Canvas(width: w, height: h, scale: s)
            document.width = max(1, Int(w.rounded(.up)))
            document.height = max(1, Int(h.rounded(.up)))
            document.scale = s
            return [.redraw]
        case let .touch(phase, id, x, y):
            touch(phase, id: id, at: Point(x, y))
            return [.redraw]
        case let .key(key, mods):
            return self.key(key, mods) + [.redraw]
        case let .scroll(x, y, _, dy):
            return wheelZoom(dy, at: Point(x, y)) ? [.redraw] : []
        case .tick:
            gestures.arena.advance(to: now)
            return [.redraw]
        }
    }

    /// The wheel zooms the view about the pointer (`WheelZoom`: up zooms in), as a pinch does
    /// (within 0.05 ... 50 times), but not while a finger draws or a canvas gesture moves the
    /// view. Whether it changed the view.
    private func wheelZoom(_ dy: Float, at p: Point) -> Bool {
        guard strokes.isEmpty, !gestures.isActive, dy != 0 else { return false }
        let scale = max(0.05, min(50, view.scale * WheelZoom.factor(steps: dy)))
        guard scale != view.scale else { return false }
        view = view.zoomed(by: scale / view.scale, about: p)
        return true
    }

    // MARK: Touches

    private func setLocation(_ id: Int, _ p: Point?) {
        touchLocations.removeAll { $0.id == id }
        if let p { touchLocations.append((id, p)) }
    }

    private func touch(_ phase: TouchPhase, id: Int, at p: Point) {
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
        drawTouch(phase, id: id, at: p)
    }

    /// One finger draws; a finger that lands while another draws draws too; two or three
    /// that land together (within 150 ms, before any moved 10 points) are a canvas gesture.
    private func drawTouch(_ phase: TouchPhase, id: Int, at p: Point) {
        if ignoredTouches.contains(id) {
            if phase == .ended || phase == .cancelled { ignoredTouches.remove(id) }
            return
        }
        if gestures.isActive {
            if phase == .began, !gestures.admit(id, now: now) {
                ignoredTouches.insert(id)  // a finger too late or too many: not part of anything
                return
            }
            guard gestures.owns(id) else { return }
            if let v = gestures.feed(phase, id: id, at: p, now: now) { view = v }
            return
        }
        switch phase {
        case .began:
            let recent = strokes.filter { now - $0.beganAt <= 0.15 && !$0.movedFar }
            if !strokes.isEmpty && recent.count == strokes.count && strokes.count <= 2 {
                // The first fingers' shapes were not meant: they were the start of a gesture.
                strokes.removeAll()
                if let v = gestures.begin(with: recent, newID: id, at: p, now: now, view: view) { view = v }
                return
            }
            strokes.removeAll { $0.id == id }
            let color = currentColor.color ?? Color.random(using: &rng)
            let d = view.invert(p)
            var stroke = Stroke(id: id, firstTouch: d, lastTouch: d, color: color, kind: currentShape,
                                beganAt: now, firstScreen: p, lastScreen: p)
            if currentShape == .path { stroke.ink = PenInk(start: d, screen: p, width: penWidth, color: color) }
            strokes.append(stroke)
        case .moved, .stationary:
            if let i = strokes.firstIndex(where: { $0.id == id }) {
                let d = view.invert(p)
                strokes[i].lastTouch = d
                strokes[i].lastScreen = p
                strokes[i].ink?.add(d, screen: p)
                let dx = p.x - strokes[i].firstScreen.x, dy = p.y - strokes[i].firstScreen.y
                if dx * dx + dy * dy >= 100 { strokes[i].movedFar = true }
            }
        case .ended:
            guard let i = strokes.firstIndex(where: { $0.id == id }) else { return }
            var stroke = strokes.remove(at: i)
            stroke.lastTouch = view.invert(p)
            stroke.ink?.finish(at: stroke.lastTouch, screen: p)
            commit(stroke)
        case .cancelled:
            strokes.removeAll { $0.id == id }
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
            document.shapes[i] = DrawingApp.scaled(original, by: Float(scale))
            epoch += 1
        case .ended:
            guard let (i, original) = scaling else { return }
            scaling = nil
            let new = DrawingApp.scaled(original, by: Float(scale))
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
        if s.kind == .path { return PenInk.scaled(s, by: k, about: Point(cx, cy)) }
        var r = s
        r.from = Point(cx + (s.from.x - cx) * k, cy + (s.from.y - cy) * k)
        r.to = Point(cx + (s.to.x - cx) * k, cy + (s.to.y - cy) * k)
        return r
    }

    /// Adds a finished shape (a line or box of no size is dropped: it draws nothing).
    private func commit(_ stroke: Stroke) {
        guard stroke.drawsSomething else { return }
        if config.classic {
            apply(.replaceAll(old: document.shapes, new: stroke.shape))
        } else {
            apply(.add(stroke.shape))
        }
    }

    // MARK: Editing

    /// Undoes the last change to the document.
    public func undo() {
        guard let edit = history.takeUndo() else { return }
        edit.revert(on: &document)
        epoch += 1
        isDirty = true
    }

    /// Redoes the last undone change.
    public func redo() {
        guard let edit = history.takeRedo() else { return }
        if edit.perform(on: &document) { epoch += 1 }
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
        if edit.perform(on: &document) { epoch += 1 }
        history.record(edit)
        isDirty = true
    }
}
