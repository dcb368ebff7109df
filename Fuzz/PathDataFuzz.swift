// libFuzzer target: SVG path data (GLFunKit's Path(svgData:)) and the path tessellator. Any
// input must give a path or a PathDataError, never a crash or a hang; a path that is read must
// write itself back (`svgData`) as data that reads as the same path; its fill (both rules) and
// its stroke (a style picked from the input's length) must tessellate at two pixel sizes, with
// and without antialiasing, into a well-formed mesh (whole triangles, finite positions,
// coverage in 0...1, indices within the vertices, the fringe first), and dashed on the dash
// route (`PathTessellator.dashedStroke`: a pattern picked from the input's length) with a
// term for every vertex, each finite, its perspective weight above 0. Turned, its fill's
// coverage mask, where it has an outline (`MaskOutline`), must hold every covered pixel's
// centre and stray less than half a pixel past the mask's box. Built and run by
// scripts/fuzz/run (GLFunKit built for testing, so its route is reachable).
import Foundation
@testable import GLFunKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathData(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let path: Path
    do { path = try Path(svgData: text) } catch {
        if error.offset < 0 || error.offset > text.count { fatalError("offset \(error.offset) outside the data: \(error)") }
        _ = error.description
        return 0
    }
    let written = path.svgData
    do {
        let again = try Path(svgData: written)
        if again != path { fatalError("a path read back from its own data differs:\n\(written)") }
    } catch {
        fatalError("a path's own data does not read back (\(error)):\n\(written)")
    }
    let joins = LineJoin.allCases, caps = LineCap.allCases
    let style = StrokeStyle(width: [0.3, 3, 40][size % 3], join: joins[size / 3 % 3], cap: caps[size / 9 % 3],
                            miterLimit: [1, 4, 100][size / 27 % 3])
    for paint in [PathPaint.fill(.nonzero), .fill(.evenOdd), .stroke(style)] {
        for pixel: Float in [1, 0.25] {
            for aa in [false, true] {
                check(PathShape(path, paint: paint).mesh(pixel: pixel, antialias: aa), written, paint, pixel, aa)
            }
        }
    }
    checkOutline(path.applying(.rotation(Double(size % 11) * 0.3)), written)
    let pattern: [Float] = [[3, 2], [10, 5, 1, 4], [0, 6]][size / 81 % 3]
    if let dash = StrokeDash(pattern, offset: Float(size % 7), scale: 1) {
        for pixel in [1.0, 0.25] {
            guard let m = PathTessellator.dashedStroke(path, style: style, dash: dash, pixel: pixel) else { continue }
            check(m, written, .stroke(style), Float(pixel), true)
            if m.dashTerms.count != m.vertexCount { fatalError("dash terms \(m.dashTerms.count) for \(m.vertexCount) vertices:\n\(written)") }
            if !m.dashTerms.allSatisfy({ $0.s.isFinite && $0.lo.isFinite && $0.hi.isFinite && $0.w.isFinite && $0.w > 0 }) {
                fatalError("a dash term not finite, or a weight not above 0:\n\(written)")
            }
        }
    }
    return 0
}

private func check(_ m: PathMesh, _ d: String, _ paint: PathPaint, _ pixel: Float, _ aa: Bool) {
    func fail(_ why: String) -> Never { fatalError("\(why): \(paint) pixel \(pixel) aa \(aa):\n\(d)") }
    if m.indices.count % 3 != 0 || m.fringeCount % 3 != 0 { fail("a partial triangle") }
    if !m.indices.allSatisfy({ Int($0) < m.vertexCount }) { fail("an index past the vertices") }
    if m.fringeCount > m.indices.count || (!aa && (m.fringeCount != 0 || m.hasFringe)) { fail("fringe count \(m.fringeCount)") }
    if !m.vertices.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.u.isFinite && $0.v.isFinite }) {
        fail("a vertex not finite")
    }
    if !m.vertices.allSatisfy({ $0.coverage >= 0 && $0.coverage <= 1 }) || !(0...1).contains(m.opacity) {
        fail("coverage outside 0...1")
    }
}

/// The fill's mask, where it is drawn as the polygon round its pixels: every covered pixel's
/// centre inside it (convex), no corner half a pixel past the box.
private func checkOutline(_ path: Path, _ d: String) {
    guard let b = path.controlBounds, let key = CoverageKey(grid: PixelGrid(pixel: 1), bounds: b),
          let m = PathTessellator.coverageMesh(path, rule: .nonzero, key: key, masks: true).mask, let poly = m.outline else { return }
    func fail(_ why: String) -> Never { fatalError("outline \(poly) of a \(m.width) x \(m.height) mask: \(why):\n\(d)") }
    if poly.count < 3 || poly.count > 8 { fail("\(poly.count) corners") }
    for p in poly where !(p.x > -0.5 && p.x < Double(m.width) + 0.5 && p.y > -0.5 && p.y < Double(m.height) + 0.5) {
        fail("a corner past the box")
    }
    for y in 0..<m.height {
        for x in 0..<m.width where m.bytes[2 * (y * m.width + x)] != 0 || m.bytes[2 * (y * m.width + x) + 1] != 0 {
            if !MaskOutline.contains(poly, Vec(Double(x) + 0.5, Double(y) + 0.5)) { fail("covered pixel \(x), \(y) outside") }
        }
    }
}
