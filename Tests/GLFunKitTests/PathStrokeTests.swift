import Foundation
import GLFunKit
import XCTest

/// Strokes on the CPU: how far caps and joins reach, the fringe's widths and coverage, hairlines,
/// dots, and the limits that keep hostile paths from hanging. No GL.
final class PathStrokeTests: XCTestCase {
    typealias T = PathTessellatorTests

    private func stroke(_ path: Path, width: Float = 10, join: LineJoin = .miter, cap: LineCap = .butt,
                        miterLimit: Float = 4, pixel: Float = 1, aa: Bool = false) -> PathMesh {
        T.mesh(path, .stroke(StrokeStyle(width: width, join: join, cap: cap, miterLimit: miterLimit)), pixel: pixel, aa: aa)
    }

    private func bounds(_ m: PathMesh) -> (min: Point, max: Point) {
        let pts = m.positions
        return (Point(pts.map(\.x).min()!, pts.map(\.y).min()!), Point(pts.map(\.x).max()!, pts.map(\.y).max()!))
    }

    private let line = Path.polyline([Point(20, 50), Point(80, 50)])

    func testCapsReachWhereExpected() {
        let butt = bounds(stroke(line, cap: .butt))
        XCTAssertEqual(butt.min.x, 20, accuracy: 1e-4)
        XCTAssertEqual(butt.max.x, 80, accuracy: 1e-4)
        XCTAssertEqual(butt.min.y, 45, accuracy: 1e-4)
        XCTAssertEqual(butt.max.y, 55, accuracy: 1e-4)
        let square = bounds(stroke(line, cap: .square))
        XCTAssertEqual(square.min.x, 15, accuracy: 1e-4)
        XCTAssertEqual(square.max.x, 85, accuracy: 1e-4)
        let round = stroke(line, cap: .round)
        // Chords of the half disc fall at most a quarter pixel inside it.
        XCTAssertEqual(bounds(round).min.x, 15, accuracy: 0.26)
        XCTAssertEqual(bounds(round).max.x, 85, accuracy: 0.26)
        XCTAssertTrue(T.covers(round, Point(16.5, 50)), "the round cap's middle")
        XCTAssertFalse(T.covers(round, Point(16, 46)), "outside the half disc, inside its box")
        XCTAssertEqual(T.area(stroke(line, cap: .butt)), 600, accuracy: 1e-3)
    }

    func testJoinsOnTheOuterSideOfATurn() {
        // Right, then down: the outer corner is up and to the right, at (85, 15) for a miter.
        let corner = Path.polyline([Point(20, 20), Point(80, 20), Point(80, 80)])
        let miter = stroke(corner, join: .miter)
        XCTAssertTrue(T.covers(miter, Point(84, 16)), "the miter's tip")
        XCTAssertEqual(bounds(miter).max.x, 85, accuracy: 1e-4)
        XCTAssertEqual(bounds(miter).min.y, 15, accuracy: 1e-4)
        let bevel = stroke(corner, join: .bevel)
        XCTAssertFalse(T.covers(bevel, Point(84, 16)), "cut off by the bevel")
        XCTAssertTrue(T.covers(bevel, Point(82, 18)), "the bevel's triangle")
        let round = stroke(corner, join: .round)
        XCTAssertFalse(T.covers(round, Point(84, 16)))
        XCTAssertTrue(T.covers(round, Point(83, 17)), "within the radius (4.2 from the corner)")
        // The inner side is only the segments' overlap: nothing pokes out at (75, 25)'s far side.
        XCTAssertFalse(T.covers(miter, Point(74, 26)))
        // The miter's extra is the corner square's outer quarter: 25, on top of the bevel's 12.5.
        XCTAssertEqual(T.area(miter) - T.area(bevel), 12.5, accuracy: 1e-3)
    }

    func testASharpTurnPastTheMiterLimitIsBevelled() {
        // A turn leaving a 20° angle: the miter would be 1/sin(10°) = 5.8 half widths long.
        let a = 20 * Double.pi / 180
        let sharp = Path.polyline([Point(10, 50), Point(60, 50), Point(Float(60 - 50 * cos(a)), Float(50 + 50 * sin(a)))])
        let limited = stroke(sharp, join: .miter, miterLimit: 4), bevel = stroke(sharp, join: .bevel)
        XCTAssertEqual(T.area(limited), T.area(bevel), accuracy: 1e-3)
        let long = stroke(sharp, join: .miter, miterLimit: 10)
        XCTAssertEqual(bounds(long).max.x, Float(60 + 5 / sin(a / 2) * cos(a / 2)), accuracy: 1e-2)
    }

    func testASharpTurnPastTheMiterLimitIsClippedByMiterClip() {
        // The 20° angle again, limit 2: the miter is cut square to the bisector 2 half widths
        // (10) from the corner, between the bevel (at 5 cos 80° = 0.87) and the tip (28.8).
        let a = 20 * Double.pi / 180
        let sharp = Path.polyline([Point(10, 50), Point(60, 50), Point(Float(60 - 50 * cos(a)), Float(50 + 50 * sin(a)))])
        let clipped = stroke(sharp, join: .miterClip, miterLimit: 2), bevel = stroke(sharp, join: .bevel)
        // The bisector points out of the corner at -10° (to the right and a little up).
        let out = (x: cos(-a / 2), y: sin(-a / 2))
        func along(_ d: Double) -> Point { Point(Float(60 + out.x * d), Float(50 + out.y * d)) }
        XCTAssertTrue(T.covers(clipped, along(9.5)), "inside the clipped miter")
        XCTAssertFalse(T.covers(clipped, along(10.5)), "past the clip line")
        XCTAssertFalse(T.covers(bevel, along(2)), "the bevel stops short")
        XCTAssertGreaterThan(T.area(clipped), T.area(bevel) + 20, "the clipped miter's extra")
        // Straight back (no bisector): bevelled, nothing made of a division by zero.
        let back = Path.polyline([Point(10, 50), Point(60, 50), Point(10, 50)])
        for aa in [false, true] {
            XCTAssertTrue(stroke(back, join: .miterClip, aa: aa).positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
        // Within the limit it is the miter.
        let wide = Path.polyline([Point(20, 20), Point(80, 20), Point(80, 80)])
        XCTAssertEqual(T.area(stroke(wide, join: .miterClip)), T.area(stroke(wide, join: .miter)), accuracy: 1e-3)
    }

    func testAClosedSubpathJoinsItsEnds() {
        let square = Path.polyline([Point(20, 20), Point(80, 20), Point(80, 80), Point(20, 80)], closed: true)
        let m = stroke(square, join: .miter)
        // Every corner mitered, the first included: the outline is the 70×70 box less the 50×50 hole.
        XCTAssertEqual(bounds(m).min.x, 15, accuracy: 1e-4)
        XCTAssertEqual(bounds(m).min.y, 15, accuracy: 1e-4)
        XCTAssertTrue(T.covers(m, Point(16, 16)), "the first point's corner")
        XCTAssertFalse(T.covers(m, Point(50, 50)))
        // Open, the first corner is two butt ends.
        let open = stroke(.polyline([Point(20, 20), Point(80, 20), Point(80, 80), Point(20, 80), Point(20, 20)]))
        XCTAssertFalse(T.covers(open, Point(16, 16)))
    }

    func testDotsAndRepeatedPoints() {
        let dot = Path.polyline([Point(50, 50), Point(50, 50)])
        XCTAssertEqual(stroke(dot, cap: .butt).vertexCount, 0, "a zero-length butt stroke draws nothing")
        XCTAssertEqual(T.area(stroke(dot, cap: .square)), 100, accuracy: 1e-3)
        XCTAssertEqual(T.area(stroke(dot, cap: .round, pixel: 0.1)), Double.pi * 25, accuracy: 0.8)
        var moveOnly = Path()
        moveOnly.move(to: Point(10, 10))
        XCTAssertEqual(T.area(stroke(moveOnly, cap: .round, pixel: 0.1)), Double.pi * 25, accuracy: 0.8)
        // Repeated points do not make joins or break the stroke.
        let repeated = Path.polyline([Point(20, 50), Point(50, 50), Point(50, 50), Point(50, 50), Point(80, 50)])
        XCTAssertEqual(T.area(stroke(repeated, join: .bevel)), 600, accuracy: 1e-3)
    }

    /// The coverage the path program gives at `p` (u and v interpolated, then clamp(v - |u|)),
    /// the most over the triangles holding it, times the mesh's opacity; nil outside the mesh.
    private func coverage(_ m: PathMesh, at p: Point) -> Float? {
        var best: Float?
        for t in 0..<m.triangleCount {
            let a = m.vertices[Int(m.indices[3 * t])], b = m.vertices[Int(m.indices[3 * t + 1])]
            let c = m.vertices[Int(m.indices[3 * t + 2])]
            let d = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y)
            if abs(d) < 1e-12 { continue }
            let wa = ((b.y - c.y) * (p.x - c.x) + (c.x - b.x) * (p.y - c.y)) / d
            let wb = ((c.y - a.y) * (p.x - c.x) + (a.x - c.x) * (p.y - c.y)) / d
            let wc = 1 - wa - wb
            guard wa >= -1e-5, wb >= -1e-5, wc >= -1e-5 else { continue }
            let u = wa * a.u + wb * b.u + wc * c.u, v = wa * a.v + wb * b.v + wc * c.v
            // Product-coded (a butt or square end, v < 0) or distance- and flat-coded (PathMesh).
            let k = (v < -0.5 ? min(1, max(0, u)) * min(1, max(0, -1 - v)) : min(1, max(0, v - abs(u)))) * m.opacity
            best = max(best ?? 0, k)
        }
        return best
    }

    func testTheStrokeFringeIsAPixelAcrossTheOutline() throws {
        // 10 points wide at 2 points a pixel: the core ends half a pixel (1 point) in from the
        // outline at y = 45 and 55, the fringe half a pixel out, coverage falling linearly.
        let m = stroke(line, width: 10, pixel: 2, aa: true)
        XCTAssertTrue(m.hasFringe)
        let all = bounds(m)
        XCTAssertEqual(all.min.y, 44, accuracy: 1e-4, "the strip reaches half a pixel out")
        XCTAssertEqual(all.max.y, 56, accuracy: 1e-4)
        XCTAssertEqual(all.max.x, 81, accuracy: 1e-4, "across the butt end too")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(50, 50))), 1, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(50, 46))), 1, accuracy: 1e-4, "the core's edge")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(50, 45))), 0.5, accuracy: 1e-4, "on the outline: half")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(50, 54.5))), 0.75, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(78.9, 50))), 1, accuracy: 1e-4, "the strip, to half a pixel in")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(79.9, 50))), 0.55, accuracy: 1e-4, "inside the butt end: falling to half")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(80, 45))), 0.25, accuracy: 1e-4, "the end's corner: half of half")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(80.25, 50))), 0.375, accuracy: 1e-4, "past the butt end: from half")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(80.5, 50))), 0.25, accuracy: 1e-4)
        XCTAssertNil(coverage(m, at: Point(50, 43.9)))
        // Two vertices a point along the strip, plus the two ends' fringes.
        XCTAssertLessThanOrEqual(m.vertexCount, 4 + 2 * 10)
        let aliased = stroke(line, width: 10, pixel: 2, aa: false)
        XCTAssertEqual(aliased.fringeCount, 0)
        XCTAssertFalse(aliased.hasFringe)
        XCTAssertEqual(bounds(aliased).min.y, 45, accuracy: 1e-4)
    }

    func testAHairlineIsAPixelWideAndFainter() throws {
        let m = stroke(line, width: 0.25, pixel: 1, aa: true)
        XCTAssertEqual(m.opacity, 0.25, "drawn a pixel wide, a quarter as dark")
        XCTAssertEqual(try XCTUnwrap(coverage(m, at: Point(50, 50))), 0.25, accuracy: 1e-4)
        XCTAssertEqual(bounds(m).min.y, 49, accuracy: 1e-4)
        XCTAssertEqual(bounds(m).max.y, 51, accuracy: 1e-4)
    }

    func testAPenStrokeIsAboutTwoVerticesAPoint() {
        // 200 points of gentle turns, 4 wide, round joins and caps: one strip, two round caps.
        var pts: [Point] = []
        var x = 100.0, y = 100.0, heading = 0.0
        for k in 0..<200 {
            heading += k % 2 == 0 ? 0.3 : -0.2
            x += 3 * cos(heading)
            y += 3 * sin(heading)
            pts.append(Point(Float(x), Float(y)))
        }
        let m = stroke(.polyline(pts), width: 4, join: .round, cap: .round, aa: true)
        XCTAssertLessThan(Double(m.vertexCount) / 200, 2.2)
        XCTAssertLessThan(Double(m.triangleCount) / 200, 2.2)
    }

    func testRoundJoinsAreSmoothAtEveryScale() {
        let corner = Path.polyline([Point(20, 20), Point(80, 20), Point(80, 80)])
        let coarse = stroke(corner, width: 40, join: .round, pixel: 1).vertexCount
        let fine = stroke(corner, width: 40, join: .round, pixel: 0.05).vertexCount
        XCTAssertGreaterThan(fine, coarse * 2)
        XCTAssertLessThan(fine, 3 * 3 * 1024 + 100)
    }

    // MARK: - Limits

    func testHostilePathsGiveEmptyMeshesQuickly() {
        // Not finite.
        let nan = Path.polyline([Point(0, 0), Point(.nan, 4), Point(5, 5)], closed: true)
        XCTAssertEqual(T.mesh(nan, .fill(.nonzero)).vertexCount, 0)
        XCTAssertEqual(stroke(nan).vertexCount, 0)
        XCTAssertEqual(stroke(line, width: .infinity).vertexCount, 0)
        XCTAssertEqual(T.mesh(line, .fill(.nonzero), pixel: 0).vertexCount, 0)
        // Too many segments: a path of 100 huge curves at a tiny pixel (4096 segments each).
        var huge = Path()
        huge.move(to: Point(0, 0))
        for k in 0..<100 {
            huge.cubic(to: Point(Float(k % 2) * 1e6, 1e6), control1: Point(-1e6, 1e6), control2: Point(1e6, -1e6))
        }
        let start = Date()
        XCTAssertEqual(T.mesh(huge, .fill(.evenOdd), pixel: 0.001).vertexCount, 0)
        XCTAssertEqual(stroke(huge, pixel: 0.001).vertexCount, 0)
        // A star polygon {1001/500}: every edge crosses nearly every other, half a million
        // crossings, a sweep quadratic in the edges: refused past the work limit.
        let n = 1001
        let star = Path.polyline((0..<n).map { k -> Point in
            let a = Double(k * 500 % n) * 2 * Double.pi / Double(n)
            return Point(Float(500 + 400 * cos(a)), Float(500 + 400 * sin(a)))
        }, closed: true)
        let t0 = Date()
        let starMesh = T.mesh(star, .fill(.nonzero), pixel: 1, aa: true)
        print("star polygon {1001/500}: \(starMesh.vertexCount) vertices in \(Date().timeIntervalSince(t0)) s")
        XCTAssertLessThanOrEqual(starMesh.vertexCount, 3_000_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60)
    }
}
