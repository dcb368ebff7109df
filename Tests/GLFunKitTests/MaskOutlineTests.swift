import Foundation
import GLFunGLES
@testable import GLFunKit
import PixelAssertions
import XCTest

/// A turned or skewed fill's mask drawn as the polygon round its covered pixels
/// (`MaskOutline`, `CoverageMask.outline`): every covered pixel inside it, no pixel centre
/// outside the mask's box, fewer pixels than the box, and the same picture as the quads.
final class MaskOutlineTests: RenderTestCase {
    override func tearDownWithError() throws {
        renderer.pathMasks = true
        try super.tearDownWithError()
    }

    /// Rectangles and ellipses turned by every angle and skewed, at fractions of a pixel.
    private func turnedFills() -> [Path] {
        var out: [Path] = []
        for k in 0..<24 {
            let angle = Double(k) * .pi / 24 + 0.013
            let c = Point(60.3 + Float(k % 4) * 0.27, 50.6)
            let turn = Transform.translation(Double(c.x), Double(c.y)).concatenating(.rotation(angle))
                .concatenating(.skew(x: k % 3 == 0 ? 0.2 : 0)).concatenating(.translation(-Double(c.x), -Double(c.y)))
            let box = (from: Point(c.x - 40, c.y - 9.5), to: Point(c.x + 40, c.y + 9.5))
            out.append(Path.polyline([box.from, Point(box.to.x, box.from.y), box.to, Point(box.from.x, box.to.y)], closed: true)
                .applying(turn))
            out.append(Path.ellipse(from: box.from, to: box.to).applying(turn))
        }
        return out
    }

    private func mask(_ path: Path) throws -> CoverageMask {
        let b = try XCTUnwrap(path.controlBounds)
        let key = try XCTUnwrap(CoverageKey(grid: PixelGrid(pixel: 1), bounds: b))
        return try XCTUnwrap(PathTessellator.coverageMesh(path, rule: .nonzero, key: key, masks: true).mask)
    }

    func testTheOutlineHoldsEveryCoveredPixelAndNoPixelPastTheBox() throws {
        var outlined = 0, saved = 0.0
        for path in turnedFills() {
            let m = try mask(path)
            guard let poly = m.outline else { continue }
            outlined += 1
            for y in 0..<m.height {
                for x in 0..<m.width where m.bytes[2 * (y * m.width + x)] != 0 || m.bytes[2 * (y * m.width + x) + 1] != 0 {
                    XCTAssertTrue(MaskOutline.contains(poly, Vec(Double(x) + 0.5, Double(y) + 0.5)), "covered pixel \(x), \(y) outside")
                }
            }
            for p in poly {
                XCTAssertTrue(p.x > -0.5 && p.x < Double(m.width) + 0.5 && p.y > -0.5 && p.y < Double(m.height) + 0.5,
                              "corner \(p) of a \(m.width) x \(m.height) mask")
            }
            saved += 1 - MaskOutline.area(poly) / Double(m.width * m.height)
        }
        // Most turned fills are outlined, and the outlines are well under their boxes.
        XCTAssertGreaterThan(outlined, 30)
        XCTAssertGreaterThan(saved / Double(outlined), 0.3)
    }

    /// An upright rectangle or ellipse keeps its box's quad (an outline would not pay).
    func testAnUprightFillKeepsItsBox() throws {
        XCTAssertNil(try mask(.ellipse(from: Point(10.3, 10.6), to: Point(90.2, 60.1))).outline)
        XCTAssertNil(try mask(.circle(center: Point(50.5, 50.25), radius: 30.3)).outline)
    }

    /// The same pixels as the quads of one coverage each, opaque and translucent, over each other.
    func testOutlinedMasksDrawTheQuadsPixels() throws {
        let colors = [Color.red, Color(0, 0, 1, 0.6), Color(0, 0.6, 0.2, 0.8), .black]
        let shapes = turnedFills().enumerated().map { k, p in Shape.path(p, fill: colors[k % colors.count]) }
        var s = Scene(width: 130, height: 110, background: .background, shapes: shapes)
        s.antialias = true
        renderer.pathMasks = false
        let quads = try renderAllWays(s)
        renderer.pathMasks = true
        let masks = try renderAllWays(s)
        assertSameImage(masks, quads)
    }
}
