import Foundation
@testable import GLFunKit
import XCTest

/// A fill whose sweep passes `PathTessellator.maxSweepWork` (edges crossing each slab, summed)
/// draws nothing, as documented, rather than the part of it swept before the limit.
final class PathFillLimitTests: XCTestCase {
    /// `squares` nested squares (2 × squares tall edges, all crossing every slab) beside a
    /// staircase of `steps` steps (a slab each).
    static func comb(squares: Int, steps: Int) throws -> Path {
        var d = ""
        for i in 0..<squares { d += "M\(-i) \(-i) H\(100_000 + i) V\(100_000 + i) H\(-i)Z" }
        d += "M\(-squares - 10) 0"
        for s in 0..<steps { d += "L\(-squares - 10 - s % 2) \(s * 10)" }
        return try Path(svgData: d + "Z")
    }

    func testAFillPastTheSweepLimitIsEmptyNotCutOff() throws {
        // 400 edges x 600 slabs: 240,000 edge visits, against a limit of 100,000 (the real
        // limit, 20 million, takes seconds to reach in a debug build).
        let subpaths = try XCTUnwrap(Self.comb(squares: 200, steps: 600).flattened(tolerance: 0.25, limit: 100_000))
        // Antialiased, on a 300 x 300 target (the cells of the whole comb would pass their own limit).
        let grid = PixelGrid(canvas: Canvas(width: 300, height: 300))
        let key = try XCTUnwrap(CoverageKey(grid: grid, bounds: (Point(-300, -300), Point(100_300, 100_300))))
        for aa in [false, true] {
            func fill(workLimit: Int) -> PathMesh {
                var out = MeshBuilder(limit: PathTessellator.maxVertices)
                if aa {
                    var raster = PathCoverage(key: key)
                    PathFill.fill(subpaths, rule: .nonzero, workLimit: workLimit, into: &raster)
                    raster.emit(into: &out)
                } else {
                    PathFill.fill(subpaths, rule: .nonzero, workLimit: workLimit, into: &out)
                }
                return out.mesh
            }
            XCTAssertEqual(fill(workLimit: 100_000).vertexCount, 0, "aa \(aa): past the sweep limit, nothing")
            XCTAssertGreaterThan(fill(workLimit: 1_000_000).vertexCount, 0, "aa \(aa): within the limit, the fill")
        }
    }

    func testAFillWithinTheSweepLimitIsWhole() throws {
        // 400 edges x 600 slabs: well within; the outer square and the staircase, filled.
        let within = try Self.comb(squares: 200, steps: 600)
        let m = PathShape(within, paint: .fill(.nonzero)).mesh(pixel: 1, antialias: false)
        var area = 0.0
        let pos = m.positions
        for k in stride(from: 0, to: pos.count, by: 3) {
            let a = pos[k], b = pos[k + 1], c = pos[k + 2]
            area += abs(Double(b.x - a.x) * Double(c.y - a.y) - Double(c.x - a.x) * Double(b.y - a.y)) / 2
        }
        // The outer square (side 100,000 + 2 × 199) and the staircase's teeth (1 × 10 each,
        // every other step) - its sliver of width 0 to 1 adds 599 × 10 / 2.
        let side = 100_000.0 + 2 * 199
        XCTAssertEqual(area, side * side + 5990 / 2, accuracy: side * side * 1e-6)
    }
}
