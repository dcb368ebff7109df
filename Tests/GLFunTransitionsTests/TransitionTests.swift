import GLFunGLES
import GLFunKit
import GLFunTransitions
import PixelAssertions
import XCTest

/// Every built-in kind on pixels: progress 0 is the current slide, 1 the next, and the
/// middle is what the kind is (a cut, an even mix, an edge-on flip, a curl showing both
/// slides and the paper's lighter back).
final class TransitionTests: TransitionTestCase {
    static let canvas = Canvas(width: 96, height: 64)
    static let background = Color(0.2, 0.6, 0.3)
    var from: Framebuffer!, to: Framebuffer!
    var fromImage: Image!, toImage: Image!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let c = Self.canvas
        from = try slide(try photo(96, 64) { warmPixel($0, $1, 96, 64) }, canvas: c, background: Self.background)
        to = try slide(try photo(96, 64) { coolPixel($0, $1, 96, 64) }, canvas: c, background: Self.background)
        fromImage = try from.readPixels()
        toImage = try to.readPixels()
    }

    func render(_ kind: TransitionKind, _ progress: Float) throws -> Image {
        try frame(try Transition(context: ctx, kind: kind), from: from, to: to, progress: progress, canvas: Self.canvas,
                  background: Self.background)
    }

    func testEveryKindStartsAtTheCurrentSlideAndEndsAtTheNext() throws {
        for kind in TransitionKind.allCases {
            assertSameImage(try render(kind, 0), fromImage, tolerance: 1, "\(kind) at 0 is the current slide")
            assertSameImage(try render(kind, 1), toImage, tolerance: 1, "\(kind) at 1 is the next slide")
        }
    }

    func testNoneCutsHalfWay() throws {
        assertSameImage(try render(.none, 0.49), fromImage, "none before half-way")
        assertSameImage(try render(.none, 0.5), toImage, "none from half-way")
    }

    func testFadeHalfWayIsTheMeanOfBoth() throws {
        let mid = try render(.fade, 0.5)
        assertEveryPixel(mid, tolerance: 2, "fade at 0.5") { x, y in
            zip(rgba(self.fromImage, x, y), rgba(self.toImage, x, y)).map { ($0 + $1) / 2 }
        }
    }

    func testFlipHalfWayIsEdgeOn() throws {
        let bg = rgba8(Self.background)
        for kind in [TransitionKind.flipLeft, .flipRight] {
            let mid = try render(kind, 0.5)
            XCTAssertGreaterThan(share(mid) { close($0, bg, 1) }, 0.97, "\(kind) at 0.5: nearly all background")
        }
    }

    /// A quarter of the way, the edge that comes toward the eye is the taller one; three
    /// quarters of the way, the back (the next slide) shows, the right way round.
    func testFlipTurnsTheWayItsNameSays() throws {
        let bg = rgba8(Self.background)
        func height(_ image: Image, column x: Int) -> Int {
            (0..<image.height).filter { !close(rgba(image, x, $0), bg, 1) }.count
        }
        func edges(_ image: Image) -> (left: Int, right: Int) {
            let columns = (0..<image.width).filter { height(image, column: $0) > 0 }
            return (height(image, column: columns.first!), height(image, column: columns.last!))
        }
        let left = edges(try render(.flipLeft, 0.25)), right = edges(try render(.flipRight, 0.25))
        XCTAssertGreaterThan(left.left, left.right + 4, "flip-left: the left edge comes toward the eye")
        XCTAssertGreaterThan(right.right, right.left + 4, "flip-right: the right edge comes toward the eye")
        let late = try render(.flipLeft, 0.75)
        // The back is the next slide: its top is greener than its bottom (the cool ramp runs down).
        let column = late.width / 2
        let rows = (0..<late.height).filter { !close(rgba(late, column, $0), bg, 1) }
        XCTAssertGreaterThan(rows.count, late.height / 2)
        let top = rgba(late, column, rows.first! + 1), bottom = rgba(late, column, rows.last! - 1)
        XCTAssertEqual(top[0], 20, accuracy: 2, "the next slide's red is 20")
        XCTAssertLessThan(top[1], bottom[1], "upright: the cool ramp grows downward")
    }

    func testCurlHalfWayShowsBothSlidesAndTheLighterBack() throws {
        for kind in [TransitionKind.curlUp, .curlDown] {
            let mid = try render(kind, 0.5)
            var current = 0, next = 0, back = 0
            for y in 0..<mid.height {
                for x in 0..<mid.width {
                    let p = rgba(mid, x, y)
                    if close(p, rgba(fromImage, x, y), 2) { current += 1 }
                    if close(p, rgba(toImage, x, y), 2) { next += 1 }
                    // Paper: every channel light, lighter than both slides there.
                    if p[0...2].allSatisfy({ $0 >= 150 }) && p[2] > rgba(fromImage, x, y)[2] + 30
                        && p[0] > rgba(toImage, x, y)[0] + 30 { back += 1 }
                }
            }
            let n = Double(mid.width * mid.height)
            // Half-way the rolled-over sheet covers about as much of the current slide as has rolled away.
            XCTAssertGreaterThan(Double(current) / n, 0.08, "\(kind): the current slide shows")
            XCTAssertGreaterThan(Double(next) / n, 0.08, "\(kind): the next slide shows")
            XCTAssertGreaterThan(Double(back) / n, 0.05, "\(kind): the paper's back shows")
        }
    }

    /// Curl up rolls the current slide away from the bottom (its top stays longest); curl
    /// down brings the next one in from the top.
    func testCurlDirections() throws {
        let up = try render(.curlUp, 0.5), down = try render(.curlDown, 0.5)
        let w = up.width, h = up.height
        assertPixel(up, 2, 1, rgba(fromImage, 2, 1), tolerance: 2, "curl-up: the top is still the current slide")
        assertPixel(up, w - 3, h - 2, rgba(toImage, w - 3, h - 2), tolerance: 2, "curl-up: the bottom is the next")
        assertPixel(down, 2, 1, rgba(toImage, 2, 1), tolerance: 2, "curl-down: the top is already the next slide")
        assertPixel(down, w - 3, h - 2, rgba(fromImage, w - 3, h - 2), tolerance: 2, "curl-down: the bottom is the current")
        // A soft shadow on the slide beneath, just past the cylinder: darker than the slide, not black.
        let early = try render(.curlUp, 0.2)
        var shaded = 0
        for y in 0..<h {
            for x in 0..<w {
                let p = rgba(early, x, y), t = rgba(toImage, x, y)
                if p[1] < t[1] - 10 && p[2] < t[2] - 10 && p[2] > t[2] / 3 && abs(p[0] - t[0]) < 15 { shaded += 1 }
            }
        }
        XCTAssertGreaterThan(shaded, w / 2, "a band of the next slide in the curl's shadow")
    }

    func testProgressOutsideTheRangeIsClamped() throws {
        let t = try Transition(context: ctx, kind: .fade)
        assertSameImage(try frame(t, from: from, to: to, progress: -2, canvas: Self.canvas), fromImage, tolerance: 1)
        assertSameImage(try frame(t, from: from, to: to, progress: 9, canvas: Self.canvas), toImage, tolerance: 1)
    }
}
