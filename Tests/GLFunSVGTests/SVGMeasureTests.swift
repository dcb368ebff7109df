import Foundation
import GLFunKit
import PixelAssertions
import XCTest

/// Dashes and textPath measured along curves (PathMeasure): pixels at places worked out here.
final class SVGMeasureTests: SVGTestCase {
    func testADashedCircleIsOnMidDashAndOffMidGap() throws {
        // r 40 about (50, 50), [12, 8]: dash k covers 20k...20k+12 along the circle from (90, 50), clockwise.
        let img = try picture(##"<circle cx="50" cy="50" r="40" fill="none" stroke="#008000" stroke-width="6" stroke-dasharray="12 8"/>"##)
        for k in 0..<12 {
            for (s, on) in [(Double(k) * 20 + 6, true), (Double(k) * 20 + 16, false)] {
                let a = s / 40
                let x = Int((50 + 40 * cos(a)).rounded(.down)), y = Int((50 + 40 * sin(a)).rounded(.down))
                let px = rgba(img, x, y)
                if on {
                    XCTAssertEqual(px, green, "mid-dash at \(s): (\(x), \(y))")
                } else {
                    XCTAssertEqual(px[3], 0, "mid-gap at \(s): (\(x), \(y))")
                }
            }
        }
    }

    func testTextPathPutsEachGlyphsMiddleOnTheCircle() throws {
        // "l"s on a circle of radius 30 (from its top, clockwise): ink near the circle only,
        // and on both its right and its bottom halves.
        let img = try picture(##"<defs><path id="c" d="M 50 20 A 30 30 0 1 1 49.99 20"/></defs><text font-family="DejaVu Sans" font-size="14"><textPath href="#c">llllllllllllllllllll</textPath></text>"##)
        var right = false, bottom = false
        for y in 0..<100 {
            for x in 0..<100 where rgba(img, x, y)[3] > 128 {
                let r = ((Double(x) + 0.5 - 50) * (Double(x) + 0.5 - 50) + (Double(y) + 0.5 - 50) * (Double(y) + 0.5 - 50)).squareRoot()
                XCTAssertTrue(r > 28 && r < 43, "ink at (\(x), \(y)), \(r) from the centre")
                if x > 75 { right = true }
                if y > 75 { bottom = true }
            }
        }
        XCTAssertTrue(right && bottom)
    }
}
