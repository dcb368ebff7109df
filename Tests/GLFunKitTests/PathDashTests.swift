import GLFunKit
import XCTest

/// `Path.dashed`: the dashes' lengths measured along the path, SVG's rules for odd and
/// all-zero patterns and offsets, and the pattern running on across corners and starting again
/// with each subpath.
final class PathDashTests: XCTestCase {
    /// Each dash as (start, end) points of a path of lines only, and its length along the lines.
    private func dashes(_ p: Path) -> [(from: Point, to: Point, length: Float)] {
        var out: [(Point, Point, Float)] = []
        var start = Point.zero, last = Point.zero, length: Float = 0, open = false
        for e in p.elements {
            switch e {
            case let .move(q):
                if open { out.append((start, last, length)) }
                start = q; last = q; length = 0; open = true
            case let .line(q):
                length += ((q.x - last.x) * (q.x - last.x) + (q.y - last.y) * (q.y - last.y)).squareRoot()
                last = q
            case let .cubic(_, _, q), let .quad(_, q):
                length += ((q.x - last.x) * (q.x - last.x) + (q.y - last.y) * (q.y - last.y)).squareRoot()
                last = q
            case .close: break
            }
        }
        if open { out.append((start, last, length)) }
        return out
    }

    private let line = Path.polyline([Point(0, 0), Point(100, 0)], closed: false)

    func testDashesAlongAStraightLineHaveThePatternsLengths() {
        let d = dashes(line.dashed([10, 5]))
        XCTAssertEqual(d.count, 7)  // 0-10, 15-25, ..., 90-100
        for (i, dash) in d.enumerated() {
            XCTAssertEqual(dash.from.x, Float(i) * 15, accuracy: 1e-4)
            XCTAssertEqual(dash.length, 10, accuracy: 1e-4)
        }
    }

    func testTheOffsetStartsPartWayIntoThePattern() {
        let d = dashes(line.dashed([10, 5], offset: 3))
        XCTAssertEqual(d[0].from.x, 0, accuracy: 1e-4)
        XCTAssertEqual(d[0].length, 7, accuracy: 1e-4)
        XCTAssertEqual(d[1].from.x, 12, accuracy: 1e-4)
        // A negative offset counts back from the pattern's end: -3 is 12 into 15.
        let n = dashes(line.dashed([10, 5], offset: -3))
        XCTAssertEqual(n[0].from.x, 3, accuracy: 1e-4)
        XCTAssertEqual(n[0].length, 10, accuracy: 1e-4)
        // An offset of whole patterns changes nothing.
        XCTAssertEqual(line.dashed([10, 5], offset: 30), line.dashed([10, 5]))
    }

    func testAnOddPatternIsRepeatedAndAllZeroIsSolid() {
        // [5] is [5, 5]; [4, 2, 1] is [4, 2, 1, 4, 2, 1].
        XCTAssertEqual(line.dashed([5]), line.dashed([5, 5]))
        XCTAssertEqual(line.dashed([4, 2, 1]), line.dashed([4, 2, 1, 4, 2, 1]))
        XCTAssertEqual(dashes(line.dashed([5])).count, 10)
        XCTAssertEqual(line.dashed([0, 0]), line)
        XCTAssertEqual(line.dashed([]), line)
        XCTAssertEqual(line.dashed([5, -1]), line)
    }

    func testThePatternRunsOnAcrossCornersAndRestartsWithEachSubpath() {
        var p = Path.polyline([Point(0, 0), Point(10, 0), Point(10, 30)], closed: false)
        p.append(Path.polyline([Point(0, 50), Point(30, 50)], closed: false))
        let d = dashes(p.dashed([15, 10]))
        // First subpath (40 long): 0-15 round the corner (10 + 5), 25-40; second: 0-15, 25-30.
        XCTAssertEqual(d.count, 4)
        XCTAssertEqual(d[0].length, 15, accuracy: 1e-4)
        XCTAssertEqual(d[0].to.x, 10, accuracy: 1e-4)
        XCTAssertEqual(d[0].to.y, 5, accuracy: 1e-4)
        XCTAssertEqual(d[1].from.y, 15, accuracy: 1e-4)
        XCTAssertEqual(d[1].length, 15, accuracy: 1e-4)
        XCTAssertEqual(d[2].from, Point(0, 50))
        XCTAssertEqual(d[2].length, 15, accuracy: 1e-4)
        XCTAssertEqual(d[3].length, 5, accuracy: 1e-4)
    }

    func testAClosedSubpathsLastDashRunsOnIntoItsFirst() {
        // A 40 x 40 square, perimeter 160, [30, 20]: dashes at 50-80, 100-130, then 150-160
        // joined to 0-30 (drawn last, as Skia does: one 40-long dash through the start).
        let square = Path.polyline([Point(0, 0), Point(40, 0), Point(40, 40), Point(0, 40)], closed: true)
        let d = dashes(square.dashed([30, 20]))
        XCTAssertEqual(d.count, 3)
        XCTAssertEqual(d[2].length, 40, accuracy: 1e-4)
        XCTAssertEqual(d[2].from.y, 10, accuracy: 1e-4)
        XCTAssertEqual(d[2].to.x, 30, accuracy: 1e-4)
        XCTAssertEqual(d[0].from.x, 40, accuracy: 1e-4)
        XCTAssertEqual(d[0].from.y, 10, accuracy: 1e-4)
        // A pattern longer than the perimeter keeps it closed.
        XCTAssertEqual(square.dashed([500, 1]).elements.last, .close)
    }

    func testCurvesAreCutAtTheirArcLength() {
        // A circle of radius 50 (length 100π ≈ 314.16) in dashes of 10: each 10 along the chords.
        let arc = Path.ellipse(from: Point(-50, -50), to: Point(50, 50))
        let d = arc.dashed([10, 10])
        var lengths: [Float] = []
        var last = Point.zero, length: Float = 0
        for e in d.elements {
            switch e {
            case let .move(q): if length > 0 { lengths.append(length) }; last = q; length = 0
            case let .cubic(c1, c2, q):
                // Chord of many samples along the cubic.
                var prev = last
                for i in 1...64 {
                    let t = Float(i) / 64, u = 1 - t
                    let x = u * u * u * last.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * q.x
                    let y = u * u * u * last.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * q.y
                    length += ((x - prev.x) * (x - prev.x) + (y - prev.y) * (y - prev.y)).squareRoot()
                    prev = Point(x, y)
                }
                last = q
            default: break
            }
        }
        if length > 0 { lengths.append(length) }
        XCTAssertEqual(lengths.count, 16)  // 314.16 / 20
        // Measured by chords flat within 0.5 (Skia's rule): each a little longer than 10 along the arc.
        for l in lengths { XCTAssertEqual(l, 10.01, accuracy: 0.02) }
    }
}
