import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// `GraphicsContext`: the state stack, transforms composing through nested saves, and
/// transformed paths drawn as the untransformed path would be at the transformed coordinates
/// (exact coverage; a stroke's width scaled with the transform).
final class GraphicsContextTests: RenderTestCase {
    private func draw(_ shapes: [Shape], size: Int = 100, antialias: Bool = true) throws -> Image {
        var s = Scene(width: size, height: size, background: .white, shapes: shapes)
        s.antialias = antialias
        return try renderAllWays(s)
    }

    private let square = Path.polyline([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)

    func testTransformsComposeAsSVGsDo() {
        let t = Transform.translation(10, 20).rotated(by: Double.pi / 2).scaled(by: 2)
        // (1, 0) -> scale (2, 0) -> rotate (0, 2) -> translate (10, 22).
        let p = t.apply(Point(1, 0))
        XCTAssertEqual(p.x, 10, accuracy: 1e-5)
        XCTAssertEqual(p.y, 22, accuracy: 1e-5)
        let back = t.inverted!.apply(p)
        XCTAssertEqual(back.x, 1, accuracy: 1e-5)
        XCTAssertEqual(back.y, 0, accuracy: 1e-5)
        XCTAssertNil(Transform.scale(0, 1).inverted)
        XCTAssertTrue(t.isSimilarity)
        XCTAssertFalse(Transform.scale(1, 2).isSimilarity)
        XCTAssertFalse(Transform.skew(x: 0.3).isSimilarity)
        XCTAssertEqual(t.lengthScale, 2, accuracy: 1e-12)
        let s = Transform.skew(x: atan(0.5)).apply(Point(0, 10))
        XCTAssertEqual(s.x, 5, accuracy: 1e-5)
    }

    func testSaveAndRestoreNestTheState() {
        var g = GraphicsContext()
        g.translate(10, 0)
        g.save()
        g.scale(2)
        g.state.dash = [1, 2]
        g.save()
        g.rotate(1)
        XCTAssertEqual(g.saveDepth, 2)
        XCTAssertTrue(g.restore())
        XCTAssertEqual(g.transform, Transform.translation(10, 0).scaled(by: 2))
        XCTAssertEqual(g.state.dash, [1, 2])
        XCTAssertTrue(g.restore())
        XCTAssertEqual(g.transform, .translation(10, 0))
        XCTAssertEqual(g.state.dash, [])
        XCTAssertFalse(g.restore(), "nothing left to restore")
        XCTAssertEqual(g.transform, .translation(10, 0))
    }

    func testNestedGroupTransformsPlaceTheShapes() throws {
        var g = GraphicsContext()
        g.save()
        g.translate(20, 10)
        g.fill(square, paint: .solid(.red))           // 20...30, 10...20
        g.save()
        g.scale(3)
        g.translate(5, 5)
        g.fill(square, paint: .solid(.blue))          // (5...15) * 3 + (20, 10): 35...65, 25...55
        g.restore()
        g.fill(square.applying(.translation(0, 60)), paint: .solid(.black))  // 20...30, 70...80
        g.restore()
        g.fill(square, paint: .solid(.black))         // 0...10
        let image = try draw(g.shapes)
        assertPixel(image, 25, 15, [255, 0, 0, 255])
        assertPixel(image, 19, 15, [255, 255, 255, 255])
        assertPixel(image, 30, 15, [255, 255, 255, 255])
        assertPixel(image, 35, 25, [0, 0, 255, 255])
        assertPixel(image, 64, 54, [0, 0, 255, 255])
        assertPixel(image, 65, 54, [255, 255, 255, 255])
        assertPixel(image, 34, 40, [255, 255, 255, 255])
        assertPixel(image, 25, 75, [0, 0, 0, 255])
        assertPixel(image, 5, 5, [0, 0, 0, 255])
    }

    func testATransformedFillIsThePathAtTheTransformedPoints() throws {
        // A star and a curve, turned 30° about (50, 50), scaled 1.7, skewed: the context's fill
        // against the path written out at points transformed here by hand.
        let star = Path.polyline((0..<10).map { i -> Point in
            let a = Double(i) * .pi / 5, r = i % 2 == 0 ? 20.0 : 8.0
            return Point(Float(r * sin(a)), Float(-r * cos(a)))
        }, closed: true)
        var blob = Path()
        blob.move(to: Point(-10, 0))
        blob.cubic(to: Point(10, 0), control1: Point(-5, -15), control2: Point(8, 12))
        blob.close()
        let angle = Double.pi / 6, k = 1.7, sk = 0.2
        func byHand(_ p: Point) -> Point {
            // skewX(sk) first, then scale, then rotate, then move to (50, 50).
            let x0 = Double(p.x) + tan(sk) * Double(p.y), y0 = Double(p.y)
            let x1 = x0 * k, y1 = y0 * k
            return Point(Float(50 + x1 * cos(angle) - y1 * sin(angle)), Float(50 + x1 * sin(angle) + y1 * cos(angle)))
        }
        func mapped(_ p: Path) -> Path {
            Path(elements: p.elements.map { e in
                switch e {
                case let .move(q): return .move(byHand(q))
                case let .line(q): return .line(byHand(q))
                case let .quad(c, q): return .quad(control: byHand(c), to: byHand(q))
                case let .cubic(c1, c2, q): return .cubic(control1: byHand(c1), control2: byHand(c2), to: byHand(q))
                case .close: return .close
                }
            })
        }
        for path in [star, blob] {
            var g = GraphicsContext()
            g.translate(50, 50)
            g.rotate(angle)
            g.scale(k)
            g.skew(x: sk)
            g.fill(path, paint: .solid(Color(0.2, 0.3, 0.9, 0.8)), rule: .evenOdd)
            let expected = try draw([.path(mapped(path), fill: Color(0.2, 0.3, 0.9, 0.8), rule: .evenOdd)])
            assertSameImage(try draw(g.shapes), expected, tolerance: 1, "transformed fill")
        }
    }

    func testAStrokesWidthScalesWithTheTransform() throws {
        let zigzag = Path.polyline([Point(5, 5), Point(15, 25), Point(25, 5), Point(40, 20)])
        var g = GraphicsContext()
        g.scale(2)
        g.stroke(zigzag, paint: .solid(.black), style: StrokeStyle(width: 3, join: .round, cap: .round))
        let expected = try draw([.path(zigzag.applying(.scale(2)), stroke: .black,
                                       style: StrokeStyle(width: 6, join: .round, cap: .round))])
        assertSameImage(try draw(g.shapes), expected, "scale(2), width 3 is width 6")
        // Turned a quarter turn about (50, 50): the same ink, turned.
        var turned = GraphicsContext()
        turned.translate(50, 50)
        turned.rotate(Double.pi / 2)
        turned.stroke(.polyline([Point(-30, 0), Point(30, 0)]), paint: .solid(.black), style: StrokeStyle(width: 4))
        let image = try draw(turned.shapes)
        assertPixel(image, 48, 30, [0, 0, 0, 255])
        assertPixel(image, 51, 79, [0, 0, 0, 255])
        assertPixel(image, 47, 50, [255, 255, 255, 255])
        assertPixel(image, 52, 50, [255, 255, 255, 255])
        assertPixel(image, 50, 19, [255, 255, 255, 255])
    }

    func testDashedStrokesHaveThePatternsLengthsOnScreen() throws {
        // A horizontal line at y = 50, width 4, butt ends, [10, 5] from x = 5, scaled 2 in x
        // and y by the context: dashes 20 px on, 10 off.
        var g = GraphicsContext()
        g.scale(2)
        g.state.dash = [10, 5]
        g.stroke(.polyline([Point(2.5, 25), Point(47.5, 25)]), paint: .solid(.black), style: StrokeStyle(width: 2))
        let image = try draw(g.shapes)
        var runs: [(Int, Int)] = []
        var start: Int? = nil
        for x in 0..<100 {
            let ink = rgba(image, x, 50)[0] < 128
            if ink, start == nil { start = x }
            if !ink, let s = start { runs.append((s, x - s)); start = nil }
        }
        if let s = start { runs.append((s, 100 - s)) }
        XCTAssertEqual(runs.map(\.0), [5, 35, 65])
        XCTAssertEqual(runs.map(\.1), [20, 20, 20])
    }

    func testGradientsFollowTheContextsTransform() throws {
        let stops = [GradientStop(0, .black), GradientStop(1, .white)]
        var g = GraphicsContext()
        g.translate(10, 0)
        g.fill(.polyline([Point(-10, 0), Point(90, 0), Point(90, 100), Point(-10, 100)], closed: true),
               paint: .gradient(.linear(from: Point(0, 0), to: Point(80, 0), stops: stops)))
        var plain = Shape.path(.polyline([Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)], closed: true),
                               fill: .white)
        plain.gradient = .linear(from: Point(10, 0), to: Point(90, 0), stops: stops)
        assertSameImage(try draw(g.shapes), try draw([plain]), tolerance: 1)
    }
}
