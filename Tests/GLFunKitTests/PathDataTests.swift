import GLFunKit
import XCTest

/// SVG path data: commands, numbers, round trips through `svgData`, and each error with
/// where it is. No GL.
final class PathDataTests: XCTestCase {
    private func parse(_ d: String, file: StaticString = #filePath, line: UInt = #line) -> Path {
        do { return try Path(svgData: d) } catch {
            XCTFail("\(d.debugDescription): \(error)", file: file, line: line)
            return Path()
        }
    }

    private func failure(_ d: String) -> PathDataError? {
        do {
            _ = try Path(svgData: d)
            return nil
        } catch { return error }
    }

    private func p(_ x: Float, _ y: Float) -> Point { Point(x, y) }

    func testEmptyAndBlankDataAreTheEmptyPath() {
        XCTAssertTrue(parse("").isEmpty)
        XCTAssertTrue(parse(" \n\t ").isEmpty)
    }

    func testAbsoluteCommands() {
        let path = parse("M10 20 L30 40 H50 V60 Q1 2 3 4 C5 6 7 8 9 10 Z")
        XCTAssertEqual(path.elements, [.move(p(10, 20)), .line(p(30, 40)), .line(p(50, 40)), .line(p(50, 60)),
                                       .quad(control: p(1, 2), to: p(3, 4)),
                                       .cubic(control1: p(5, 6), control2: p(7, 8), to: p(9, 10)), .close])
    }

    func testRelativeCommandsAddToTheCurrentPoint() {
        let path = parse("m10 20 l5 5 h10 v-10 q1 1 2 2 c1 1 2 2 3 3 z m1 1 l1 0")
        XCTAssertEqual(path.elements, [.move(p(10, 20)), .line(p(15, 25)), .line(p(25, 25)), .line(p(25, 15)),
                                       .quad(control: p(26, 16), to: p(27, 17)),
                                       .cubic(control1: p(28, 18), control2: p(29, 19), to: p(30, 20)), .close,
                                       // after z the current point is the subpath's start
                                       .move(p(11, 21)), .line(p(12, 21))])
    }

    func testNumbersAfterMoveAreLinesAndCommandsRepeat() {
        XCTAssertEqual(parse("M0 0 10 0 10 10").elements, [.move(p(0, 0)), .line(p(10, 0)), .line(p(10, 10))])
        XCTAssertEqual(parse("m1 1 2 2").elements, [.move(p(1, 1)), .line(p(3, 3))])
        XCTAssertEqual(parse("M0 0 h1 2 3").elements, [.move(p(0, 0)), .line(p(1, 0)), .line(p(3, 0)), .line(p(6, 0))])
        XCTAssertEqual(parse("M0 0 V1 2").elements, [.move(p(0, 0)), .line(p(0, 1)), .line(p(0, 2))])
        XCTAssertEqual(parse("M0 0 l1 1 1 1").elements, [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2))])
    }

    func testTheNumberGrammar() {
        XCTAssertEqual(parse("M1.5.5").elements, [.move(p(1.5, 0.5))])
        XCTAssertEqual(parse("M-1-2").elements, [.move(p(-1, -2))])
        XCTAssertEqual(parse("M1e-3+.5").elements, [.move(p(0.001, 0.5))])
        XCTAssertEqual(parse("M 1E2,2e+1").elements, [.move(p(100, 20))])
        XCTAssertEqual(parse("M1,2,3,4").elements, [.move(p(1, 2)), .line(p(3, 4))])
        XCTAssertEqual(parse("M.1.2L3.,4.").elements, [.move(p(0.1, 0.2)), .line(p(3, 4))])
    }

    func testSmoothCurvesReflectThePreviousControlPoint() {
        // S after C mirrors C's second control point through the current point.
        let s = parse("M0 0 C10 0 20 10 20 20 S30 40 40 40")
        XCTAssertEqual(s.elements.last, .cubic(control1: p(20, 30), control2: p(30, 40), to: p(40, 40)))
        // S after anything else starts at the current point.
        XCTAssertEqual(parse("M0 0 L5 5 S10 10 20 20").elements.last, .cubic(control1: p(5, 5), control2: p(10, 10), to: p(20, 20)))
        // Relative s, twice.
        let rs = parse("M0 0 c0 10 10 10 10 0 s10 -10 10 0")
        XCTAssertEqual(rs.elements.last, .cubic(control1: p(10, -10), control2: p(20, -10), to: p(20, 0)))
        // T after Q mirrors Q's control point; T after T mirrors the reflected one.
        let t = parse("M0 0 Q5 10 10 0 T20 0 T30 0")
        XCTAssertEqual(t.elements[2], .quad(control: p(15, -10), to: p(20, 0)))
        XCTAssertEqual(t.elements[3], .quad(control: p(25, 10), to: p(30, 0)))
        // T after a C, and S after a Q: no reflection.
        XCTAssertEqual(parse("M0 0 C1 1 2 2 3 3 T6 0").elements.last, .quad(control: p(3, 3), to: p(6, 0)))
        XCTAssertEqual(parse("M0 0 Q1 1 3 3 S5 5 6 0").elements.last, .cubic(control1: p(3, 3), control2: p(5, 5), to: p(6, 0)))
    }

    func testArcsBecomeCubicsOnTheEllipse() throws {
        // A half circle of radius 10 from (0, 0) to (20, 0), sweep 1: through (10, -10) (y down,
        // growing angles clockwise: from the left end over the top).
        let path = parse("M0 0 A10 10 0 0 1 20 0")
        XCTAssertEqual(path.elements.count, 3, "two quarter turns")
        guard case let .cubic(_, _, mid) = path.elements[1], case let .cubic(_, _, end) = path.elements[2] else {
            return XCTFail("\(path.elements)")
        }
        XCTAssertEqual(mid.x, 10, accuracy: 1e-4)
        XCTAssertEqual(mid.y, -10, accuracy: 1e-4)
        XCTAssertEqual(end, p(20, 0))
        // Sweep 0 goes under.
        guard case let .cubic(_, _, under) = parse("M0 0 A10 10 0 0 0 20 0").elements[1] else { return XCTFail() }
        XCTAssertEqual(under.y, 10, accuracy: 1e-4)
        // Radii too small are scaled up: the same half circle.
        XCTAssertEqual(parse("M0 0 A1 1 0 0 1 20 0").elements, path.elements)
        // Compact flags, relative.
        XCTAssertEqual(parse("M0 0 a10 10 0 0120 0").elements, path.elements)
        // A zero radius is a line; an arc to the current point is nothing.
        XCTAssertEqual(parse("M0 0 A0 5 0 0 1 20 0").elements, [.move(p(0, 0)), .line(p(20, 0))])
        XCTAssertEqual(parse("M3 3 A5 5 0 0 1 3 3").elements, [.move(p(3, 3))])
        // The large arc of a circle of radius 10 through (0,0) and (10,10): three quarters.
        let large = parse("M0 0 A10 10 0 1 1 10 10")
        XCTAssertEqual(large.elements.count, 4)
        for e in large.elements {
            guard case let .cubic(_, _, q) = e else { continue }
            // The center is (10, 0) or (0, 10); large and sweep 1 give (10, 0): from angle π
            // the growing way round to π/2, three quarters of a turn.
            XCTAssertEqual(hypot(q.x - 10, q.y - 0), 10, accuracy: 1e-3)
        }
    }

    func testRoundTripsThroughSVGData() {
        for d in ["M10 20 L30 40 Q1 2 3 4 C5 6 7 8 9 10 Z", "m1.25 2.5 l.1.2 h-3 v4 s1 2 3 4 t5 6 a7 8 30 1 0 9 10 z",
                  "M0 0 A10 10 0 0 1 20 0 Z M5 5 L6 6", "M-1e-3 1e5 L999999 -999999"] {
            let path = parse(d)
            XCTAssertEqual(parse(path.svgData), path, d)
            XCTAssertEqual(parse(path.svgData).svgData, path.svgData, d)
        }
        let built = Path.roundedRect(from: p(1, 2), to: p(50, 30), radius: 6)
        XCTAssertEqual(parse(built.svgData), built)
    }

    func testErrorsSayWhatAndWhere() {
        func check(_ d: String, _ kind: PathDataError.Kind, _ offset: Int, file: StaticString = #filePath, line: UInt = #line) {
            guard let e = failure(d) else { return XCTFail("\(d.debugDescription) parsed", file: file, line: line) }
            XCTAssertEqual(e.kind, kind, d, file: file, line: line)
            XCTAssertEqual(e.offset, offset, d, file: file, line: line)
        }
        check("L1 2", .missingMoveTo, 0)
        check("  10 20", .missingMoveTo, 2)
        check("M1 2 x", .unexpectedCharacter("x"), 5)
        check("M1 2 Z 3", .unexpectedCharacter("3"), 7)
        check("M1 2 L3", .expectedNumber, 7)
        check("M1 2 L3 x", .expectedNumber, 8)
        check("M1 2 L", .expectedNumber, 6)
        check("M1,2,", .expectedNumber, 5)
        check("M1 2 C1 2 3 L", .expectedNumber, 12)
        check("M0 0 A1 1 0 2 1 5 5", .expectedFlag, 12)
        check("M0 0 A1 1 0 0 x 5 5", .expectedFlag, 14)
        check("M1e7 0", .outOfRange, 1)
        check("M0 0 L1 1e999", .outOfRange, 8)
        check("M900000 0 l200000 0", .outOfRange, 11)
        check("M0 0 h-1000001", .outOfRange, 6)
        check("M1 2 é", .unexpectedCharacter("é"), 5)
        check("é", .missingMoveTo, 0)
        check("M1 2 🎉 3", .unexpectedCharacter("🎉"), 5)
        check("M1 1e", .unexpectedCharacter("e"), 4)
        check("M1 2 L3 4 x\u{301}", .unexpectedCharacter("x\u{301}"), 10)
        check("M1\u{301} 2", .expectedNumber, 1)
        let long = "M0 0" + String(repeating: " ", count: Path.maxSVGDataBytes)
        check(long, .tooLong(limit: Path.maxSVGDataBytes), Path.maxSVGDataBytes)
    }

    func testErrorDescriptionsArePlainWords() {
        XCTAssertEqual(failure("M1 2 L3 x")?.description, "at character 8: unexpected 'x' (expected a number)")
        XCTAssertEqual(failure("M1 2 L3")?.description, "at character 7: the data ends (expected a number)")
        XCTAssertEqual(failure("L1 2")?.description, "at character 0: unexpected 'L' (path data must start with M or m)")
        XCTAssertEqual(failure("M0 0 A1 1 0 2 1 5 5")?.description, "at character 12: unexpected '2' (expected an arc flag, 0 or 1)")
        XCTAssertTrue(failure("M1 2 ?")?.description.hasPrefix("at character 5: unexpected '?' (expected a command") ?? false)
        XCTAssertTrue(failure("M1e9 0")?.description.contains("within ±1000000") ?? false)
    }

    /// Fuzz finding (pathdata, crash-b5798085): CR LF is one Swift Character, so the offset of
    /// the end of "M0-1-2" + line ends, one of them CR LF, + "0 10" was one past the data's length.
    func testOffsetsCountCRLFAsOneCharacter() {
        let d = "M0-1-2" + String(repeating: "\n", count: 12) + "\r\n" + String(repeating: "\n", count: 21) + "0 10"
        guard let e = failure(d) else { return XCTFail("parsed") }
        XCTAssertEqual(e.kind, .expectedNumber)
        XCTAssertEqual(e.offset, d.count)
        XCTAssertEqual(d.count, 44)
        XCTAssertEqual(d.utf8.count, 45)
        XCTAssertNil(e.found)
        XCTAssertEqual(failure("M0 0\r\nx")?.offset, 5)
        XCTAssertEqual(failure("M0 0\r\nx")?.kind, .unexpectedCharacter("x"))
    }
}
