import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunPhotos
import GLFunUI
import TestFixtures
@testable import GLFunSlideShowApp
import XCTest

/// The slide show over names and files it did not choose: a label for a name of any length,
/// warnings for slides skipped before anyone listened, a movie that fails after its probe.
final class HostileSlideShowTests: SlideShowTestCase {
    func testLabelsAreShortenedInTheMiddleToTheirSpace() throws {
        let context = try Context.headless()
        try context.makeCurrent()
        let atlas = try LabelAtlas(context: context)
        let name = String(repeating: "holiday-", count: 2_000) + "beach.png"
        let shown = try atlas.fitted(name, size: 15, width: 300, canvas: canvas)
        XCTAssertTrue(shown.hasPrefix("holiday-"), shown)
        XCTAssertTrue(shown.hasSuffix("beach.png"), shown)
        XCTAssertTrue(shown.contains("…"), shown)
        XCTAssertLessThanOrEqual(try TextRasterizer.measure(shown, fontName: atlas.fontName, size: 15).width, 300)
        XCTAssertEqual(try atlas.fitted("img1.png", size: 15, width: 300, canvas: canvas), "img1.png")
        XCTAssertFalse(try atlas.fitted("a\nb\rc", size: 15, width: 300, canvas: canvas).contains("\n"))
        XCTAssertEqual(try atlas.fitted(name, size: 15, width: 0, canvas: canvas), "…")
        // Drawn in a frame: the label stays inside the image bounds.
        var overlay = Overlay()
        overlay.message(folder + "/" + name + ": no such file", canvas: canvas)
        let renderer = try Renderer(context: context)
        let target = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: false)
        target.bind()
        XCTAssertNoThrow(try overlay.draw(renderer: renderer, atlas: atlas, canvas: canvas))
    }

    func testWarningsFromTheStartOfAShowReachTheListener() throws {
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/damaged.png"))
        let app = try makeApp(["damaged.png", "img1.png", "img2.png"])
        var heard: [String] = []
        app.onWarning = { heard.append($0) }
        XCTAssertEqual(heard.count, 1, "\(heard)")
        XCTAssertTrue(heard.first?.contains("damaged.png") ?? false)
    }
}

extension HostileSlideShowTests {
    func testAMovieThatFailsIsRememberedForEverySlideOfItsFile() throws {
        let clip = try TestClips.counter()
        let list = SlideList(paths: [clip, folder + "/img1.png", clip])
        let source = PhotoSlideSource(list: list, viewPixels: (320, 240), contentMode: .aspectFit, loop: true, maxSide: 4096)
        guard case .success? = source.movie(0) else { return XCTFail("the clip did not probe") }
        source.movieFailed(0, MovieError(.render, path: clip, reason: "test"))
        for i in [0, 2] {
            guard case let .failure(e)? = source.movie(i) else { return XCTFail("slide \(i) forgot the failure") }
            XCTAssertEqual((e as? MovieError)?.kind, .render)
        }
        XCTAssertNil(source.movie(1))
    }
}
