import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Antialiased edges: coverage at the edges of rects, lines and ellipses; the aliased picture
/// unchanged when it is off; culling and the depth pass still exact with it on.
final class AntialiasTests: RenderTestCase {
    private func scene(_ shapes: [Shape], aa: Bool, width: Int = 64, height: Int = 64) -> Scene {
        var s = Scene(width: width, height: height, background: .white, shapes: shapes)
        s.antialias = aa
        return s
    }

    func testARectEdgeHalfAPixelInIsHalfCovered() throws {
        // Left edge at x = 10.5: pixel 10 is half covered; 9 is outside, 11 inside.
        let image = try render(scene([.rect(Point(10.5, 10), Point(30, 30), color: .black)], aa: true))
        assertPixel(image, 9, 20, [255, 255, 255, 255])
        assertPixel(image, 11, 20, [0, 0, 0, 255])
        let mid = rgba(image, 10, 20)[0]
        XCTAssertTrue((120...135).contains(mid), "half-covered pixel: \(mid)")
        // Aliased, the same pixel is all or nothing.
        let aliased = try render(scene([.rect(Point(10.5, 10), Point(30, 30), color: .black)], aa: false))
        XCTAssertTrue([0, 255].contains(rgba(aliased, 10, 20)[0]))
    }

    func testARectOnWholePixelsIsAsSharpAsAliased() throws {
        let shapes: [Shape] = [.rect(Point(10, 12), Point(40, 30), color: .red), .rect(Point(20, 20), Point(50, 50), color: .blue)]
        assertSameImage(try render(scene(shapes, aa: true)), try render(scene(shapes, aa: false)),
                        "a rect on whole pixels has no partly covered pixel")
    }

    func testEdgesOfALineAndAnEllipseAreBetweenTheTwoColors() throws {
        let image = try render(scene([.line(Point(4, 8), Point(60, 40), color: .black, width: 3),
                                      .ellipse(Point(10, 34), Point(54, 62), color: .black)], aa: true))
        let grays = share(image) { $0[0] > 20 && $0[0] < 235 }
        XCTAssertGreaterThan(grays, 0.01, "edge pixels between black and white")
        assertPixel(image, 32, 48, [0, 0, 0, 255])  // inside the ellipse
        assertPixel(image, 2, 60, [255, 255, 255, 255])
        let aliased = try render(scene([.line(Point(4, 8), Point(60, 40), color: .black, width: 3),
                                        .ellipse(Point(10, 34), Point(54, 62), color: .black)], aa: false))
        XCTAssertEqual(share(aliased) { $0[0] > 20 && $0[0] < 235 }, 0, "aliased: no in-between pixel")
    }

    /// AA on changes only pixels within a pixel of an edge of the aliased picture.
    func testAntialiasingChangesOnlyPixelsAtEdges() throws {
        let sprites = try registerSprites()
        var s = randomScene(seed: 5, count: 200, width: 200, height: 150, sprites: sprites)
        // A line, rect or ellipse thinner than a pixel may miss every pixel center aliased
        // (no aliased edge to be near): these are left out here.
        s.shapes.removeAll { sh in
            sh.kind == .line ? sh.width < 2 : sh.kind != .image && (abs(sh.from.x - sh.to.x) < 2 || abs(sh.from.y - sh.to.y) < 2)
        }
        let aliased = try render(s)
        s.antialias = true
        let smooth = try render(s)
        var changed = 0
        for y in 0..<aliased.height {
            for x in 0..<aliased.width where rgba(smooth, x, y) != rgba(aliased, x, y) {
                changed += 1
                var edge = false
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = min(max(x + dx, 0), aliased.width - 1), ny = min(max(y + dy, 0), aliased.height - 1)
                        if rgba(aliased, nx, ny) != rgba(aliased, x, y) { edge = true }
                    }
                }
                XCTAssertTrue(edge, "pixel (\(x), \(y)) \(rgba(smooth, x, y)) vs \(rgba(aliased, x, y)) changed but is not within a pixel of an aliased edge")
                if !edge { return }
            }
        }
        XCTAssertGreaterThan(changed, 100)
    }

    func testCullingAndDepthDoNotChangeAnAntialiasedScene() throws {
        let sprites = try registerSprites()
        for (seed, scale) in [(UInt64(1), Float(1)), (2, 2), (3, 1.5)] {
            var s = randomScene(seed: seed, count: 250, width: 200, height: 150, sprites: sprites)
            s.antialias = true
            _ = try renderAllWays(s, scale: scale, "(seed \(seed), scale \(scale))")
            _ = try render(s)
            XCTAssertGreaterThan(renderer.stats.culled, 0, "seed \(seed): the scene should exercise culling")
        }
    }

    /// Each edge pixel is the share of it the shape covers: an opaque and a translucent ellipse
    /// (core and ring, or drawn whole) and a rect off the pixel grid against the coverage worked
    /// out here at 16 x 16 samples a pixel.
    func testEdgesAreTheCoverageOfThePixel() throws {
        let ellipse = (from: Point(12.3, 14), to: Point(110, 80.6)), rect = (from: Point(20.3, 84.6), to: Point(100.8, 93.2))
        for alpha: Float in [1, 0.5] {
            let image = try render(scene([.ellipse(ellipse.from, ellipse.to, color: Color(0, 0, 0, alpha)),
                                          .rect(rect.from, rect.to, color: Color(0, 0, 0, alpha))],
                                         aa: true, width: 128, height: 100))
            let cx = (ellipse.from.x + ellipse.to.x) / 2, cy = (ellipse.from.y + ellipse.to.y) / 2
            let rx = (ellipse.to.x - ellipse.from.x) / 2, ry = (ellipse.to.y - ellipse.from.y) / 2
            var worst: Float = 0
            for y in 0..<100 {
                for x in 0..<128 {
                    var inside = 0
                    for sy in 0..<16 {
                        for sx in 0..<16 {
                            let px = Float(x) + (Float(sx) + 0.5) / 16, py = Float(y) + (Float(sy) + 0.5) / 16
                            let dx = (px - cx) / rx, dy = (py - cy) / ry
                            let inRect = px >= rect.from.x && px <= rect.to.x && py >= rect.from.y && py <= rect.to.y
                            if dx * dx + dy * dy <= 1 || inRect { inside += 1 }
                        }
                    }
                    let expected = alpha * Float(inside) / 256, got = 1 - Float(rgba(image, x, y)[0]) / 255
                    worst = max(worst, abs(got - expected))
                }
            }
            XCTAssertLessThan(worst, 0.06, "alpha \(alpha): the largest difference from the pixel's coverage")
        }
    }

    func testAThinLineIsFaintNotGone() throws {
        let image = try render(scene([.line(Point(4, 20.5), Point(60, 20.5), color: .black, width: 0.25)], aa: true))
        let v = rgba(image, 30, 20)[0]
        XCTAssertTrue((180...215).contains(v), "a quarter-pixel line is a quarter dark: \(v)")
    }

    func testTheSceneKeyRoundTrips() throws {
        var s = Scene(width: 10, height: 10)
        XCTAssertFalse(try Scene(json: s.jsonData()).antialias)
        XCTAssertFalse(String(decoding: s.jsonData(), as: UTF8.self).contains("antialias"))
        s.antialias = true
        XCTAssertTrue(try Scene(json: s.jsonData()).antialias)
        XCTAssertTrue(try JSONDecoder().decode(Scene.self, from: s.jsonData()).antialias)
        XCTAssertThrowsError(try Scene(json: Data(#"{"width": 5, "height": 5, "antialias": 1}"#.utf8))) { e in
            XCTAssertEqual((e as? SceneError)?.path, "antialias")
        }
    }
}
