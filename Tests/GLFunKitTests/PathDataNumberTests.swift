@testable import GLFunKit
import XCTest

/// Path data numbers read without a string (`PathDataReader.number`'s fast path) are the
/// numbers strtod (`Double(String)`) gives, bit for bit; the rest still go through it.
final class PathDataNumberTests: XCTestCase {
    func testNumbersAreStrtodsBitForBit() throws {
        var rng = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "+7", "0.1", "123.456", "999999.9999", "1000000", "-1000000", ".5", "5.", "-.25",
                     "0.000000000000000000001", "123456.789012345", "123456.7890123456", "12345.67890123456789",
                     "1e3", "2.5E-3", "00012.50"]
        for _ in 0..<20_000 {
            let whole = Int.random(in: 0...999_999, using: &rng)
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &rng)).prefix(Int.random(in: 0...12, using: &rng))
            let sign = ["", "-", "+"].randomElement(using: &rng)!
            texts.append(sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction))
        }
        for text in texts {
            var reader = PathDataReader(text)
            let got = try reader.number()
            let want = try XCTUnwrap(Double(text), text)
            XCTAssertEqual(got.bitPattern, want.bitPattern, text)
        }
        var past = PathDataReader("1000000.5")
        XCTAssertThrowsError(try past.number())
    }
}
