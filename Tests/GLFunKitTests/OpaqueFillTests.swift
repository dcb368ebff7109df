import Foundation
import GLFunGLES
@testable import GLFunKit
import PixelAssertions
import XCTest

/// Opaque antialiased fills in the opaque pass (`Renderer+OpaqueFills`, `PathCoverage.coreRects`):
/// a core is only pixels of coverage 1, a few big rectangles; a rectangle on whole pixels is all
/// core; and frames with opaque fills (solid, linear, radial, conic, rotated, overlapping) give
/// the painter's-order picture to the bit with culling and depth on or off, while the cores
/// hide the shapes under them from the culling walk.
final class OpaqueFillTests: RenderTestCase {
    private func rectPath(_ a: Point, _ b: Point) -> Path {
        .polyline([a, Point(b.x, a.y), b, Point(a.x, b.y)], closed: true)
    }

    private func key(_ path: Path) -> CoverageKey {
        CoverageKey(grid: PixelGrid(pixel: 1), bounds: path.controlBounds!)!
    }

    func testAnEllipsesCoreIsAFewRectsOfFullyCoveredPixels() throws {
        let ellipse = Path.ellipse(from: Point(3.3, 5.6), to: Point(93.1, 70.2))
        let m = PathTessellator.coverageMesh(ellipse, rule: .nonzero, key: key(ellipse), masks: true, core: true)
        let mask = try XCTUnwrap(m.mask, "an ellipse is drawn from its mask")
        XCTAssertFalse(m.core.isEmpty)
        XCTAssertLessThanOrEqual(m.core.count, PathCoverage.maxCoreRects)
        XCTAssertFalse(m.coreIsWhole)
        // The mask's top-left pixel, in the grid's pixels.
        let left = Int(mask.corners.0.x.rounded(.down)), top = Int(mask.corners.0.y.rounded(.down))
        var area = 0
        for q in m.core {
            let x0 = Int(q.p0.x), y0 = Int(q.p0.y), x1 = Int(q.p2.x), y1 = Int(q.p2.y)
            XCTAssertEqual(Float(x0), q.p0.x)
            XCTAssertEqual(Float(y1), q.p2.y)
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let i = 2 * ((y - top) * mask.width + (x - left))
                    let level = Int(mask.bytes[i]) << 8 | Int(mask.bytes[i + 1])
                    XCTAssertEqual(level, Int(PathCoverage.levels), "pixel \(x), \(y) of the core is fully covered")
                }
            }
            area += (x1 - x0) * (y1 - y0)
        }
        // The ellipse is about 4,560 pixels: the core is most of them.
        XCTAssertGreaterThan(area, 3_200)
    }

    func testARectOnWholePixelsIsAllCore() {
        let rect = rectPath(Point(10, 20), Point(50, 44))
        let m = PathTessellator.coverageMesh(rect, rule: .nonzero, key: key(rect), core: true)
        XCTAssertEqual(m.core.count, 1)
        XCTAssertTrue(m.coreIsWhole)
        let off = rectPath(Point(10.5, 20), Point(50, 44))
        XCTAssertFalse(PathTessellator.coverageMesh(off, rule: .nonzero, key: key(off), core: true).coreIsWhole)
        let tiny = rectPath(Point(10, 20), Point(15, 25))
        XCTAssertTrue(PathTessellator.coverageMesh(tiny, rule: .nonzero, key: key(tiny), core: true).core.isEmpty,
                      "a core under minCoreArea pixels is not worth its triangles")
    }

    func testLargestRectsTakesTheBiggestThenTheCaps() {
        // A diamond of runs: the largest rectangle is rows 2...6 (60 x 5); what is left above
        // and below it makes no rectangle of minCoreArea pixels.
        let lo = [40, 30, 20, 10, 0, 10, 20, 30, 40], hi = [60, 70, 80, 90, 100, 90, 80, 70, 60]
        let rects = PathCoverage.largestRects(lo: lo, hi: hi, top: 100)
        XCTAssertEqual(rects, [PathCoverage.PixelRect(x0: 20, y0: 102, x1: 80, y1: 107)])
        // A disc of radius 30: the middle rectangle, then the caps above and below it.
        let half = (0..<60).map { y in (900 - (Float(y) - 29.5) * (Float(y) - 29.5)).squareRoot() }
        let dl = half.map { 30 - Int($0) }, dh = half.map { 30 + Int($0) }
        let disc = PathCoverage.largestRects(lo: dl, hi: dh, top: 0)
        XCTAssertGreaterThan(disc.count, 2)
        XCTAssertEqual(disc.map(\.area), disc.map(\.area).sorted(by: >))
        for r in disc {
            for y in r.y0..<r.y1 { XCTAssertTrue(dl[y] <= r.x0 && r.x1 <= dh[y], "\(r) is under the runs") }
        }
        XCTAssertGreaterThan(disc.reduce(0) { $0 + $1.area }, 2_000, "most of the disc's 2,827 pixels")
    }

    func testOnlyGradientsThatPaintEveryPixelOpaqueHaveCores() {
        let stops = [GradientStop(0, .red), GradientStop(1, .blue)]
        XCTAssertTrue(Gradient.linear(from: .zero, to: Point(1, 0), stops: stops).isOpaqueEverywhere)
        XCTAssertTrue(Gradient.radial(center: Point(50, 50), radius: 40, focal: Point(40, 45), stops: stops)
            .isOpaqueEverywhere)
        XCTAssertFalse(Gradient.radial(center: Point(50, 50), radius: 40, focal: Point(95, 50), stops: stops)
            .isOpaqueEverywhere, "a focal point outside the end circle leaves pixels unpainted")
        XCTAssertFalse(Gradient.linear(from: .zero, to: Point(1, 0), stops: [GradientStop(0, Color(1, 0, 0, 0.5))])
            .isOpaqueEverywhere)
        XCTAssertFalse(Gradient.linear(from: .zero, to: Point(1, 0), stops: stops,
                                       transform: Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)).isOpaqueEverywhere)
    }

    /// Overlapping opaque fills of every paint, some rotated, over and under rects, ellipses and
    /// translucent fills: the same picture all ways, and the big fill on top hides what is under it.
    func testOpaqueFillsGiveThePaintersPictureAndHideWhatIsUnder() throws {
        let image = try renderAllWays(overlappingFills())
        _ = try render(overlappingFills())
        XCTAssertTrue(renderer.stats.usedDepth)
        XCTAssertGreaterThan(renderer.stats.culled, 0, "shapes under the last fill's core are culled")
        assertPixel(image, 19, 19, [128, 102, 77, 255], tolerance: 1, "the red rect is under the fill")
    }

    /// A frame drawn once (no mesh kept in its paths) past its budget of fill meshes keeps only
    /// the cores and makes the meshes again as it draws them: the same picture.
    func testPastTheFrameBudgetOnlyCoresAreKeptAndThePictureIsTheSame() throws {
        renderer.keepsPathMeshes = false
        defer {
            renderer.keepsPathMeshes = true
            renderer.fillMeshBytes = 64 << 20
        }
        let whole = try render(overlappingFills())
        renderer.fillMeshBytes = 0
        let cores = try render(overlappingFills())
        assertSameImage(cores, whole, "cores only")
        XCTAssertTrue(renderer.stats.usedDepth)
        XCTAssertGreaterThan(renderer.stats.culled, 0)
    }

    private func overlappingFills() -> Scene {
        var rng = SplitMix64(seed: 15)
        func r(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo...hi, using: &rng) }
        let stops = [GradientStop(0, Color(0.9, 0.2, 0.1)), GradientStop(0.6, Color(0.1, 0.7, 0.3)),
                     GradientStop(1, Color(0.2, 0.1, 0.9))]
        var shapes: [Shape] = []
        for i in 0..<60 {
            let x = r(0, 150), y = r(0, 110), w = r(12, 60), h = r(12, 50)
            let rotation = Transform.rotation(Double(r(0, 3))).translated(by: -Double(x + w / 2), -Double(y + h / 2))
            let placed = Transform.translation(Double(x + w / 2), Double(y + h / 2)).concatenating(rotation)
            let outline = i % 3 == 0 ? Path.ellipse(from: Point(x, y), to: Point(x + w, y + h))
                : rectPath(Point(x.rounded(), y.rounded()), Point((x + w).rounded(), (y + h).rounded()))
            let path = i % 4 == 1 ? outline.applying(placed) : outline
            var s = Shape.path(path, fill: i % 7 == 6 ? Color(0.3, 0.3, 0.8, 0.6) : Color(r(0, 1), r(0, 1), r(0, 1)))
            switch i % 5 {
            case 1: s.gradient = .linear(from: Point(x, y), to: Point(x + w, y + h / 3), stops: stops)
            case 2: s.gradient = .radial(center: Point(x + w / 2, y + h / 2), radius: max(w, h) / 2,
                                         focal: Point(x + w / 3, y + h / 2), stops: stops)
            case 3: s.gradient = .conic(center: Point(x + w / 2, y + h / 2), angle: 0.5, stops: stops)
            default: break
            }
            shapes.append(s)
            if i % 6 == 0 {
                shapes.append(Shape(kind: i % 12 == 0 ? .rect : .ellipse, from: Point(x + 3, y + 2),
                                    to: Point(x + w / 2, y + h / 2), color: Color(r(0, 1), r(0, 1), r(0, 1))))
            }
        }
        // A big opaque fill on top, over a corner: what is under it wholly is not drawn.
        shapes.append(Shape(kind: .rect, from: Point(8, 8), to: Point(30, 30), color: .red))
        shapes.append(.path(.ellipse(from: Point(-40, -40), to: Point(80, 80)), fill: Color(0.5, 0.4, 0.3)))
        var scene = Scene(width: 200, height: 150, background: .white, shapes: shapes)
        scene.antialias = true
        return scene
    }

    func testMeshesMadeOnTwoThreadsAreThoseMadeOneByOne() throws {
        // More fills than a batch, each with curves (a mask) or straight edges (quads), kept and not.
        var shapes: [Shape] = []
        for k in 0..<(Renderer.meshBatch * 2 + 7) {
            let x = Float(k % 16) * 19.3 + 0.4, y = Float(k / 16) * 23.7 + 0.2
            let path = k % 3 == 0 ? Path.ellipse(from: Point(x, y), to: Point(x + 30.5, y + 21.2))
                : rectPath(Point(x, y), Point(x + 17.25, y + 12.5))
            shapes.append(.path(path, fill: Color(Float(k % 7) / 7, 0.5, 0.2)))
        }
        renderer.antialias = true
        defer { renderer.antialias = false; renderer.keepsPathMeshes = true }
        renderer.view = .identity
        renderer.setFrameGeometry(Canvas(width: 320, height: 240, scale: 1.5))
        for keep in [false, true] {
            renderer.keepsPathMeshes = keep
            shapes.withUnsafeBufferPointer { renderer.prepareOpaqueFills($0) }
            for (i, s) in shapes.enumerated() {
                let made = try XCTUnwrap(renderer.fillMeshes[i], "fill \(i)")
                let alone = PathShape(s.pathShape!.path, paint: .fill(.nonzero))
                    .mesh(grid: renderer.pixelGrid, pixel: renderer.pixelInPoints, antialias: true, keep: false,
                          masks: renderer.pathMasks && renderer.indexedPaths, core: true)
                XCTAssertEqual(made.vertices, alone.vertices, "fill \(i)")
                XCTAssertEqual(made.indices, alone.indices, "fill \(i)")
                XCTAssertEqual(made.mask?.bytes, alone.mask?.bytes, "fill \(i)")
                XCTAssertEqual(made.core.count, alone.core.count, "fill \(i)")
            }
        }
    }
}
