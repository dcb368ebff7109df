import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunUI
@testable import GLFunSlideShowApp
import TestFixtures
import XCTest

/// Pictures far larger than the view, zoomed in: drawn from tiles at full resolution (1-pixel
/// stripes a fitted decode averages to grey), the same pixels on every run, never a blank
/// where a tile is not decoded yet, and a file damaged under the show said once.
final class SlideShowTilesTests: SlideShowTestCase {
    var renderer: Renderer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        renderer = try Renderer(context: try Context.headless())
    }

    /// A w x h PNG in the folder: 1-pixel stripes across x (or y when `tall`) in red, green
    /// telling the place (its 16-pixel column, or row), blue 100: never the black background.
    func stripes(_ name: String, _ w: Int, _ h: Int, tall: Bool = false) throws -> String {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4, along = tall ? y : x
                p[i] = along & 1 == 0 ? 0 : 255
                p[i + 1] = UInt8(truncatingIfNeeded: along >> 4)
                p[i + 2] = 100
            }
        }
        let path = folder + "/" + name
        try Image(width: w, height: h, pixels: p).writePNG(to: path)
        return path
    }

    /// The show of `name` alone, full screen (no bar), zoomed all the way in (one picture pixel
    /// a pixel for these pictures), moved by `pan`.
    func zoomedIn(_ name: String, pan: Point = .zero, configure: (inout SlideShowSettings) -> Void = { _ in }) throws
        -> SlideShowApp {
        let app = try makeApp([name], configure: configure)
        _ = app.setFullScreen(true)
        _ = app.handle(TimedEvent(t: 1, .tick))
        app.pinched(.began, 1)
        app.pinched(.changed, 1000)
        app.pan = pan
        return app
    }

    func frame(_ app: SlideShowApp) throws -> Image {
        try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()
    }

    /// How many neighbouring pixels along a line differ by more than 200 in red (a stripe's edge).
    func stripeEdges(_ img: Image, along: ClosedRange<Int>, at other: Int, tall: Bool = false) -> Int {
        along.filter { i in
            let a = tall ? img[other, i] : img[i, other], b = tall ? img[other, i + 1] : img[i + 1, other]
            return abs(Int(a.r) - Int(b.r)) > 200
        }.count
    }

    func testAWidePNGZoomedInShowsItsOnePixelStripesWhereTheFittedPictureIsGrey() throws {
        _ = try stripes("wide.png", 12000, 200)
        let app = try zoomedIn("wide.png")
        XCTAssertEqual(app.zoom, 12000 / 320, accuracy: 0.01, "zoomed until a picture pixel is a pixel")
        let img = try frame(app)
        // Across the middle row, every pixel a stripe (the tiles' seam at picture x 6144, view x 304, too).
        XCTAssertEqual(stripeEdges(img, along: 1...318, at: 120), 318)
        XCTAssertEqual(Int(img[160, 120].g), (6000 >> 4) & 255, "the picture's middle in the view's")
        XCTAssertEqual(app.view?.tiles?.missing, 0)
        // Without tiles (a recording made before them), the same zoom shows the fitted picture magnified.
        let old = try zoomedIn("wide.png") { $0.fullResolution = false }
        XCTAssertEqual(old.zoom, 8, "the old limit")
        old.zoom = app.zoom
        let grey = try frame(old)
        XCTAssertEqual(stripeEdges(grey, along: 1...318, at: 120), 0)
        XCTAssertEqual(Int(grey[160, 120].r), 128, accuracy: 20)
    }

    func testATallPNGPannedShowsItsRowsAtTheRightPlace() throws {
        _ = try stripes("tall.png", 200, 12000, tall: true)
        let app = try zoomedIn("tall.png", pan: Point(0, 3000))
        XCTAssertEqual(app.zoom, 12000 / 240, accuracy: 0.01)
        let img = try frame(app)
        XCTAssertEqual(stripeEdges(img, along: 1...238, at: 160, tall: true), 238)
        // Moved down 3000 points: the view's middle shows picture row 6000 - 3000.
        XCTAssertEqual(Int(img[160, 120].g), (3000 >> 4) & 255)
    }

    func testAJPEGZoomedInShowsItsTwoPixelStripes() throws {
        let (w, h) = (3200, 2400)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w where (x >> 1) & 1 == 1 {
                let i = (y * w + x) * 3
                rgb[i] = 255; rgb[i + 1] = 255; rgb[i + 2] = 255
            }
        }
        let jpeg = try JPEGBuilder.encode(width: w, height: h, rgb: rgb, quality: 95, sample: "1x1")
        try Data(jpeg).write(to: URL(fileURLWithPath: folder + "/big.jpg"))
        let app = try zoomedIn("big.jpg", pan: Point(-700, 500))
        XCTAssertEqual(app.zoom, 10, accuracy: 0.01)
        let img = try frame(app)
        // Two white, two black, across the row: an edge every other pixel.
        XCTAssertGreaterThan(stripeEdges(img, along: 1...318, at: 120), 150)
        XCTAssertEqual(img[160, 120].g, img[160, 60].g, "stripes run down")
        XCTAssertEqual(app.view?.tiles?.loader.grid.header.format, .jpeg)
    }

    func testTheSameEventsReplayToTheSamePixelsWhateverTheTilesTiming() throws {
        _ = try stripes("wide.png", 12000, 200)
        // A pinch out and a pan, as touches: the app zooms to its limit and moves.
        var events: [TimedEvent] = [TimedEvent(t: 1, .tick)]
        events += [TimedEvent(t: 1.0, .touch(phase: .began, id: 1, x: 158, y: 120)),
                   TimedEvent(t: 1.01, .touch(phase: .began, id: 2, x: 162, y: 120))]
        for (i, d) in [20, 60, 120, 160].enumerated() {
            let t = 1.05 + Double(i) * 0.05
            events += [TimedEvent(t: t, .touch(phase: .moved, id: 1, x: 160 - Float(d), y: 120)),
                       TimedEvent(t: t + 0.01, .touch(phase: .moved, id: 2, x: 160 + Float(d), y: 120))]
        }
        events += [TimedEvent(t: 1.3, .touch(phase: .ended, id: 1, x: 0, y: 120)),
                   TimedEvent(t: 1.31, .touch(phase: .ended, id: 2, x: 320, y: 120))]
        events += [TimedEvent(t: 2.0, .touch(phase: .began, id: 3, x: 200, y: 120))]
        for i in 1...8 { events.append(TimedEvent(t: 2.0 + Double(i) * 0.03, .touch(phase: .moved, id: 3, x: 200 - Float(i) * 40, y: 120))) }
        events.append(TimedEvent(t: 2.3, .touch(phase: .ended, id: 3, x: -120, y: 120)))
        func play() throws -> (SlideShowApp, [Image]) {
            let app = try makeApp(["wide.png"])
            _ = app.setFullScreen(true)
            var frames: [Image] = []
            for e in events {
                _ = app.handle(e)
                if e.t >= 2 { frames.append(try frame(app)); XCTAssertEqual(app.view?.tiles?.missing ?? 0, 0) }
            }
            return (app, frames)
        }
        let (first, a) = try play()
        XCTAssertEqual(first.zoom, 12000 / 320, accuracy: 0.01, "the pinch zoomed past 8, to its limit")
        XCTAssertLessThan(first.pan.x, -100, "the finger moved it")
        XCTAssertEqual(stripeEdges(a.last!, along: 1...318, at: 120), 318)
        let (_, b) = try play()
        XCTAssertEqual(a, b)
    }

    func testLiveTheFittedPictureShowsUnderTilesNotDecodedYetAndTheTilesComeToTheReplaysPixels() throws {
        _ = try stripes("wide.png", 12000, 200)
        let waited = try frame(try zoomedIn("wide.png", pan: Point(2000, 0)))
        let app = try zoomedIn("wide.png", pan: Point(2000, 0))
        app.drawsTilesLive = true
        XCTAssertNotNil(app.wakeup)
        var frames = 0
        var img = try frame(app)
        let deadline = Date().addingTimeInterval(30)
        repeat {
            frames += 1
            // No pixel of the picture's band (rows 20..<220) is the background: the fitted
            // picture covers where a tile is missing.
            for y in stride(from: 22, to: 218, by: 7) {
                for x in stride(from: 0, to: 320, by: 3) {
                    XCTAssertNotEqual(img[x, y].b, 0, "blank at \(x), \(y), frame \(frames)")
                }
            }
            if app.view?.tiles?.missing == 0 { break }
            usleep(10000)
            img = try frame(app)
        } while Date() < deadline
        XCTAssertEqual(app.view?.tiles?.missing, 0)
        XCTAssertEqual(img, waited, "once decoded, the replay's pixels")
    }

    func testAPictureDamagedUnderTheShowIsOneWarningAndTheFittedPicture() throws {
        let path = try stripes("wide.png", 12000, 200)
        var warnings: [String] = []
        let app = try makeApp(["wide.png"])
        app.onWarning = { warnings.append($0) }
        _ = app.setFullScreen(true)
        _ = app.handle(TimedEvent(t: 1, .tick))
        let fitted = try frame(app)
        XCTAssertEqual(fitted.width, 320)
        // The file cut short once the show decoded it (its header read as the pinch began):
        // the tiles cannot be had.
        app.pinched(.began, 1)
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        try png.prefix(png.count / 3).write(to: URL(fileURLWithPath: path))
        app.pinched(.changed, 1000)
        let img = try frame(app)
        _ = try frame(app)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertEqual(stripeEdges(img, along: 1...318, at: 120), 0, "the fitted picture, magnified")
        XCTAssertNotEqual(img[160, 120].b, 0)
    }
}
