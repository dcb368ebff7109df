#if canImport(Glibc)
import Glibc
#endif
import GLFunDrawingApp
import GLFunHost
import GLFunKit

/// The drawing app's soak: a seeded, endless mix of what people do in the window, made one
/// action at a time as the run needs steps. Strokes of every shape and color (picked by key or
/// on the toolbar, with the mouse or a touch, now and then two fingers drawing at once or a
/// stroke cancelled); undo and redo by key and by two- and three-finger taps; pinch, pan and
/// rotate of the view and the reset key; a three-finger pinch scaling the last shape; the help
/// overlay; idle frames; a resize now and then; and a clear whenever the document reaches a
/// size drawn between 20 and `maxShapes`, so the document stays bounded (its history is the
/// app's: `DrawingApp.undoLimit`).
public final class DrawingSoakScript: SoakScript {
    /// The drawing app it drives.
    public let app: DrawingApp
    /// The canvas the run starts with.
    public let canvas: Canvas
    /// The document is cleared when it reaches this many shapes, or fewer.
    public let maxShapes: Int
    /// The sizes a resize switches between: the canvas asked for and one a little smaller.
    private let sizes: [Canvas]
    private var size = 0
    private var rng: SplitMix64
    /// Planned steps (each the events of one frame) and the next one to give.
    private var planned: [[InputEvent]] = []
    private var next = 0
    private var clearAt: Int
    private var touchCounter = 0

    /// A script on `canvas` whose choices `seed` decides, clearing the drawing at `maxShapes` shapes or fewer.
    public init(canvas: Canvas, seed: UInt64, maxShapes: Int = 200) {
        self.canvas = canvas
        self.maxShapes = max(20, maxShapes)
        app = DrawingApp(canvas: canvas, config: DrawingApp.Config(seed: seed))
        sizes = [canvas, Canvas(width: (canvas.width * 0.9).rounded(), height: (canvas.height * 0.9).rounded(),
                                scale: canvas.scale)]
        rng = SplitMix64(seed: seed ^ 0x50A4_50A4)
        clearAt = 20
        clearAt = int(20...self.maxShapes)
    }

    /// The document's shapes and the history's changes.
    public var figures: [(name: String, value: Int)] {
        [("shapes", app.document.shapes.count), ("history", app.historyCount)]
    }

    /// The events of the step at `t` seconds.
    public func events(at t: Double) -> [InputEvent] {
        while next == planned.count {
            planned.removeAll(keepingCapacity: true)
            next = 0
            planAction()
        }
        next += 1
        return planned[next - 1]
    }

    // MARK: Actions

    private func planAction() {
        if app.document.shapes.count >= clearAt {
            clearAt = int(20...maxShapes)
            return key("backspace", [.ctrl])
        }
        let roll = int(0...999)
        switch roll {
        case 0..<380: stroke()
        case 380..<420: twoFingersDrawing()
        case 420..<520: for _ in 0..<int(1...4) { key("z", [.ctrl]) }
        case 520..<580:
            for _ in 0..<int(1...3) {
                if int(0...1) == 0 { key("y", [.ctrl]) } else { key("z", [.ctrl, .shift]) }
            }
        case 580..<610: tap(fingers: 2)  // undo
        case 610..<630: tap(fingers: 3)  // redo
        case 630..<760: viewGesture()
        case 760..<790: threeFingerPinch()
        case 790..<820: key("0")
        case 820..<840: help()
        case 840..<855: key("backspace", [.ctrl])
        case 855..<858: resize()
        default: planned += Array(repeating: [], count: int(1...20))  // idle
        }
    }

    /// Picks a color and a shape (by key, on the toolbar, or not at all), then drags one finger.
    private func stroke() {
        let color = ColorChoice.allCases[int(0...ColorChoice.allCases.count - 1)]
        let shape = ShapeKind.allCases[int(0...ShapeKind.allCases.count - 1)]
        switch int(0...9) {
        case 0..<4:
            key(color.key)
            key(shape.key)
        case 4..<7:
            toolbarTap(.color(color))
            toolbarTap(.shape(shape))
        default: break
        }
        let from = drawingPoint(), to = drawingPoint()
        fingers([Finger(id: touchID(), from: from, to: to, start: 0, end: int(2...14), cancel: int(0...19) == 0)])
    }

    /// A finger draws; a second lands 200 ms later (not a gesture: the first has moved) and draws too.
    private func twoFingersDrawing() {
        let ids = fingerIDs(2)
        let a = Finger(id: ids[0], from: drawingPoint(), to: drawingPoint(), start: 0, end: int(16...24))
        let b = Finger(id: ids[1], from: drawingPoint(), to: drawingPoint(), start: 12, end: int(14...30))
        fingers([a, b])
    }

    /// Fingers landing together and lifting without moving: two undo, three redo.
    private func tap(fingers n: Int) {
        let c = drawingPoint(margin: 30)
        let ids = fingerIDs(n)
        fingers((0..<n).map { i in
            let p = Point(c.x + Float(i) * 20 - 20, c.y + Float(i % 2) * 10)
            return Finger(id: ids[i], from: p, to: p, start: 0, end: 3)
        })
    }

    /// Two fingers landing together and moving the view: a pinch, a rotation, a pan, or all three.
    private func viewGesture() {
        let c = drawingPoint(margin: 30)
        let spread = float(10...30), angle = float(0...6.28)
        let zoom = exp(float(-0.7...0.7)), turn = float(-0.6...0.6)
        let pan = Point(float(-40...40), float(-30...30))
        let kind = int(0...3)  // 0 pinch, 1 rotate, 2 pan, 3 all
        let k = kind == 0 || kind == 3 ? zoom : 1
        let r = kind == 1 || kind == 3 ? turn : 0
        let d = kind == 2 || kind == 3 ? pan : .zero
        let n = int(8...30)
        let ids = fingerIDs(2)
        fingers([-1, 1].enumerated().map { (i: Int, sign: Float) in
            let from = Point(c.x + sign * spread * cos(angle), c.y + sign * spread * sin(angle))
            let to = Point(c.x + d.x + sign * spread * k * cos(angle + r), c.y + d.y + sign * spread * k * sin(angle + r))
            return Finger(id: ids[i], from: from, to: to, start: 0, end: n)
        })
    }

    /// Three fingers landing together and spreading or closing: the last shape scales.
    private func threeFingerPinch() {
        let c = drawingPoint(margin: 30)
        let k = exp(float(-0.5...0.5))
        let n = int(8...20)
        let ids = fingerIDs(3)
        fingers((0..<3).map { i in
            let a = Float(i) * 2.094 + 0.3
            let from = Point(c.x + 20 * cos(a), c.y + 20 * sin(a))
            return Finger(id: ids[i], from: from, to: Point(c.x + 20 * k * cos(a), c.y + 20 * k * sin(a)),
                          start: 0, end: n)
        })
    }

    /// The help overlay shown for a while, then hidden by its key or by a tap.
    private func help() {
        key(int(0...1) == 0 ? "?" : "f1")
        planned += Array(repeating: [], count: int(1...10))
        if int(0...1) == 0 {
            key("?")
        } else {
            let p = drawingPoint()
            fingers([Finger(id: touchID(), from: p, to: p, start: 0, end: 1)])
        }
    }

    private func resize() {
        size = 1 - size
        let c = sizes[size]
        planned.append([.resize(width: c.width, height: c.height, scale: c.scale)])
    }

    // MARK: Events

    private func key(_ name: Key, _ mods: Modifiers = []) {
        planned.append([.key(name, mods)])
    }

    private func toolbarTap(_ hit: Toolbar.Hit) {
        guard let segment = app.toolbar.segments.first(where: { $0.hit == hit }) else { return }
        let f = segment.frame
        let p = Point(f.x + f.width / 2, f.y + f.height / 2)
        fingers([Finger(id: touchID(), from: p, to: p, start: 0, end: 1)])
    }

    /// A touch from `from` to `to`: began at step `start`, moved at every step to `end`, where it ends.
    struct Finger {
        var id: Int
        var from: Point
        var to: Point
        var start: Int
        var end: Int
        var cancel = false
    }

    private func fingers(_ fingers: [Finger]) {
        let base = planned.count
        planned += Array(repeating: [], count: (fingers.map(\.end).max() ?? 0) + 1)
        for f in fingers {
            planned[base + f.start].append(.touch(phase: .began, id: f.id, x: f.from.x, y: f.from.y))
            for s in (f.start + 1)..<max(f.start + 1, f.end) {
                let u = Float(s - f.start) / Float(f.end - f.start)
                planned[base + s].append(.touch(phase: .moved, id: f.id, x: f.from.x + (f.to.x - f.from.x) * u,
                                                y: f.from.y + (f.to.y - f.from.y) * u))
            }
            planned[base + f.end].append(.touch(phase: f.cancel ? .cancelled : .ended, id: f.id, x: f.to.x, y: f.to.y))
        }
    }

    /// The mouse, or a new real touch id (they count up, as the X server's do, and wrap).
    private func touchID() -> Int {
        if int(0...2) == 0 { return TouchIDs.mouse }
        touchCounter += 1
        return TouchIDs.real.lowerBound + touchCounter % TouchIDs.real.count
    }

    /// Ids for fingers down together: real touches, or the window's Alt-drag emulation (drawn as circles).
    private func fingerIDs(_ n: Int) -> [Int] {
        if int(0...3) == 0 { return (0..<n).map { TouchIDs.emulated.lowerBound + $0 } }
        return (0..<n).map { _ in
            touchCounter += 1
            return TouchIDs.real.lowerBound + touchCounter % TouchIDs.real.count
        }
    }

    // MARK: Random

    /// A point between the bars, `margin` points in from the edges.
    private func drawingPoint(margin: Float = 6) -> Point {
        let c = sizes[size]
        let top = Toolbar.barHeight + margin, bottom = c.height - Toolbar.barHeight - margin
        return Point(float(margin...(c.width - margin)), float(top...max(top, bottom)))
    }

    private func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    private func float(_ r: ClosedRange<Float>) -> Float { Float.random(in: r, using: &rng) }
}
