import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunPhotos
@testable import GLFunSlideShowApp
import XCTest

/// Slides made at test time: solid-color PNGs (and a damaged one) in a folder of their own.
class SlideShowTestCase: XCTestCase {
    var folder = ""
    let canvas = Canvas(width: 320, height: 240)
    static let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "slideshow-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (i, c) in SlideShowTestCase.colors.enumerated() {
            try Image(width: 64, height: 48, fill: (c.0, c.1, c.2, 255)).writePNG(to: folder + "/img\(i + 1).png")
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What the last `makeApp`'s session and resize events returned.
    var startEffects: [HostEffect] = []

    /// The app over `names` (files in the folder), already sent its session and resize.
    func makeApp(_ names: [String]? = nil, configure: (inout SlideShowSettings) -> Void = { _ in }) throws -> SlideShowApp {
        let paths = (names ?? (1...4).map { "img\($0).png" }).map { folder + "/" + $0 }
        var settings = SlideShowSettings(paths: paths)
        configure(&settings)
        let list = try SlideList(reading: settings.paths)
        let source = PhotoSlideSource(list: list, viewPixels: (canvas.pixelWidth, canvas.pixelHeight), contentMode: settings.contentMode,
                                      loop: settings.loop, maxSide: 4096)
        let app = SlideShowApp(canvas: canvas, settings: settings, source: source, seed: 1)
        startEffects = app.handle(TimedEvent(t: 0, .session(app.session)))
        startEffects += app.handle(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: 1)))
        return app
    }

    @discardableResult
    func tap(_ app: SlideShowApp, at t: Double, x: Float = 160, y: Float = 100) -> [HostEffect] {
        var e = app.handle(TimedEvent(t: t, .touch(phase: .began, id: 0, x: x, y: y)))
        e += app.handle(TimedEvent(t: t + 0.05, .touch(phase: .ended, id: 0, x: x, y: y)))
        return e
    }

    /// Ticks from `from` to `to` as the host sends them (at each deadline the app asks for).
    @discardableResult
    func run(_ app: SlideShowApp, from: Double, to: Double) -> [HostEffect] {
        var effects: [HostEffect] = []
        var t = from
        while let d = app.nextDeadline, d <= to {
            t = max(t, d)
            effects += app.handle(TimedEvent(t: t, .tick))
            t += 1e-6
        }
        effects += app.handle(TimedEvent(t: to, .tick))
        return effects
    }
}
