import GLFunKit
import XCTest

/// Aliased fills (antialiasing off) keep the triangles they had before antialiased fills got
/// exact coverage (issue 29): each mesh's vertices and indices hashed, against hashes recorded
/// from main's build before that change. No GL.
final class PathAliasedMeshTests: XCTestCase {
    /// FNV-1a over the vertices' bit patterns, the indices and the fringe's index count.
    static func hash(_ m: PathMesh) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: UInt32) {
            for k in 0..<4 {
                h ^= UInt64((v >> (8 * UInt32(k))) & 0xff)
                h = h &* 0x0000_0100_0000_01b3
            }
        }
        for v in m.vertices { mix(v.x.bitPattern); mix(v.y.bitPattern); mix(v.u.bitPattern); mix(v.v.bitPattern) }
        for i in m.indices { mix(i) }
        mix(UInt32(m.fringeIndexCount))
        return h
    }

    /// Paths with no trigonometry (the same points on every machine).
    static let paths: [(String, Path)] = {
        let star = Path.polyline([Point(50, 10), Point(73.5, 82.4), Point(12, 37.6), Point(88, 37.6),
                                  Point(26.5, 82.4)], closed: true)
        var curves = Path()
        curves.move(to: Point(10.3, 50.2))
        curves.cubic(to: Point(90.7, 50.1), control1: Point(20, 0), control2: Point(80, 110))
        curves.quad(to: Point(10.3, 50.2), control: Point(50, 95.5))
        curves.close()
        var overlap = Path.polyline([Point(8.3, 10.6), Point(40.2, 10.6), Point(40.2, 44.4), Point(8.3, 44.4)], closed: true)
        overlap.append(.polyline([Point(24.7, 20.2), Point(56.1, 20.2), Point(56.1, 54.8), Point(24.7, 54.8)], closed: true))
        let rect = Path.polyline([Point(70.25, 10), Point(90.75, 10), Point(90.75, 30), Point(70.25, 30)], closed: true)
        return [("star", star), ("curves", curves), ("overlap", overlap), ("rect", rect)]
    }()

    /// Recorded from main (dbc413d) before the change.
    static let recorded: [String: UInt64] = [
        "curves evenOdd 0.5": 0x8e54b4b110dbf338, "curves evenOdd 1.0": 0x456dd8d37cd8aba6,
        "curves evenOdd 3.0": 0xf5558a2e45cfbe48, "curves nonzero 0.5": 0x8e54b4b110dbf338,
        "curves nonzero 1.0": 0x456dd8d37cd8aba6, "curves nonzero 3.0": 0xf5558a2e45cfbe48,
        "overlap evenOdd 0.5": 0xf43cb9eee5b4f211, "overlap evenOdd 1.0": 0xf43cb9eee5b4f211,
        "overlap evenOdd 3.0": 0xf43cb9eee5b4f211, "overlap nonzero 0.5": 0x68cd8e36aeee9f3b,
        "overlap nonzero 1.0": 0x68cd8e36aeee9f3b, "overlap nonzero 3.0": 0x68cd8e36aeee9f3b,
        "rect evenOdd 0.5": 0xc8f8e40926b0e7a7, "rect evenOdd 1.0": 0xc8f8e40926b0e7a7,
        "rect evenOdd 3.0": 0xc8f8e40926b0e7a7, "rect nonzero 0.5": 0xc8f8e40926b0e7a7,
        "rect nonzero 1.0": 0xc8f8e40926b0e7a7, "rect nonzero 3.0": 0xc8f8e40926b0e7a7,
        "star evenOdd 0.5": 0xd312881934c3183a, "star evenOdd 1.0": 0xd312881934c3183a,
        "star evenOdd 3.0": 0xd312881934c3183a, "star nonzero 0.5": 0x773d19e1afe65354,
        "star nonzero 1.0": 0x773d19e1afe65354, "star nonzero 3.0": 0x773d19e1afe65354,
    ]

    func testAliasedFillMeshesAreUnchanged() {
        var got: [String: UInt64] = [:]
        for (name, path) in Self.paths {
            for rule in [FillRule.nonzero, .evenOdd] {
                for pixel: Float in [1, 0.5, 3] {
                    let key = "\(name) \(rule) \(pixel)"
                    got[key] = Self.hash(PathShape(path, paint: .fill(rule)).mesh(pixel: pixel, antialias: false))
                }
            }
        }
        for (k, v) in Self.recorded { XCTAssertEqual(got[k], v, k) }
        XCTAssertEqual(Self.recorded.count, got.count)
    }
}
