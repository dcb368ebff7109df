import GLFunGLES
@testable import GLFunKit
import GLFunImages
import PixelAssertions
import XCTest

/// Group opacity through the layer planes (`Renderer+LayerPlanes`, `LayerPlanes`): the picture
/// is the composite's (`Layer.fsh`) within 2/255 a layer, more layers than planes are drawn in spans,
/// a second frame is the first, a frame without layers lets the planes go; the packing keeps a
/// plane's footprints apart and the rects a composite covers reach every shape and no more.
final class LayerPlaneTests: LayerTestCase {
    /// `count` groups with opacity of overlapping shapes (opaque and translucent rects,
    /// ellipses, a path) over a few plain shapes, on a `size` canvas: each layer's shapes reach
    /// across most of it (so that no two share a plane) when `wide`. `masked`: each group also
    /// has an alpha mask of one opaque rect over the whole canvas (the same picture, drawn by
    /// `Renderer+Layers`'s composite: a mask keeps a layer off the planes).
    func groups(_ count: Int, size: Float, wide: Bool, masked: Bool) -> [Shape] {
        var rng = SplitMix64(seed: 7)
        var g = GraphicsContext()
        g.fill(rect(0, 0, Double(size), Double(size / 2)), paint: .solid(Color(0.2, 0.5, 0.9)))
        for k in 0..<count {
            let mask = masked ? g.mask(.alpha) { $0.fill(rect(0, 0, Double(size), Double(size)), paint: .solid(.white)) } : nil
            g.beginLayer(opacity: 0.3 + 0.05 * Float(k % 10), mask: mask)
            let span = wide ? size * 0.8 : size * 0.25
            for j in 0..<4 {
                let x = Float.random(in: 0...(size - span), using: &rng), y = Float.random(in: 0...(size - span), using: &rng)
                let w = Float.random(in: span / 3...span, using: &rng), h = Float.random(in: span / 3...span, using: &rng)
                let c = Color(Float(j) / 4, Float(k % 3) / 3, 0.5, j == 2 ? 0.6 : 1)
                switch j {
                case 1: g.fill(.ellipse(from: Point(x, y), to: Point(x + w, y + h)), paint: .solid(c))
                case 3: g.stroke(.polyline([Point(x, y), Point(x + w, y + h / 2), Point(x, y + h)], closed: false),
                                 paint: .solid(c), style: StrokeStyle(width: 3))
                default: g.fill(rect(Double(x), Double(y), Double(x + w), Double(y + h)), paint: .solid(c))
                }
            }
            g.endLayer()
        }
        return g.shapes
    }

    func testPlanesGiveTheCompositesPicture() throws {
        for (count, wide) in [(12, true), (30, false)] {
            for depth in [true, false] {
                let planes = try premultiplied(groups(count, size: 64, wide: wide, masked: false), size: 64,
                                               background: .white, depth: depth)
                XCTAssertTrue(renderer.layers.planes.holdsTargets, "drawn through the planes")
                let composited = try premultiplied(groups(count, size: 64, wide: wide, masked: true), size: 64,
                                                   background: .white, depth: depth)
                // Each layer's rounding is at most 2/255 off the composite's; dozens stacked at a
                // pixel add theirs up (one pixel of the 30 small groups is 3/255 off).
                assertSameImage(planes, composited, tolerance: count > 12 ? 3 : 2, "\(count) groups, wide \(wide), depth \(depth)")
            }
        }
    }

    func testASecondFrameIsTheFirst() throws {
        let shapes = groups(12, size: 48, wide: true, masked: false)
        let first = try premultiplied(shapes, size: 48, background: .white)
        assertSameImage(try premultiplied(shapes, size: 48, background: .white), first, "kept planes and covers")
    }

    func testAFrameWithoutLayersLetsThePlanesGo() throws {
        _ = try premultiplied(groups(3, size: 32, wide: false, masked: false), size: 32, background: .white)
        XCTAssertTrue(renderer.layers.planes.holdsTargets)
        _ = try premultiplied([Shape(kind: .rect, from: Point(1, 1), to: Point(5, 5), color: .black)], size: 32)
        XCTAssertFalse(renderer.layers.planes.holdsTargets)
    }

    func testAPlanesFootprintsDoNotMeet() throws {
        let planes = LayerPlanes()
        defer { planes.drop() }
        let layer = Layer(shapes: [], opacity: 0.5)
        func place(_ x: Int, _ y: Int, _ w: Int, _ h: Int) throws -> Int? {
            try planes.place(layer, footprint: PixelRect(x: x, y: y, width: w, height: h), width: 64, height: 64,
                             scale: 1, depth: false, context: ctx)
        }
        XCTAssertEqual(try place(0, 0, 32, 32), 0)
        XCTAssertEqual(try place(32, 0, 32, 32), 0, "beside the first: the same plane")
        XCTAssertEqual(try place(16, 16, 32, 32), 1, "over both: the next plane")
        let n = LayerPlanes.count(width: 64, height: 64, depth: false)
        XCTAssertEqual(n, LayerPlanes.maxPlanes)
        for k in 2..<n { XCTAssertEqual(try place(0, 0, 64, 64), k) }
        XCTAssertNil(try place(0, 0, 64, 64), "every plane taken")
        XCTAssertEqual(planes.pending.count, n + 1)
        planes.reset()
        XCTAssertEqual(try place(0, 0, 64, 64), 0, "free again")
        XCTAssertEqual(LayerPlanes.count(width: 8000, height: 8000, depth: true), 1, "at least one, within the budget")
    }

    func testTheCoverReachesEveryShapeInDisjointTiles() {
        let cut = PixelRect(x: 3, y: 5, width: 300, height: 200)
        let shapes = [Shape(kind: .rect, from: Point(10, 10), to: Point(40, 30), color: .black),
                      Shape(kind: .ellipse, from: Point(100, 60), to: Point(180, 90), color: .black),
                      Shape(kind: .rect, from: Point(250, 150), to: Point(400, 400), color: .black)]
        let rects = LayerPlanes.cover(shapes, cut: cut, scale: 1)
        var hits = [Int](repeating: 0, count: cut.width * cut.height)
        for r in rects {
            XCTAssertNotNil(LayerBounds.intersect(r, cut))
            XCTAssertEqual(LayerBounds.intersect(r, cut), r, "within the cut")
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { hits[(y - cut.y) * cut.width + x - cut.x] += 1 } }
        }
        XCTAssertEqual(hits.max(), 1, "no pixel twice")
        for s in shapes {
            let b = LayerBounds.of([s])!.pixels(scale: 1)!
            guard let r = LayerBounds.intersect(b, cut) else { continue }
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) {
                XCTAssertEqual(hits[(y - cut.y) * cut.width + x - cut.x], 1, "(\(x), \(y)) of a shape")
            } }
        }
        XCTAssertLessThan(hits.reduce(0, +), cut.width * cut.height / 2, "far less than the cut")
        // A shape not bounded (an image) takes the whole cut.
        let image = Shape(kind: .image, from: .zero, to: Point(1, 1), color: .white)
        XCTAssertEqual(LayerPlanes.cover(shapes + [image], cut: cut, scale: 1), [cut])
    }
}
