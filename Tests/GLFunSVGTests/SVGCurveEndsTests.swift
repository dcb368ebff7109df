import Foundation
import GLFunKit
import PixelAssertions
import XCTest

/// Joins and caps at a curve's end turn by the curve's tangent in SVG (`CurveEnds.tangents`, as
/// tiny-skia strokes), not by the flattened curve's last chord.
final class SVGCurveEndsTests: SVGTestCase {
    /// resvg's painting/stroke-linejoin/miter at 1.5 pixels a unit (as its reference): the two
    /// curves meet at (187.5, 82.5) at a miter ratio of 3.9 by their tangents (limit 4): a miter,
    /// whose tip reaches 23 px out along the bisector (0.966, -0.257). By the chords the last
    /// chord's direction made the turn sharper and the tip shorter (the pixel 20 px out was 23/255
    /// covered; resvg's is 240/255).
    func testAMiterJustUnderItsLimitAtACurvesEndStaysAMiter() throws {
        let img = try picture(##"<g transform="scale(0.5)"><path fill="none" stroke="#008000" stroke-width="8" stroke-linejoin="miter" d="M 25 130 c 0 -40 50 -75 100 -75 c -35 20 -50 50 -50 75"/></g>"##, scale: 3)
        XCTAssertEqual(rgba(img, 200, 79), green, "half-way out along the miter")
        XCTAssertGreaterThan(rgba(img, 207, 77)[3], 200, "20 px out along the miter")
        XCTAssertEqual(rgba(img, 215, 75)[3], 0, "past the miter's tip")
    }

    /// A curve within the flattening tolerance of its chord is stroked as that line (resvg's
    /// painting/stroke/line-as-curve-2): its butt end is square to the diagonal chord, not to
    /// its (horizontal, degenerate) start tangent, which would fill (21, 88) below the start.
    func testACurveThatIsALineEndsSquareToItsChord() throws {
        let img = try picture(##"<path fill="none" stroke="#008000" stroke-width="20" d="M 20 80 C 20.1 80 80 20 80.1 20"/>"##)
        XCTAssertEqual(rgba(img, 21, 88)[3], 0, "behind the start's square end")
        XCTAssertEqual(rgba(img, 25, 82), green, "on the stroke just after its start")
    }
}
