import Foundation
import GLFunGLES
import GLFunKit
import XCTest

/// Every `BlendMode` at a known backdrop and source against the W3C Compositing and Blending
/// formulas (ClipColor as tiny-skia has it) worked out here in Double (premultiplied, within 2/255): where both are, where
/// only the source is, only the backdrop, and neither.
final class BlendModeTests: LayerTestCase {
    typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

    // Straight colours with alpha, in 8-bit steps; chosen away from the modes' kinks.
    let backdrop = Color(Float(60) / 255, Float(160) / 255, Float(220) / 255, Float(204) / 255)
    let source = Color(Float(230) / 255, Float(90) / 255, Float(40) / 255, Float(178) / 255)

    /// What a colour drawn on transparent holds: premultiplied, rounded to bytes.
    func stored(_ c: Color) -> RGBA {
        func q(_ v: Float) -> Double { (Double(v) * Double(c.a) * 255).rounded() / 255 }
        return (q(c.r), q(c.g), q(c.b), (Double(c.a) * 255).rounded() / 255)
    }

    func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    /// As tiny-skia (resvg): a channel below 0 is cut to 0, not pulled in (NonSeparableBlendTests).
    func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), x = c.max()!
        var c = c
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c.map { max($0, 0) }
    }
    func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clipColor(c.map { $0 + d }) }
    func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let n = c.min()!, x = c.max()!
        return x > n ? c.map { ($0 - n) * s / (x - n) } : [0, 0, 0]
    }

    /// B(cb, cs) of the spec.
    func mix(_ m: BlendMode, _ cb: [Double], _ cs: [Double]) -> [Double] {
        func each(_ f: (Double, Double) -> Double) -> [Double] { (0..<3).map { f(cb[$0], cs[$0]) } }
        func hard(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        switch m {
        case .multiply: return each { $0 * $1 }
        case .screen: return each { $0 + $1 - $0 * $1 }
        case .overlay: return each { hard($1, $0) }
        case .darken: return each { min($0, $1) }
        case .lighten: return each { max($0, $1) }
        case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(hard)
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return each { $0 + $1 - 2 * $0 * $1 }
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: fatalError("not a blend mode")
        }
    }

    /// The spec's result, premultiplied.
    func expected(_ m: BlendMode, _ s: RGBA, _ b: RGBA) -> [Double] {
        let sp = [s.r, s.g, s.b, s.a], bp = [b.r, b.g, b.b, b.a]
        let pd: [BlendMode: (Double, Double)] = [
            .clear: (0, 0), .src: (1, 0), .dst: (0, 1), .srcOver: (1, 1 - s.a), .dstOver: (1 - b.a, 1),
            .srcIn: (b.a, 0), .dstIn: (0, s.a), .srcOut: (1 - b.a, 0), .dstOut: (0, 1 - s.a),
            .srcAtop: (b.a, 1 - s.a), .dstAtop: (1 - b.a, s.a), .xor: (1 - b.a, 1 - s.a), .plus: (1, 1),
        ]
        if let (fa, fb) = pd[m] { return (0..<4).map { min(sp[$0] * fa + bp[$0] * fb, 1) } }
        let cs = s.a > 0 ? [s.r / s.a, s.g / s.a, s.b / s.a] : [0, 0, 0]
        let cb = b.a > 0 ? [b.r / b.a, b.g / b.a, b.b / b.a] : [0, 0, 0]
        let mixed = mix(m, cb, cs).map { min(max($0, 0), 1) }
        var out = (0..<3).map { s.a * ((1 - b.a) * cs[$0] + b.a * mixed[$0]) + (1 - s.a) * bp[$0] }
        out.append(s.a + b.a * (1 - s.a))
        return out
    }

    func testEveryModeFollowsTheW3CFormula() throws {
        let b = stored(backdrop), s = stored(source), none: RGBA = (0, 0, 0, 0)
        for mode in BlendMode.allCases {
            var g = GraphicsContext()
            g.fill(rect(0, 0, 4, 8), paint: .solid(backdrop))
            g.beginLayer(blend: mode)
            g.fill(rect(0, 0, 8, 4), paint: .solid(source))
            g.endLayer()
            let image = try premultiplied(g.shapes, size: 8, antialias: false)
            for (x, y, sp, bp, where_) in [(1, 1, s, b, "both"), (5, 1, s, none, "source only"),
                                           (1, 5, none, b, "backdrop only"), (5, 5, none, none, "neither")] {
                let want = expected(mode, sp, bp)
                for i in 0..<4 {
                    let got = Double(image.pixels[(y * 8 + x) * 4 + i]) / 255
                    XCTAssertEqual(got, want[i], accuracy: 2.0 / 255, "\(mode) \(where_) channel \(i)")
                }
            }
        }
    }

    func testNamesAreCSSs() {
        XCTAssertEqual(BlendMode(name: "normal"), .srcOver)
        XCTAssertEqual(BlendMode(name: "color-dodge"), .colorDodge)
        XCTAssertEqual(BlendMode(name: "src-atop"), .srcAtop)
        XCTAssertNil(BlendMode(name: "Multiply"))
        XCTAssertEqual(BlendMode.allCases.count, 28)
    }
}
