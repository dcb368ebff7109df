import GLFunGLES
import GLFunImages
import PixelAssertions
@testable import GLFunKit
import XCTest

/// A clipped or translucent group of fills drawn in the frame with the clip and the opacity
/// folded into each child's coverage (`GroupFold`): within 2/255 of the layered picture over any
/// backdrop, where children overlap on the clip's antialiased edge or under the opacity too. The layered reference is the same group with a mask that
/// is opaque everywhere (a mask keeps it offscreen).
final class GroupFoldTests: LayerTestCase {
    private let size = 40

    private var everywhere: LayerMask {
        LayerMask(.alpha, shapes: [.rect(Point(0, 0), Point(Float(size), Float(size)), color: .white)])
    }

    private var circle: LayerClip { LayerClip(path: .circle(center: Point(20.3, 19.6), radius: 15.2)) }

    /// The children: overlapping rects and ellipses, a translucent one, an even-odd path, an
    /// opaque gradient, a long flat ellipse, all across the clip's edge.
    private var children: [Shape] {
        var gradient = Shape.path(rect(3.5, 22, 25, 37.5), fill: .white)
        gradient.gradient = .linear(from: Point(3, 22), to: Point(25, 38),
                                    stops: [GradientStop(0, .red), GradientStop(1, Color(0, 0, 1))])
        let ring = Path.circle(center: Point(28, 12), radius: 9)
        var both = ring
        both.append(.circle(center: Point(28, 12), radius: 4.5))
        return [.rect(Point(1, 1), Point(24, 20.5), color: .red),
                .ellipse(Point(10.4, 6.2), Point(39, 30.7), color: Color(0.1, 0.7, 0.2)),
                .rect(Point(14, 2), Point(30, 39), color: Color(0, 0, 1, 0.55)),
                .path(both, fill: Color(0.9, 0.8, 0.1), rule: .evenOdd),
                gradient,
                .ellipse(Point(2, 16), Point(38, 19.6), color: .black)]
    }

    private func compare(_ shapes: [Shape], clip: LayerClip?, opacity: Float = 1, _ message: String) throws {
        let layer = Layer(shapes: shapes, opacity: opacity, clip: clip)
        let fold = try XCTUnwrap(GroupFold.shapes(of: layer, grid: PixelGrid(canvas: Canvas(width: Float(size), height: Float(size), scale: 1))),
                                 message)
        XCTAssertTrue(fold.allSatisfy { $0.pathShape?.given?.mask != nil }, message)
        for background in [Color(0.76, 0.5, 0.3), Color(0, 0, 0, 0)] {
            let under = Shape.rect(Point(2, 2), Point(30, 12), color: Color(0, 0, 1))
            let after = Shape.ellipse(Point(20, 20), Point(38, 30), color: Color(0, 1, 0, 0.5))
            let a = try premultiplied([under, .layer(layer), after], size: size, background: background)
            let b = try premultiplied([under, .layer(Layer(shapes: shapes, opacity: opacity, clip: clip, mask: everywhere)), after],
                                      size: size, background: background)
            assertSameImage(a, b, tolerance: 2, "\(message) over \(background)")
        }
    }

    func testOverlappingFillsOnTheClipsEdgeAreTheLayeredPicture() throws {
        try compare(children, clip: circle, "circle")
        let star = Path.polyline([Point(20, 2), Point(31, 36), Point(2, 14), Point(38, 14), Point(9, 36)], closed: true)
        try compare(children, clip: LayerClip(path: star, rule: .evenOdd), "even-odd star")
        try compare(children.reversed(), clip: LayerClip(path: star), "non-zero star, children reversed")
    }

    func testAnOpacityGroupOfOverlappingFillsIsTheLayeredPicture() throws {
        try compare(children, clip: nil, opacity: 0.45, "opacity")
        try compare(children, clip: circle, opacity: 0.7, "clip and opacity")
    }

    func testAGroupInTheGroupFoldsToo() throws {
        let grid = PixelGrid(canvas: Canvas(width: Float(size), height: Float(size), scale: 1))
        let first = Array(children.prefix(3)), rest = Array(children.suffix(3))
        let cases: [(inner: (LayerMask?) -> Layer, outer: ([Shape], LayerMask?) -> Layer, String)] = [
            ({ Layer(shapes: first, opacity: 0.6, mask: $0) }, { Layer(shapes: $0, clip: self.circle, mask: $1) },
             "opacity in a clip"),
            ({ Layer(shapes: first, clip: self.circle, mask: $0) }, { Layer(shapes: $0, opacity: 0.55, mask: $1) },
             "a clip in opacity"),
        ]
        for (inner, outer, message) in cases {
            let folded = outer([.layer(inner(nil))] + rest, nil)
            let fold = try XCTUnwrap(GroupFold.shapes(of: folded, grid: grid), message)
            XCTAssertTrue(fold.allSatisfy { $0.pathShape?.given?.mask != nil }, message)
            let layered = outer([.layer(inner(everywhere))] + rest, everywhere)
            for background in [Color(0.76, 0.5, 0.3), Color(0, 0, 0, 0)] {
                let a = try premultiplied([.layer(folded)], size: size, background: background)
                let b = try premultiplied([.layer(layered)], size: size, background: background)
                assertSameImage(a, b, tolerance: 3, "\(message) over \(background)")
            }
        }
        let stroke = Shape.path(rect(3, 3, 30, 30), stroke: .red, style: StrokeStyle(width: 3))
        XCTAssertNil(GroupFold.shapes(of: Layer(shapes: [.layer(Layer(shapes: [stroke], opacity: 0.5))], clip: circle),
                                      grid: grid), "a group in it that keeps its layer")
    }

    func testAChildHiddenByAnOpaqueChildAboveDrawsNothing() throws {
        let hidden = Shape.rect(Point(12, 12), Point(20, 20), color: .red)
        let above = Shape.rect(Point(8, 8), Point(30, 30), color: .blue)
        let fold = try XCTUnwrap(GroupFold.shapes(of: Layer(shapes: [hidden, above], clip: circle),
                                                 grid: PixelGrid(canvas: Canvas(width: 40, height: 40, scale: 1))))
        XCTAssertEqual(fold.count, 1, "only the child above is drawn")
        try compare([hidden, above], clip: circle, "hidden")
    }

    func testAChildHalfHiddenByAnOpaqueChildAboveHasOnlyItsRowsThatShow() throws {
        // The lower child's rows 12-20 are under the opaque one (rows 16 to 30): its mask keeps
        // rows 12 to 15, and the picture is the layered one.
        let lower = Shape.rect(Point(12, 12), Point(20, 20), color: .red)
        let above = Shape.rect(Point(8, 16), Point(30, 30), color: .blue)
        let fold = try XCTUnwrap(GroupFold.shapes(of: Layer(shapes: [lower, above], opacity: 0.5),
                                                 grid: PixelGrid(canvas: Canvas(width: 40, height: 40, scale: 1))))
        XCTAssertEqual(fold.count, 2)
        let mask = try XCTUnwrap(fold[0].pathShape?.given?.mask)
        XCTAssertEqual(mask.height, 4, "rows 12 to 15")
        XCTAssertEqual(mask.width, 8)
        try compare([lower, above], clip: nil, opacity: 0.5, "half hidden")
        try compare([lower, above], clip: circle, "half hidden, clipped")
    }

    func testAClipOffTheTargetDrawsNothing() throws {
        let far = LayerClip(path: .circle(center: Point(200, 200), radius: 10))
        let fold = GroupFold.shapes(of: Layer(shapes: children, clip: far),
                                   grid: PixelGrid(canvas: Canvas(width: 40, height: 40, scale: 1)))
        XCTAssertEqual(fold?.count, 0)
        let a = try premultiplied([.layer(Layer(shapes: children, clip: far))], size: size, background: .white)
        let b = try premultiplied([], size: size, background: .white)
        assertSameImage(a, b, tolerance: 0, "nothing drawn")
    }

    func testWhatIsNotAFillKeepsTheLayer() {
        let grid = PixelGrid(canvas: Canvas(width: 40, height: 40, scale: 1))
        let stroke = Shape.path(rect(3, 3, 30, 30), stroke: .red, style: StrokeStyle(width: 3))
        var translucentGradient = Shape.path(rect(3, 3, 30, 30), fill: .white)
        translucentGradient.gradient = .linear(from: Point(3, 3), to: Point(30, 30),
                                               stops: [GradientStop(0, .red), GradientStop(1, Color(0, 0, 1, 0.5))])
        let thin = Shape.ellipse(Point(2, 18), Point(38, 18.6), color: .black)
        let nested = Shape.layer(Layer(shapes: [.rect(Point(1, 1), Point(9, 9), color: .red)], blend: .multiply))
        for (shapes, why) in [([stroke], "a stroke"), ([translucentGradient], "a gradient with alpha"),
                              ([nested], "a group in it that multiplies"), ([thin], "an ellipse thinner than a pixel"), ([.line(Point(1, 1), Point(30, 30), color: .red)], "a line")] {
            XCTAssertNil(GroupFold.shapes(of: Layer(shapes: shapes, clip: circle), grid: grid), why)
        }
        let fills = [Shape.rect(Point(1, 1), Point(9, 9), color: .red)]
        XCTAssertNil(GroupFold.shapes(of: Layer(shapes: fills, blend: .multiply, clip: circle), grid: grid), "blend")
        XCTAssertNil(GroupFold.shapes(of: Layer(shapes: fills, clip: circle, mask: everywhere), grid: grid), "mask")
        XCTAssertNil(GroupFold.shapes(of: Layer(shapes: fills), grid: grid), "no clip, no opacity")
        let many = (0..<(GroupFold.maxChildren + 1)).map { _ in fills[0] }
        XCTAssertNil(GroupFold.shapes(of: Layer(shapes: many, clip: circle), grid: grid), "too many children")
    }

    func testAFoldIsKeptForTheNextFrameAndMadeAgainForAnotherGrid() {
        let cache = LayerCache()
        let layer = Layer(shapes: children, clip: circle)
        let grid = PixelGrid(canvas: Canvas(width: 40, height: 40, scale: 1))
        cache.begin(width: 40, height: 40)
        let first = cache.folded(layer, grid: grid)
        cache.begin(width: 40, height: 40)
        let again = cache.folded(layer, grid: grid)
        XCTAssertTrue(first?.first?.pathShape === again?.first?.pathShape, "kept")
        let zoomed = cache.folded(layer, grid: PixelGrid(canvas: Canvas(width: 40, height: 40, scale: 2)))
        XCTAssertFalse(first?.first?.pathShape === zoomed?.first?.pathShape, "another grid")
    }
}
