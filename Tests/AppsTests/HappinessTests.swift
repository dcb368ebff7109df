import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunHappinessApp
import XCTest

/// Happiness (CS193p) driven by InputEvents alone: the model, the face's geometry, the gestures
/// and keys; then its pixels, headless.
final class HappinessTests: XCTestCase {
    let canvas = Canvas(width: 400, height: 300)
    var printed: [String] = []

    /// An app with whole-step gestures (`.steps`: a drag's total is the same however it moves);
    /// CS193p's own rules are HappinessCS193pTests'.
    func makeApp(happiness: Int = 50, scale: Float = 0.9, gestures: HappinessApp.GestureRules = .steps) -> HappinessApp {
        HappinessApp(canvas: canvas, happiness: happiness, scale: scale, gestures: gestures,
                     output: { [unowned self] in printed.append($0) })
    }

    @discardableResult
    func touch(_ app: HappinessApp, _ t: Double, _ phase: TouchPhase, _ id: Int, _ x: Float, _ y: Float) -> [HostEffect] {
        app.handle(TimedEvent(t: t, .touch(phase: phase, id: id, x: x, y: y)))
    }

    func key(_ app: HappinessApp, _ k: Key, _ mods: Modifiers = []) -> [HostEffect] {
        app.handle(TimedEvent(t: 0, .key(k, mods)))
    }

    /// One finger from (x, y0) to (x, y1) in `steps` moves, 20 ms apart.
    func drag(_ app: HappinessApp, x: Float, from y0: Float, to y1: Float, steps: Int = 10, t: Double = 1) {
        touch(app, t, .began, 0, x, y0)
        for i in 1...steps {
            touch(app, t + 0.02 * Double(i), .moved, 0, x, y0 + (y1 - y0) * Float(i) / Float(steps))
        }
        touch(app, t + 0.02 * Double(steps + 1), .ended, 0, x, y1)
    }

    /// Two fingers mirrored about (cx, cy), as the window's Alt-drag makes them, from `d0` to
    /// `d1` points either side of it.
    func pinch(_ app: HappinessApp, cx: Float, cy: Float, from d0: Float, to d1: Float, steps: Int = 10, t: Double = 1) {
        touch(app, t, .began, 1000, cx + d0, cy)
        touch(app, t, .began, 1001, cx - d0, cy)
        for i in 1...steps {
            let d = d0 + (d1 - d0) * Float(i) / Float(steps), ti = t + 0.02 * Double(i)
            touch(app, ti, .moved, 1000, cx + d, cy)
            touch(app, ti, .moved, 1001, cx - d, cy)
        }
        let te = t + 0.02 * Double(steps + 1)
        touch(app, te, .ended, 1000, cx + d1, cy)
        touch(app, te, .ended, 1001, cx - d1, cy)
    }

    // MARK: The model

    func testTheModelStartsAt50IsClampedAndPrintsEveryChangeOnly() {
        let app = makeApp()
        XCTAssertEqual(app.happiness, 50)
        XCTAssertEqual(printed, [], "nothing printed before a change")
        app.happiness = 70
        app.happiness = 70
        app.happiness = 130
        app.happiness = 101
        app.happiness = -4
        app.happiness = 0
        XCTAssertEqual(app.happiness, 0)
        XCTAssertEqual(printed, ["happiness = 70", "happiness = 100", "happiness = 0"])
        XCTAssertEqual(makeApp(happiness: 250).happiness, 100, "a start value is clamped too")
        XCTAssertEqual(HappinessApp.name, "happiness")
        XCTAssertEqual(app.title, "Happiness")
    }

    func testSmilinessIsHappinessAbout50Over50AndTheFaceAsksItsDataSource() {
        let app = makeApp()
        for (h, s) in [(0, Float(-1)), (25, -0.5), (50, 0), (75, 0.5), (100, 1)] {
            app.happiness = h
            XCTAssertEqual(app.smiliness, s)
            XCTAssertEqual(app.face.smiliness, s, "the face asks the controller, its data source")
        }
        let orphan = FaceView()
        XCTAssertEqual(orphan.smiliness, 0, "no data source: a straight mouth")
        XCTAssertEqual(orphan.scale, 0.9)
        XCTAssertEqual(orphan.lineWidth, 5)
        XCTAssertEqual(orphan.color, Color(1, 0.5, 0))
    }

    // MARK: The face's geometry

    func testGeometryOfTheFace() {
        // 400 x 300: R = 300 / 2 × 0.9 = 135 about (200, 150).
        let g = FaceGeometry(width: 400, height: 300, scale: 0.9, smiliness: 0)
        XCTAssertEqual(g.center, Point(200, 150))
        XCTAssertEqual(g.radius, 135, accuracy: 1e-4)
        XCTAssertEqual(g.eyeRadius, 13.5, accuracy: 1e-4)
        XCTAssertEqual(g.leftEye.x, 200 - 45, accuracy: 1e-4, "R/3 left of the center: R/1.5 apart")
        XCTAssertEqual(g.rightEye.x, 200 + 45, accuracy: 1e-4)
        XCTAssertEqual(g.leftEye.y, 150 - 45, accuracy: 1e-4, "R/3 above the center")
        XCTAssertEqual(g.rightEye.y, g.leftEye.y)
        XCTAssertEqual(g.mouthStart.x, 200 - 67.5, accuracy: 1e-4, "the mouth is R wide")
        XCTAssertEqual(g.mouthEnd.x, 200 + 67.5, accuracy: 1e-4)
        XCTAssertEqual(g.mouthStart.y, 150 + 13.5, accuracy: 1e-4, "its ends R/10 below the center")
        XCTAssertEqual(g.mouthEnd.y, g.mouthStart.y)
        XCTAssertEqual(g.mouthControl1.x, g.mouthStart.x + 45, accuracy: 1e-4, "a third of its width")
        XCTAssertEqual(g.mouthControl2.x, g.mouthEnd.x - 45, accuracy: 1e-4, "two thirds")
        // A tall view: the width decides.
        XCTAssertEqual(FaceGeometry(width: 200, height: 500, scale: 0.5, smiliness: 0).radius, 50, accuracy: 1e-4)
    }

    func testTheMouthSmilesAt100FrownsAt0AndIsFlatAt50() {
        let app = makeApp()
        app.happiness = 100
        let smile = app.face.geometry(width: 400, height: 300)
        XCTAssertEqual(smile.mouthControl1.y, smile.mouthStart.y + 13.5, accuracy: 1e-4, "ends' y + 1 × R/10")
        XCTAssertEqual(smile.mouthControl2.y, smile.mouthControl1.y)
        XCTAssertGreaterThan(smile.mouthMiddle.y, smile.mouthStart.y, "y down: the middle below the ends, a smile")
        app.happiness = 0
        let frown = app.face.geometry(width: 400, height: 300)
        XCTAssertEqual(frown.mouthControl1.y, frown.mouthStart.y - 13.5, accuracy: 1e-4)
        XCTAssertLessThan(frown.mouthMiddle.y, frown.mouthStart.y, "the middle above the ends")
        app.happiness = 50
        let flat = app.face.geometry(width: 400, height: 300)
        XCTAssertEqual(flat.mouthMiddle.y, flat.mouthStart.y, accuracy: 1e-4)
        XCTAssertEqual(flat.mouthControl1.y, flat.mouthStart.y, accuracy: 1e-4)
        XCTAssertEqual(smile.mouthMiddle.y - flat.mouthMiddle.y, flat.mouthMiddle.y - frown.mouthMiddle.y, accuracy: 1e-4)
    }

    func testTheFaceIsFourOrangeRoundStrokesFiveWide() throws {
        let app = makeApp(happiness: 100)
        let shapes = app.face.shapes(width: 400, height: 300)
        XCTAssertEqual(shapes.count, 4, "head, two eyes, mouth")
        for s in shapes {
            XCTAssertEqual(s.kind, .path)
            XCTAssertEqual(s.color, FaceView.orange)
            XCTAssertEqual(s.pathShape?.paint, .stroke(StrokeStyle(width: 5, join: .round, cap: .round)))
        }
        let g = app.face.geometry(width: 400, height: 300)
        XCTAssertEqual(shapes[0].pathShape?.path, FaceGeometry.circle(center: g.center, radius: g.radius))
        XCTAssertEqual(shapes[3].pathShape?.path.elements,
                       [.move(g.mouthStart), .cubic(control1: g.mouthControl1, control2: g.mouthControl2, to: g.mouthEnd)])
        // The head's circle passes through its four extreme points and stays within the box.
        let head = try XCTUnwrap(shapes[0].pathShape?.path.controlBounds)
        XCTAssertEqual(head.min.x, 200 - 135, accuracy: 1e-3)
        XCTAssertEqual(head.max.y, 150 + 135, accuracy: 1e-3)
    }

    func testScaleIsKeptWithinItsLimits() {
        let face = FaceView(scale: 0)
        XCTAssertEqual(face.scale, FaceView.scaleLimits.lowerBound)
        face.scale = 1e9
        XCTAssertEqual(face.scale, FaceView.scaleLimits.upperBound)
        face.scale = .nan
        XCTAssertEqual(face.scale, FaceView.scaleLimits.lowerBound)
    }

    // MARK: Gestures

    func testAPinchScalesTheFace() {
        let app = makeApp()
        // 80 points apart spreading to 240: three times the span.
        pinch(app, cx: 200, cy: 150, from: 40, to: 120)
        XCTAssertEqual(app.face.scale, 0.9 * 3, accuracy: 1e-3)
        XCTAssertEqual(app.happiness, 50, "a pinch is not a pan")
        XCTAssertFalse(app.isGreen, "nor a tap")
        pinch(app, cx: 200, cy: 150, from: 120, to: 60, t: 2)
        XCTAssertEqual(app.face.scale, 0.9 * 1.5, accuracy: 1e-3, "pinching in shrinks it")
        XCTAssertEqual(printed, [])
    }

    func testAPanUpRaisesHappinessByTranslationOverFourAndDownLowersIt() {
        let app = makeApp()
        drag(app, x: 200, from: 250, to: 150)  // 100 points up
        XCTAssertEqual(app.happiness, 75)
        XCTAssertEqual(printed.last, "happiness = 75")
        XCTAssertEqual(app.face.scale, 0.9, "a pan is not a pinch")
        XCTAssertFalse(app.isGreen, "nor a tap")
        drag(app, x: 200, from: 100, to: 262, steps: 27, t: 2)  // 162 down: 40 steps, 2 points left over
        XCTAssertEqual(app.happiness, 35)
        drag(app, x: 200, from: 250, to: 0, t: 3)
        XCTAssertEqual(app.happiness, 97)
        drag(app, x: 200, from: 250, to: 0, t: 4)
        XCTAssertEqual(app.happiness, 100, "clamped")
        XCTAssertEqual(printed.last, "happiness = 100")
        XCTAssertEqual(printed.filter { $0 == "happiness = 100" }.count, 1, "printed once: no change after")
    }

    func testAHorizontalPanChangesNothing() {
        let app = makeApp()
        touch(app, 1, .began, 0, 100, 150)
        for i in 1...10 { touch(app, 1 + 0.02 * Double(i), .moved, 0, 100 + Float(i) * 20, 150) }
        touch(app, 1.3, .ended, 0, 300, 150)
        XCTAssertEqual(app.happiness, 50)
        XCTAssertEqual(printed, [])
    }

    func testATapTogglesTheBackgroundWhiteGreenWhite() {
        let app = makeApp()
        XCTAssertEqual(app.background, .white)
        XCTAssertEqual(touch(app, 1, .began, 0, 200, 150), [.redraw])
        touch(app, 1.08, .ended, 0, 201, 150)
        XCTAssertTrue(app.isGreen)
        XCTAssertEqual(app.background, .green)
        touch(app, 2, .began, 0, 50, 50)
        touch(app, 2.05, .ended, 0, 50, 50)
        XCTAssertEqual(app.background, .white)
        XCTAssertEqual(app.happiness, 50)
        XCTAssertEqual(app.face.scale, 0.9)
    }

    // MARK: Keys

    func testKeys() {
        let app = makeApp()
        XCTAssertEqual(key(app, "up"), [.redraw])
        XCTAssertEqual(app.happiness, 55)
        _ = key(app, "down")
        _ = key(app, "down")
        XCTAssertEqual(app.happiness, 45)
        XCTAssertEqual(printed, ["happiness = 55", "happiness = 50", "happiness = 45"])
        _ = key(app, "+")
        XCTAssertEqual(app.face.scale, 0.99, accuracy: 1e-5)
        _ = key(app, "=")
        XCTAssertEqual(app.face.scale, 1.089, accuracy: 1e-5)
        _ = key(app, "-")
        _ = key(app, "-")
        XCTAssertEqual(app.face.scale, 0.9, accuracy: 1e-5)
        _ = key(app, " ")
        XCTAssertTrue(app.isGreen)
        _ = key(app, " ")
        XCTAssertFalse(app.isGreen)
        XCTAssertEqual(key(app, "x"), [], "any other key does nothing")
        XCTAssertEqual(key(app, "escape"), [.quit])
        XCTAssertEqual(key(app, "q", [.ctrl]), [.quit])
        XCTAssertEqual(key(app, "f11"), [.toggleFullScreen])
        for _ in 0..<30 { _ = key(app, "up") }
        XCTAssertEqual(app.happiness, 100)
    }

    // MARK: Sessions

    func testTheSessionCarriesTheStartValuesAndMakesTheSameAppQuietly() {
        let app = makeApp(happiness: 80, scale: 0.5)
        app.happiness = 10
        app.scaleFace(by: 2)
        let s = app.session
        XCTAssertEqual(s.app, "happiness")
        XCTAssertEqual(s.options, ["happiness": "80", "scale": "0.5", "gestures": "steps"], "the start, not the state now")
        let replayed = makeApp()
        printed = []
        XCTAssertEqual(replayed.handle(TimedEvent(t: 0, .session(s))), [.redraw])
        XCTAssertEqual(replayed.happiness, 80)
        XCTAssertEqual(replayed.face.scale, 0.5)
        XCTAssertEqual(printed, [], "starting is not a change")
        XCTAssertEqual(replayed.session, s)
        // A line written before `gestures` existed replays with whole steps; a new app's says cs193p.
        let old = Session(app: "happiness", seed: 0, options: ["happiness": "80", "scale": "0.5"])
        XCTAssertEqual(try HappinessApp.settings(from: old).gestures, .steps)
        XCTAssertEqual(HappinessApp(canvas: canvas).session.options["gestures"], "cs193p")
    }

    // MARK: Pixels (headless)

    /// The app's frame as a host draws it now, read back.
    func render(_ app: HappinessApp, canvas: Canvas? = nil) throws -> Image {
        let canvas = canvas ?? self.canvas
        let host = HeadlessHost(app: app, renderer: try Renderer(context: try Context.headless()), canvas: canvas)
        host.feed(TimedEvent(t: 9, .resize(width: canvas.width, height: canvas.height, scale: canvas.scale)))
        return try host.renderFrame()
    }

    func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let p = image[x, y]
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 2) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    func testTheBackgroundIsWhiteThenGreenAfterATap() throws {
        let app = makeApp()
        var image = try render(app)
        for (x, y) in [(2, 2), (397, 2), (2, 297), (397, 297)] {
            XCTAssertEqual(rgb(image, x, y), [255, 255, 255], "white at (\(x), \(y))")
        }
        touch(app, 1, .began, 0, 200, 150)
        touch(app, 1.05, .ended, 0, 200, 150)
        image = try render(app)
        for (x, y) in [(2, 2), (397, 2), (2, 297), (397, 297)] {
            XCTAssertEqual(rgb(image, x, y), [0, 255, 0], "green at (\(x), \(y))")
        }
    }

    func testTheLayerIsDrawnAgainOnlyWhenTheFaceChangesAndFramesAlongTheWayEndOnOneFramesPixels() throws {
        let app = makeApp()
        let renderer = try Renderer(context: try Context.headless())
        let host = HeadlessHost(app: app, renderer: renderer, canvas: canvas)
        host.feed(TimedEvent(t: 0, .session(app.session)))
        host.feed(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: canvas.scale)))
        XCTAssertEqual(try host.drawFrame().cachedItemsDrawn, 4, "the face into its layer")
        XCTAssertEqual(try host.drawFrame().cachedItemsDrawn, 0, "nothing changed: the layer is only copied")
        XCTAssertTrue(renderer.antialias, "the app draws antialiased")
        var t = 1.0
        func feed(_ e: InputEvent) throws {
            host.feed(TimedEvent(t: t, e))
            t += 0.02
            try host.drawFrame()
        }
        try feed(.touch(phase: .began, id: 0, x: 200, y: 250))
        for i in 1...10 { try feed(.touch(phase: .moved, id: 0, x: 200, y: 250 - Float(i) * 10)) }
        try feed(.touch(phase: .ended, id: 0, x: 200, y: 150))
        try feed(.key(" ", []))
        XCTAssertEqual(try host.drawFrame().cachedItemsDrawn, 0)
        try feed(.touch(phase: .began, id: 1000, x: 260, y: 150))
        try feed(.touch(phase: .began, id: 1001, x: 140, y: 150))
        for i in 1...6 {
            try feed(.touch(phase: .moved, id: 1000, x: 260 - Float(i) * 5, y: 150))
            try feed(.touch(phase: .moved, id: 1001, x: 140 + Float(i) * 5, y: 150))
        }
        try feed(.touch(phase: .ended, id: 1000, x: 230, y: 150))
        try feed(.touch(phase: .ended, id: 1001, x: 170, y: 150))
        try feed(.resize(width: 320, height: 240, scale: 1))
        XCTAssertEqual(app.happiness, 75)
        XCTAssertTrue(app.isGreen)
        XCTAssertEqual(app.face.scale, 0.45, accuracy: 1e-3)
        let along = try XCTUnwrap(try host.lastFrame())
        let once = try render(app, canvas: Canvas(width: 320, height: 240))
        XCTAssertEqual(along.width, 320)
        XCTAssertTrue(along == once, "the last of the frames drawn along the way is one frame drawn at the end")
    }

    /// The face's strokes tessellate: a pixel test on an empty mesh would prove nothing.
    func requireTessellator() throws {
        let mesh = PathShape(FaceGeometry.circle(center: Point(50, 50), radius: 20), paint: .stroke(StrokeStyle(width: 5)))
            .mesh(pixel: 1, antialias: true)
        XCTAssertGreaterThan(mesh.vertexCount, 0, "the face's circle has triangles")
    }

    func testTheFaceIsAnOrangeRingAtRFromTheCenterOnWhite() throws {
        try requireTessellator()
        let app = makeApp(happiness: 100)
        let image = try render(app)
        let orange = [255, 128, 0]
        // R = 135 about (200, 150): the ring's pixels straddle the circle, 5 points wide.
        for angle in stride(from: Float(0), to: 2 * .pi, by: .pi / 8) {
            let x = Int((200 + 135 * cos(angle)).rounded(.down)), y = Int((150 + 135 * sin(angle)).rounded(.down))
            XCTAssertTrue(near(rgb(image, x, y), orange, 3), "orange ring at (\(x), \(y)): \(rgb(image, x, y))")
            let ox = Int((200 + 145 * cos(angle)).rounded(.down)), oy = Int((150 + 145 * sin(angle)).rounded(.down))
            XCTAssertEqual(rgb(image, ox, oy), [255, 255, 255], "background just outside the ring at (\(ox), \(oy))")
            let ix = Int((200 + 125 * cos(angle)).rounded(.down)), iy = Int((150 + 125 * sin(angle)).rounded(.down))
            XCTAssertEqual(rgb(image, ix, iy), [255, 255, 255], "inside the ring at (\(ix), \(iy))")
        }
        XCTAssertEqual(rgb(image, 200, 150), [255, 255, 255], "the center is bare")
        XCTAssertEqual(rgb(image, 2, 2), [255, 255, 255])
        // The eyes: rings of radius 13.5 about (155, 105) and (245, 105).
        XCTAssertTrue(near(rgb(image, 155 + 13, 105), orange, 3), "\(rgb(image, 168, 105))")
        XCTAssertEqual(rgb(image, 155, 105), [255, 255, 255], "an eye's middle is bare")
        // The mouth's middle: y = 163.5 + 0.75 × 13.5 at 100 (a smile), 163.5 − 10.125 at 0.
        XCTAssertTrue(near(rgb(image, 200, 173), orange, 3), "a smile's middle: \(rgb(image, 200, 173))")
        XCTAssertEqual(rgb(image, 200, 153), [255, 255, 255])
        app.happiness = 0
        let frown = try render(app)
        XCTAssertTrue(near(rgb(frown, 200, 153), orange, 3), "a frown's middle: \(rgb(frown, 200, 153))")
        XCTAssertEqual(rgb(frown, 200, 173), [255, 255, 255])
    }

    func testTheRingIsOnAGreenBackgroundAfterATapAndFollowsAPinch() throws {
        try requireTessellator()
        let app = makeApp()
        touch(app, 1, .began, 0, 20, 20)
        touch(app, 1.05, .ended, 0, 20, 20)
        pinch(app, cx: 200, cy: 150, from: 60, to: 30, t: 2)  // half the span: R = 67.5
        XCTAssertEqual(app.face.scale, 0.45, accuracy: 1e-3)
        let image = try render(app)
        XCTAssertTrue(near(rgb(image, 200 + 67, 150), [255, 128, 0], 3), "\(rgb(image, 267, 150))")
        XCTAssertEqual(rgb(image, 200 + 135, 150), [0, 255, 0], "the old ring is gone")
        XCTAssertEqual(rgb(image, 2, 2), [0, 255, 0])
    }

    func testTheFaceIsAntialiased() throws {
        try requireTessellator()
        let image = try render(makeApp())
        // Along a row through the ring's right edge some pixel is neither white nor orange.
        let row = (330...340).map { rgb(image, $0, 150) }
        XCTAssertTrue(row.contains { $0 != [255, 255, 255] && !near($0, [255, 128, 0], 3) }, "\(row)")
    }
}
