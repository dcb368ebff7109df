#if canImport(Glibc)
import Glibc
#endif
import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunSlideShowApp

/// The slide show's soak: a seeded, endless mix of what people do with a photo viewer, over
/// the pictures `SoakPictures` made (a damaged one among them, skipped with a warning once).
/// Next and previous by key and by swipe, play and pause by key and by two taps (the timer
/// then changes slides too, at an interval the script keeps between 1 and 2 s), one tap for full screen
/// and back, three taps and R to turn, T for the next transition kind (the show starts on
/// `cycle`, so every kind is drawn), the interval up and down, a pinch and a pan of a zoomed
/// slide and a double tap to reset it, taps on the bar, idle frames, and now and then a resize
/// (every decoded picture and texture is made again for the new size).
public final class SlideShowSoakScript: SoakScript {
    /// The slide show it drives.
    public let app: SlideShowApp
    /// The canvas the run starts with.
    public let canvas: Canvas
    private let sizes: [Canvas]
    private var size = 0
    private var rng: SplitMix64
    private var planned: [[InputEvent]] = []
    private var next = 0
    private var touchCounter = 0
    /// Warnings the app gave (the damaged picture: once).
    public private(set) var warnings = 0

    /// - Parameters:
    ///   - canvas: the view's size at the start.
    ///   - seed: seeds the script's choices and the show's session.
    ///   - folder: the pictures (`SoakPictures.make(in:)`).
    ///   - duration: seconds a transition takes (short, so that a run has many).
    public init(canvas: Canvas, seed: UInt64, folder: String, duration: Double = 0.25) throws {
        self.canvas = canvas
        var settings = SlideShowSettings(paths: [folder])
        settings.interval = 1
        settings.duration = duration
        settings.transition = .cycle
        let list = try SlideList(reading: settings.paths)
        let source = PhotoSlideSource(list: list, viewPixels: (canvas.pixelWidth, canvas.pixelHeight),
                                      contentMode: settings.contentMode, loop: settings.loop, maxSide: 4096)
        app = SlideShowApp(canvas: canvas, settings: settings, source: source, seed: seed)
        sizes = [canvas, Canvas(width: (canvas.width * 0.9).rounded(), height: (canvas.height * 0.8).rounded(),
                                scale: canvas.scale)]
        rng = SplitMix64(seed: seed ^ 0x511D_E5)
        app.onWarning = { [unowned self] _ in self.warnings += 1 }
    }

    /// What the show holds now, for the samples' table.
    public var figures: [(name: String, value: Int)] {
        [("changes", app.changes), ("slide", app.current), ("warnings", warnings)]
    }

    /// No transition under way and the next slide made ready: the view holds two slides' textures.
    public var atRest: Bool { app.isSettled }

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
        // The timer kept between 1 and 2 s (the slider or + may make it long, - short): busy, with
        // time at rest for the next slide to be made ready.
        if app.interval > 2 { return key("-") }
        if app.interval < 1 { return key("+") }
        switch int(0...999) {
        case 0..<250: key("right"); idle(0...24)
        case 250..<350: key("left"); idle(0...24)
        case 350..<470: swipe(); idle(0...20)
        case 470..<520: key(" ")
        case 520..<560: taps(2)
        case 560..<600: taps(1)
        case 600..<630: taps(3)
        case 630..<660: key("r")
        case 660..<710: key("t")
        case 710..<740: key(int(0...1) == 0 ? "+" : "-")
        case 740..<780: zoomAndPan()
        case 780..<800: key("f")
        case 800..<815: if app.fullScreen { key("escape") } else { key("f") }
        case 815..<850: barTap()
        case 850..<858: resize()
        default: idle(1...40)
        }
    }

    private func idle(_ frames: ClosedRange<Int>) {
        planned += Array(repeating: [], count: int(frames))
    }

    /// A quick horizontal drag across most of the view: the next (leftwards) or the previous slide.
    private func swipe() {
        let c = sizes[size], y = float(c.height * 0.3...c.height * 0.6)
        let (a, b) = (c.width * 0.8, c.width * 0.2)
        let left = int(0...2) != 0
        fingers([Finger(id: touchID(), from: Point(left ? a : b, y), to: Point(left ? b : a, y), start: 0, end: int(4...7))])
    }

    /// `n` taps on the picture, 8 frames apart, then the tap delay and a little more.
    private func taps(_ n: Int) {
        let p = picturePoint()
        let id = touchID()
        for _ in 0..<n {
            fingers([Finger(id: id, from: p, to: p, start: 0, end: 2)])
            idle(6...6)
        }
        idle(28...40)
    }

    /// Two fingers spreading (a zoom in), one finger dragging the zoomed slide, and half the
    /// time two taps to reset it (otherwise the next change does).
    private func zoomAndPan() {
        let c = picturePoint(margin: 40)
        let ids = [realID(), realID()]
        let spread = float(10...25), k = float(1.5...3)
        fingers([-1, 1].enumerated().map { (i: Int, s: Float) in
            Finger(id: ids[i], from: Point(c.x + s * spread, c.y), to: Point(c.x + s * spread * k, c.y),
                   start: 0, end: int(8...16))
        })
        let from = picturePoint(margin: 30)
        fingers([Finger(id: touchID(), from: from, to: Point(from.x + float(-30...30), from.y + float(-20...20)),
                        start: 0, end: int(8...20))])
        if int(0...1) == 0 { taps(2) }
    }

    /// A touch on the bottom bar (a button, the slider, or the picture when the bar is away).
    private func barTap() {
        let c = sizes[size]
        let p = Point(float(4...(c.width - 4)), c.height - float(6...20))
        fingers([Finger(id: touchID(), from: p, to: p, start: 0, end: 2)])
        idle(28...32)
    }

    private func resize() {
        size = 1 - size
        let c = sizes[size]
        planned.append([.resize(width: c.width, height: c.height, scale: c.scale)])
    }

    // MARK: Events

    private func key(_ name: Key) {
        planned.append([.key(name, [])])
    }

    struct Finger {
        var id: Int
        var from: Point
        var to: Point
        var start: Int
        var end: Int
    }

    /// Touches from `from` to `to`, began at step `start`, moved each step to `end`, ended there.
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
            planned[base + f.end].append(.touch(phase: .ended, id: f.id, x: f.to.x, y: f.to.y))
        }
    }

    /// The mouse now and then, else a new real touch id.
    private func touchID() -> Int {
        int(0...3) == 0 ? TouchIDs.mouse : realID()
    }

    /// A new real touch id (counting up and wrapping, as the X server's).
    private func realID() -> Int {
        touchCounter += 1
        return TouchIDs.real.lowerBound + touchCounter % TouchIDs.real.count
    }

    // MARK: Random

    /// A point on the picture, above the bar.
    private func picturePoint(margin: Float = 10) -> Point {
        let c = sizes[size]
        return Point(float(margin...(c.width - margin)), float(margin...max(margin, c.height - 60)))
    }

    private func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    private func float(_ r: ClosedRange<Float>) -> Float { Float.random(in: r, using: &rng) }
}
