import GLFunGLES
@testable import GLFunKit
import PixelAssertions
import XCTest

/// The dash route (`StrokeDash`, `PathDash.fsh`): a dashed stroke drawn as its undashed strip,
/// dashed per pixel, draws the dashes `Path.dashed` cuts (ends, caps, joins where a dash runs
/// through a corner and none where one ends there, a closed subpath's seam one dash or two
/// ends, dots), strokes of any pattern share calls, and the route steps aside where it cannot.
final class DashRouteTests: RenderTestCase {
    private func draw(_ shapes: [Shape], width: Int = 120, height: Int = 80) throws -> Image {
        var s = Scene(width: width, height: height, background: .white, shapes: shapes)
        s.antialias = true
        return try renderAllWays(s)
    }

    /// `path` stroked and dashed by the route, and by `Path.dashed` then stroked.
    private func bothWays(_ path: Path, _ style: StrokeStyle, _ pattern: [Float], offset: Float = 0,
                          color: Color = .black) throws -> (route: Image, cut: Image) {
        let dash = try XCTUnwrap(StrokeDash(pattern, offset: offset, scale: 1))
        let route = PathShape(path, style: style, dash: dash)
        XCTAssertNotNil(route.mesh(grid: PixelGrid(pixel: 1), pixel: 1, antialias: true, keep: false, masks: false,
                                   dashRoute: true).dashPattern, "the route is taken")
        let cut = PathShape(path.dashed(pattern, offset: offset), paint: .stroke(style))
        return (try draw([route.shape(color: color)]), try draw([cut.shape(color: color)]))
    }

    /// How many pixels of `a` and `b` differ by more than `by` (of 255, any channel).
    private func differing(_ a: Image, _ b: Image, by: Int) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where zip(rgba(a, x, y), rgba(b, x, y)).contains(where: { abs($0 - $1) > by }) { n += 1 }
        }
        return n
    }

    func testTheRouteDrawsTheDashesPathDashedCuts() throws {
        let zigzag = Path.polyline([Point(10, 20), Point(60, 20), Point(30, 50), Point(110, 60)])
        let square = Path.polyline([Point(20, 15), Point(100, 15), Point(100, 65), Point(20, 65)], closed: true)
        var curve = Path()
        curve.move(to: Point(10, 60))
        curve.cubic(to: Point(110, 20), control1: Point(40, 0), control2: Point(80, 90))
        let cases: [(String, Path, StrokeStyle, [Float], Float)] = [
            ("butt line", .polyline([Point(5, 40), Point(115, 40)]), StrokeStyle(width: 6, cap: .butt), [10, 5], 0),
            ("square line", .polyline([Point(5, 40), Point(115, 40)]), StrokeStyle(width: 6, cap: .square), [10, 9], 3),
            ("round line", .polyline([Point(5, 40), Point(115, 40)]), StrokeStyle(width: 6, cap: .round), [8, 8, 2, 8], 5),
            ("miter corners", zigzag, StrokeStyle(width: 6, join: .miter, cap: .butt), [10, 5], 0),
            ("round corners", zigzag, StrokeStyle(width: 5, join: .round, cap: .round), [7, 4], 2),
            ("bevel corners", zigzag, StrokeStyle(width: 5, join: .bevel, cap: .square), [9, 6], 1),
            // 260 round: the seam on both sides, one dash round the corner (joined).
            ("closed, joined", square, StrokeStyle(width: 5, cap: .butt), [9, 5], 2),
            // Off at the start: the seam is two ends.
            ("closed, two ends", square, StrokeStyle(width: 5, cap: .round), [6, 6], 8),
            ("curve", curve, StrokeStyle(width: 4, cap: .butt), [12, 6], 0),
            ("dots", .polyline([Point(10, 40), Point(110, 40)]), StrokeStyle(width: 6, cap: .round), [0, 10], 0),
        ]
        for (name, path, style, pattern, offset) in cases {
            let (route, cut) = try bothWays(path, style, pattern, offset: offset)
            // Edges within a few levels (exact box and distance coverage against the cut
            // dashes' pieces); a pixel or two a dash end more, where a dash ends inside a
            // corner; along a curve the edges themselves differ by up to a quarter pixel (the
            // route flattens the measure's chords, the cut dashes are flattened apart).
            let far = differing(route, cut, by: 64), near = differing(route, cut, by: 24)
            XCTAssertLessThanOrEqual(far, 4, "\(name): pixels more than 64/255 apart")
            XCTAssertLessThanOrEqual(near, 48, "\(name): pixels more than 24/255 apart")
            XCTAssertLessThan(share(route) { $0[0] < 128 }, share(route) { _ in true }, name)
            XCTAssertEqual(share(route) { $0[0] < 128 }, share(cut) { $0[0] < 128 }, accuracy: 0.01, "\(name): as much ink")
        }
    }

    func testJoinsAreDrawnWhereADashRunsThroughACornerAndNotWhereOneEndsThere() throws {
        // A right angle at (60, 20) after 50: [50, 10] ends a dash exactly there, [55, 10]
        // runs one 5 past it. Outside the corner's outer side, (62, 18) is the miter's.
        let corner = Path.polyline([Point(10, 20), Point(60, 20), Point(60, 70)])
        let style = StrokeStyle(width: 6, join: .miter, cap: .butt)
        let ends = try bothWays(corner, style, [50, 10])
        assertPixel(ends.route, 61, 18, [255, 255, 255, 255], tolerance: 8, "no join where the dash ends at the corner")
        let through = try bothWays(corner, style, [55, 10])
        assertPixel(through.route, 61, 18, [0, 0, 0, 255], tolerance: 8, "the join where the dash goes round")
        assertPixel(through.cut, 61, 18, [0, 0, 0, 255], tolerance: 8)
    }

    func testDashedStrokesOfAnyPatternShareACall() throws {
        var g = GraphicsContext()
        var cut = GraphicsContext()
        for k in 0..<60 {
            let y = Double(5 + k)
            let c = Color(Float(k % 5) / 5, 0.2, Float(k % 7) / 7)
            for ctx in [0, 1] {
                if ctx == 0 {
                    g.state.dash = [Float(4 + k % 6), Float(3 + k % 4)]
                    g.state.dashOffset = Float(k % 3)
                    g.stroke(.polyline([Point(5, Float(y)), Point(115, Float(y) + 10)]), paint: .solid(c),
                             style: StrokeStyle(width: 2, cap: k % 2 == 0 ? .butt : .round))
                } else {
                    // Under a skew the route steps aside (Path.dashed, as before).
                    cut.state.transform = Transform(a: 1, b: 0, c: 0.01, d: 1, tx: 0, ty: 0)
                    cut.state.dash = [Float(4 + k % 6), Float(3 + k % 4)]
                    cut.stroke(.polyline([Point(5, Float(y)), Point(115, Float(y) + 10)]), paint: .solid(c),
                               style: StrokeStyle(width: 2))
                }
            }
        }
        XCTAssertTrue(g.shapes.allSatisfy { $0.pathShape?.dash != nil })
        XCTAssertTrue(cut.shapes.allSatisfy { $0.pathShape?.dash == nil })
        var scene = Scene(width: 120, height: 80, background: .white, shapes: g.shapes)
        scene.antialias = true
        _ = try renderAllWays(scene)
        XCTAssertLessThanOrEqual(renderer.stats.drawCalls, 3, "sixty patterns, one call")
        let routeVertices = renderer.stats.vertices
        // Each dash's stroke meshed (drawn from a mask, a line of dashes is one polygon since
        // session 23: `MaskOutline`).
        scene.shapes = cut.shapes
        renderer.pathMasks = false
        defer { renderer.pathMasks = true }
        _ = try render(scene)
        XCTAssertLessThan(routeVertices * 3, renderer.stats.vertices, "the undashed strips, not each dash's")
    }

    func testTheRouteStepsAsideWhereItCannot() throws {
        XCTAssertNil(StrokeDash([1, 2, 3, 4, 5, 6], offset: 0, scale: 1), "more than two dashes and two gaps")
        XCTAssertNil(StrokeDash([1, 2, 3], offset: 0, scale: 1), "an odd three, said twice, is six")
        XCTAssertNil(StrokeDash([0, 0], offset: 0, scale: 1), "no length: solid, as Path.dashed leaves it")
        XCTAssertNotNil(StrokeDash([4], offset: -3, scale: 2))
        let line = Path.polyline([Point(5, 40), Point(115, 40)])
        let dash = try XCTUnwrap(StrokeDash([4, 4], offset: 0, scale: 1))
        XCTAssertNil(PathTessellator.dashedStroke(line, style: StrokeStyle(width: 0.5), dash: dash, pixel: 1),
                     "a hairline is drawn a pixel wide and fainter: cut")
        XCTAssertNil(PathTessellator.dashedStroke(line, style: StrokeStyle(width: 2), dash: dash, pixel: 4),
                     "a pattern of two pixels: cut")
        // A gradient, a skew or no antialiasing keep the old way.
        var g = GraphicsContext()
        g.state.dash = [4, 4]
        g.stroke(line, paint: .gradient(.linear(from: Point(0, 0), to: Point(100, 0),
                                                 stops: [GradientStop(0, .black), GradientStop(1, .red)])))
        g.state.transform = Transform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        g.stroke(line, paint: .solid(.black))
        g.state.transform = .identity
        g.state.antialias = false
        g.stroke(line, paint: .solid(.black))
        // A miter-clip join: its cut miter is product-coded, which the dash program does not read.
        g.state.antialias = true
        g.stroke(line, paint: .solid(.black), style: StrokeStyle(width: 2, join: .miterClip))
        XCTAssertNil(PathTessellator.dashedStroke(line, style: StrokeStyle(width: 2, join: .miterClip), dash: dash, pixel: 1))
        XCTAssertTrue(g.shapes.allSatisfy { $0.pathShape?.dash == nil })
        // In a frame without antialiasing, a shape on the route is cut and drawn aliased.
        let shape = PathShape(line, style: StrokeStyle(width: 4), dash: dash).shape(color: .black)
        var s = Scene(width: 120, height: 80, background: .white, shapes: [shape])
        s.antialias = false
        let aliased = try render(s)
        s.shapes = [PathShape(line.dashed([4, 4]), paint: .stroke(StrokeStyle(width: 4))).shape(color: .black)]
        assertSameImage(aliased, try render(s))
    }

    func testATranslucentDashedStrokeIsOneLayerOfPaint() throws {
        // A zigzag whose dashes cross themselves and turn sharp corners, in half-transparent
        // red: where pieces overlap (joins, run-ons past corners, the crossing) a pixel is
        // painted once, as the cut dashes' one layer is.
        let zigzag = Path.polyline([Point(10, 10), Point(110, 70), Point(100, 10), Point(20, 70), Point(60, 5)])
        let red = Color(1, 0, 0, 0.5)
        for (cap, join) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)] {
            let (route, cut) = try bothWays(zigzag, StrokeStyle(width: 6, join: join, cap: cap), [14, 5], offset: 3, color: red)
            // Where two pieces' edges meet (the crossing's inner corners, a join over a strip)
            // one layer keeps the first piece's coverage of a pixel, and the pieces are not the
            // same two ways: a dozen pixels.
            XCTAssertLessThanOrEqual(differing(route, cut, by: 64), 12, "\(cap): pixels more than 64/255 apart")
            XCTAssertLessThanOrEqual(differing(route, cut, by: 24), 48, "\(cap): pixels more than 24/255 apart")
            // Nowhere darker than one coat of the red over white: (255, 128, 128).
            XCTAssertEqual(share(route) { $0[1] < 120 }, 0, "\(cap): a pixel painted twice")
        }
    }

    func testAWideDashedCircleEndsItsDashesOnItsRadii() throws {
        // A stroke as wide as a fifth of its circle's radius, dashed 10 on 20 off: across each
        // quad of the strip the pattern's terms go on the lines to the centre (the pairs'
        // perspective weights, `dashBend`), so each dash ends on a radius at its inner and outer
        // edges alike. Judged against the annular sectors themselves (16 x 16 samples a pixel,
        // the distance along the centre line R times the angle), in the quarter the circle
        // starts in (clockwise on screen from +x), before the measure's chords drift from the arc.
        // Its length, 295.3, ends in a gap: the first dash starts at an end of the strip, on the
        // radius there too (the run-on and the end's pair square to the curve, not to the chord).
        let (cx, cy, radius, width): (Double, Double, Double, Double) = (60, 60, 47, 11)
        let dash = try XCTUnwrap(StrokeDash([10, 20], offset: 0, scale: 1))
        let route = PathShape(.circle(center: Point(Float(cx), Float(cy)), radius: Float(radius)),
                              style: StrokeStyle(width: Float(width), cap: .butt), dash: dash)
        let image = try draw([route.shape(color: .black)], width: 120, height: 120)
        var far = 0, near = 0, worst = 0
        for y in Int(cy) - 4..<120 {
            for x in Int(cx)..<120 {
                var inside = 0
                for j in 0..<16 {
                    for i in 0..<16 {
                        let qx = Double(x) + (Double(i) + 0.5) / 16 - cx, qy = Double(y) + (Double(j) + 0.5) / 16 - cy
                        let along = atan2(qy, qx) * radius
                        let onRing = abs((qx * qx + qy * qy).squareRoot() - radius) <= width / 2
                        if onRing, along >= 0, along.truncatingRemainder(dividingBy: 30) < 10 { inside += 1 }
                    }
                }
                // Pixels wholly across the ring (its curved edges are the chords', within a
                // quarter pixel): what is left is the dash ends.
                let px = Double(x) + 0.5 - cx, py = Double(y) + 0.5 - cy
                guard abs((px * px + py * py).squareRoot() - radius) <= width / 2 - 1 else { continue }
                let expected = 255 - Int((255 * Double(inside) / 256).rounded())
                let d = abs(rgba(image, x, y)[0] - expected)
                if d > 64 { far += 1 }
                if d > 24 { near += 1 }
                worst = max(worst, d)
            }
        }
        // Linear terms across the quads (their diagonals) put 16 pixels more than 64/255 off,
        // 40 more than 24, the worst 144; the first dash's start square to the first chord, a
        // sliver before it up to 123; bent, with ends square to the curve, 9 by at most 32 (the
        // box filter along is a pixel wide on the centre line, a tenth more or less at the
        // edges, and the measure's distances fall behind the arc by a tenth of a pixel here).
        XCTAssertEqual(far, 0, "pixels more than 64/255 off the sectors'")
        XCTAssertLessThanOrEqual(near, 12, "pixels more than 24/255 off the sectors'")
        XCTAssertLessThanOrEqual(worst, 40)
    }

    func testADashedCurveIsOneStripAllTheWayRound() throws {
        // A wide dashed circle and ellipse, stroked closed (the pattern on at both sides of the
        // seam) and open (off there): the strip goes on through every point of the curve, so it
        // has no join and no strip run on past a corner (flags 8 and 16), whatever its miters.
        // (resvg's stroke-dashoffset/default at 1.5x: its strip broke at the point before the seam.)
        let shapes: [Path] = [.circle(center: Point(150, 150), radius: 105), .ellipse(from: Point(20, 60), to: Point(280, 240))]
        for (path, pattern) in [(shapes[0], [Float(15), 30]), (shapes[0], [13, 9]), (shapes[1], [15, 30]), (shapes[1], [7, 5])] {
            let dash = try XCTUnwrap(StrokeDash(pattern, offset: 0, scale: 1))
            let mesh = try XCTUnwrap(PathTessellator.dashedStroke(path, style: StrokeStyle(width: 15, cap: .butt), dash: dash,
                                                                  pixel: 1))
            let broken = mesh.dashTerms.filter { $0.flags >= DashFrame.Flag.join }
            XCTAssertTrue(broken.isEmpty, "\(pattern): \(broken.count) vertices of joins or run-ons")
            XCTAssertTrue(mesh.dashTerms.contains { $0.w != 1 }, "\(pattern): the pairs are bent")
        }
    }

    func testAWideStrokeOfAShortPatternIsMadeAtOnce() throws {
        // 2,000 corners, a cap reaching 50,000 pixels over a pattern of 4: each corner asks
        // whether a dash ends within the cap's reach once, not over 12,500 periods.
        let zigzag = Path.polyline((0..<2_002).map { Point(Float($0) * 10, Float($0 % 2) * 10) })
        let dash = try XCTUnwrap(StrokeDash([2, 2], offset: 0, scale: 1))
        let mesh = try XCTUnwrap(PathTessellator.dashedStroke(zigzag, style: StrokeStyle(width: 100_000, cap: .round),
                                                              dash: dash, pixel: 1))
        XCTAssertGreaterThan(mesh.vertexCount, 0)
        XCTAssertEqual(mesh.dashTerms.count, mesh.vertexCount)
    }

    func testASceneKeepsTheDashWhenWritten() throws {
        var g = GraphicsContext()
        g.scale(2)
        g.state.dash = [5, 3]
        g.state.dashOffset = 1
        g.stroke(.polyline([Point(3, 10), Point(55, 30)]), paint: .solid(.black), style: StrokeStyle(width: 2, cap: .round))
        var scene = Scene(width: 120, height: 80, background: .white, shapes: g.shapes)
        scene.antialias = true
        let again = try Scene(json: scene.jsonData())
        XCTAssertEqual(again.shapes.first?.pathShape?.dash, g.shapes.first?.pathShape?.dash)
        assertSameImage(try render(again), try render(scene))
    }
}
