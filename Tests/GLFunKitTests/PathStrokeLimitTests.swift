import Foundation
import GLFunKit
import XCTest

/// A stroke whose mesh passes the tessellator's vertex limit stops at once (the mesh is empty
/// whatever follows), rather than working out every remaining join for nothing.
final class PathStrokeLimitTests: XCTestCase {
    func testAStrokePastTheVertexLimitStopsAtOnce() {
        // 100,000 points, round joins a hundred thousand points wide at a hundredth of a point
        // a pixel: each join a fan of 1024 slices, the limit passed within the first few hundred.
        let points = (0..<100_000).map { Point(Float($0 % 2) * 1_000_000, Float($0)) }
        let shape = PathShape(.polyline(points), paint: .stroke(StrokeStyle(width: 100_000, join: .round)))
        let start = Date()
        let mesh = shape.mesh(pixel: 0.01, antialias: true)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(mesh.vertexCount, 0, "past the limit, an empty mesh")
        // Reaching the limit (3,000,000 vertices: about 2,900 of the 100,000 joins) is work that
        // must be done: 0.5-1.2 s in a debug build, 2-4.4 s under AddressSanitizer on a busy
        // machine. Going on through every join would be about 34 times that.
        XCTAssertLessThan(seconds, 15, "stopped once past the limit (it took \(seconds) s)")
    }
}
