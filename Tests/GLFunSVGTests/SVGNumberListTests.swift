@testable import GLFunSVG
import XCTest

/// A polyline's or polygon's `points` (`SVGShapes.numberListPrefix`): an ASCII list is cut on
/// its bytes, any other by characters, and both give the pieces that cutting the text at commas
/// and white space gives, each a number, up to the first that is not.
final class SVGNumberListTests: XCTestCase {
    /// What the list is, by its definition: the text cut by characters.
    private func reference(_ text: String) -> [Double] {
        var out: [Double] = []
        for part in text.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
            guard let v = Double(part), v.isFinite else { break }
            out.append(v)
        }
        return out
    }

    func testListsAreCutAtCommasAndWhiteSpaceUpToTheFirstPieceThatIsNotANumber() {
        XCTAssertEqual(SVGShapes.numberListPrefix("10,20 30.5,-4e1\t\n5 6"), [10, 20, 30.5, -40, 5, 6])
        XCTAssertEqual(SVGShapes.numberListPrefix("1,2,,3 x 4"), [1, 2, 3])
        XCTAssertEqual(SVGShapes.numberListPrefix("1 2 inf 3"), [1, 2])
        XCTAssertEqual(SVGShapes.numberListPrefix(""), [])
        XCTAssertEqual(SVGShapes.numberListPrefix(" \r\n,"), [])
        // Not ASCII: a no-break space and an ideographic space are white space too.
        XCTAssertEqual(SVGShapes.numberListPrefix("1\u{A0}2\u{3000}3 é 4"), [1, 2, 3])
    }

    func testRandomListsGiveWhatCuttingByCharactersGives() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["1", "-2.5", "3e2", "+4", ".5", "6.", "1e400", "nan", "x", "0x1p3", "7-8", "", "--1", "9E-1"]
        let separators = [",", " ", "\t", "\n", "\r\n", ", ", "  ", "\u{0B}", "\u{0C}"]
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                text += pieces.randomElement(using: &rng)! + separators.randomElement(using: &rng)!
            }
            XCTAssertEqual(SVGShapes.numberListPrefix(text), reference(text), text.debugDescription)
        }
    }
}
