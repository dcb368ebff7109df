import GLFunGLES
import GLFunImages
import PixelAssertions
@testable import GLFunKit
import XCTest

/// Layers drawn without an offscreen target (`Renderer+LayerShortcuts`): an opacity group of
/// one shape or of children side by side (folded), and a group clipped by a rectangle on whole
/// pixels (the scissor), each within 1/255 of the layered picture. The layered reference is the
/// same group with a mask that is opaque everywhere (a mask keeps it offscreen).
final class LayerShortcutTests: LayerTestCase {
    private let size = 40

    private var everywhere: LayerMask {
        LayerMask(.alpha, shapes: [.rect(Point(0, 0), Point(Float(size), Float(size)), color: .white)])
    }

    private func compare(_ layer: Layer, _ reference: Layer, _ message: String) throws {
        for aa in [true, false] {
            let background = Color(0.76, 0.5, 0.3)
            let under = Shape.rect(Point(2, 2), Point(30, 12), color: Color(0, 0, 1))
            let after = Shape.ellipse(Point(20, 20), Point(38, 30), color: Color(0, 1, 0, 0.5))
            let a = try premultiplied([under, .layer(layer), after], size: size, background: background, antialias: aa)
            let b = try premultiplied([under, .layer(reference), after], size: size, background: background,
                                      antialias: aa)
            assertSameImage(a, b, tolerance: 1, "\(message), aa \(aa)")
        }
    }

    private func gradientSquare(_ x: Float, _ y: Float) -> Shape {
        var s = Shape.path(.polyline([Point(x, y), Point(x + 9, y), Point(x + 9, y + 9), Point(x, y + 9)], closed: true),
                           fill: .white)
        s.gradient = .linear(from: Point(x, y), to: Point(x + 9, y + 9),
                             stops: [GradientStop(0, .red), GradientStop(1, Color(0, 0, 1, 0.5))])
        return s
    }

    func testAnOpacityGroupOfOneShapeIsFolded() throws {
        let zigzag = Shape.path(.polyline([Point(3, 30), Point(20, 5), Point(25, 36), Point(8, 8)], closed: false),
                                stroke: Color(1, 0, 0, 0.8), style: StrokeStyle(width: 5, join: .round))
        for shape in [zigzag, .ellipse(Point(4.3, 6.5), Point(33, 27.2), color: .red), gradientSquare(7.5, 11)] {
            let layer = Layer(shapes: [shape], opacity: 0.45)
            XCTAssertNotNil(Renderer.folded(layer, pathLayers: true))
            try compare(layer, Layer(shapes: [shape], opacity: 0.45, mask: everywhere), "\(shape.kind)")
        }
    }

    func testAnOpacityGroupOfChildrenSideBySideIsFolded() throws {
        let shapes: [Shape] = [.rect(Point(1.5, 1.5), Point(12, 10), color: .red),
                               .ellipse(Point(19, 2), Point(33, 12.5), color: Color(0.2, 0.8, 0.1)),
                               .line(Point(3, 20), Point(14, 34), color: .black, width: 2),
                               gradientSquare(22, 24)]
        let layer = Layer(shapes: shapes, opacity: 0.6)
        XCTAssertNotNil(Renderer.folded(layer, pathLayers: true))
        try compare(layer, Layer(shapes: shapes, opacity: 0.6, mask: everywhere), "side by side")
    }

    func testOverlappingChildrenKeepTheirLayer() {
        let shapes: [Shape] = [.rect(Point(1, 1), Point(12, 10), color: .red), .rect(Point(11, 9), Point(20, 20), color: .blue)]
        XCTAssertNil(Renderer.folded(Layer(shapes: shapes, opacity: 0.5), pathLayers: true))
        XCTAssertNil(Renderer.folded(Layer(shapes: [shapes[0]], opacity: 0.5, blend: .multiply), pathLayers: true))
        let path = gradientSquare(1, 1)
        XCTAssertNil(Renderer.folded(Layer(shapes: [path], opacity: 0.5), pathLayers: false), "no one layer of paint")
    }

    func testARectClipOnWholePixelsIsTheScissor() throws {
        let clip = LayerClip(path: .polyline([Point(5, 4), Point(31, 4), Point(31, 27), Point(5, 27)], closed: true))
        let shapes: [Shape] = [.ellipse(Point(0, 0), Point(30, 30), color: .red),
                               .path(.polyline([Point(2, 38), Point(20, 1), Point(38, 38)], closed: false),
                                     stroke: Color(0, 0, 0, 0.6), style: StrokeStyle(width: 4)),
                               gradientSquare(20, 18)]
        let layer = Layer(shapes: shapes, clip: clip)
        XCTAssertEqual(Renderer.scissorClip(layer, scale: 1, view: .identity), PixelRect(x: 5, y: 4, width: 26, height: 23))
        try compare(layer, Layer(shapes: shapes, clip: clip, mask: everywhere), "rect clip")
        let between = LayerClip(path: .polyline([Point(5.5, 4), Point(31, 4), Point(31, 27), Point(5.5, 27)], closed: true))
        XCTAssertNil(Renderer.scissorClip(Layer(shapes: shapes, clip: between), scale: 1, view: .identity))
        XCTAssertNil(Renderer.scissorClip(Layer(shapes: shapes, opacity: 0.5, clip: clip), scale: 1, view: .identity))
    }
}
