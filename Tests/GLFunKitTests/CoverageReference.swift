import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The area of each pixel a region covers, worked out independently of the renderer: each
/// pixel row cut into `strips` horizontal lines (at their midpoints), the region's inside
/// intervals on each line measured exactly along x. For polygons with no horizontal edge
/// inside a strip, the error is a few 1e-5 (the midpoint rule on a piecewise-linear length).
enum CoverageReference {
    typealias Polygon = [(Double, Double)]

    /// Coverage of `width` x `height` pixels, row-major, from the inside intervals at each y.
    static func coverage(width: Int, height: Int, strips: Int = 256,
                         inside: (Double) -> [(Double, Double)]) -> [Double] {
        var cov = [Double](repeating: 0, count: width * height)
        let w = 1 / Double(strips)
        for row in 0..<height {
            for k in 0..<strips {
                let y = Double(row) + (Double(k) + 0.5) * w
                for (a, b) in inside(y) {
                    let lo = max(a, 0), hi = min(b, Double(width))
                    guard hi > lo else { continue }
                    var x = Int(lo.rounded(.down))
                    while Double(x) < hi {
                        let l = max(lo, Double(x)), h = min(hi, Double(x + 1))
                        if h > l { cov[row * width + x] += (h - l) * w }
                        x += 1
                    }
                }
            }
        }
        return cov
    }

    /// The inside intervals of polygons at y by `rule`.
    static func intervals(_ polygons: [Polygon], rule: FillRule) -> (Double) -> [(Double, Double)] {
        { y in
            var xs: [(Double, Int)] = []
            for p in polygons {
                for i in p.indices {
                    let a = p[i], b = p[(i + 1) % p.count]
                    if (a.1 <= y) != (b.1 <= y) {
                        xs.append((a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1), b.1 > a.1 ? 1 : -1))
                    }
                }
            }
            xs.sort { $0.0 < $1.0 }
            var out: [(Double, Double)] = []
            var winding = 0, start = 0.0
            for (x, d) in xs {
                let was = rule == .nonzero ? winding != 0 : winding & 1 != 0
                winding += d
                let now = rule == .nonzero ? winding != 0 : winding & 1 != 0
                if !was && now { start = x }
                if was && !now { out.append((start, x)) }
            }
            return out
        }
    }

    /// A polygon with its points as the path stores them (Float).
    static func polygon(_ points: [(Double, Double)]) -> Polygon {
        points.map { (Double(Float($0.0)), Double(Float($0.1))) }
    }

    /// The path of polygons (closed subpaths).
    static func path(_ polygons: [Polygon]) -> Path {
        var p = Path()
        for poly in polygons {
            p.append(.polyline(poly.map { Point(Float($0.0), Float($0.1)) }, closed: true))
        }
        return p
    }

    /// The largest difference, in 1/255ths, between a channel of `image` and what `color` over
    /// `background` at each pixel's coverage gives (each channel rounded as the target stores
    /// it), and where.
    static func worst(_ image: Image, _ cov: [Double], color: Color, background: Color = .white,
                      channel: Int = 0) -> (error: Double, x: Int, y: Int, got: Int, want: Double) {
        var worst = (error: 0.0, x: 0, y: 0, got: 0, want: 0.0)
        let src = [color.r, color.g, color.b][channel], dst = [background.r, background.g, background.b][channel]
        let bg = (Double(dst) * 255).rounded()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = Double(color.a) * cov[y * image.width + x]
                let want = bg * (1 - a) + Double(src) * 255 * a
                let got = rgba(image, x, y)[channel]
                let e = abs(Double(got) - want)
                if e > worst.error { worst = (e, x, y, got, want) }
            }
        }
        return worst
    }
}
