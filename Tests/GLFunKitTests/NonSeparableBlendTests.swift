import Foundation
import GLFunGLES
import GLFunKit
import XCTest

/// The non-separable blend modes (hue, saturation, color, luminosity) on opaque colours: where
/// no channel falls below 0 they are the W3C's formulas; where SetLum pushes one below 0 it is
/// cut to 0, as tiny-skia (resvg) does, not pulled in towards the luminosity as the W3C says.
final class NonSeparableBlendTests: LayerTestCase {
    func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let n = c.min()!, x = c.max()!
        return x > n ? c.map { ($0 - n) * s / (x - n) } : [0, 0, 0]
    }
    func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }

    /// The source drawn in `mode` over the backdrop, both opaque: the pixel's colour in bytes.
    func blended(_ mode: BlendMode, backdrop: Color, source: Color) throws -> [Double] {
        var g = GraphicsContext()
        g.fill(rect(0, 0, 8, 8), paint: .solid(backdrop))
        g.beginLayer(blend: mode)
        g.fill(rect(0, 0, 8, 8), paint: .solid(source))
        g.endLayer()
        let image = try premultiplied(g.shapes, size: 8, antialias: false)
        return (0..<3).map { Double(image.pixels[(4 * 8 + 4) * 4 + $0]) }
    }

    func bytes(_ r: Double, _ g: Double, _ b: Double) -> Color {
        Color(Float(r / 255), Float(g / 255), Float(b / 255), 1)
    }

    func testHueOfTwoKnownColoursIsTheW3CFormula() throws {
        let cb = [60.0, 160, 220].map { $0 / 255 }, cs = [230.0, 90, 40].map { $0 / 255 }
        // SetLum(SetSat(cs, Sat(cb)), Lum(cb)): no channel leaves 0...1, so ClipColor does nothing.
        let s = setSat(cs, sat(cb)), d = lum(cb) - lum(s)
        let want = s.map { ($0 + d) * 255 }
        XCTAssertTrue(want.allSatisfy { $0 >= 0 && $0 <= 255 })
        let got = try blended(.hue, backdrop: bytes(60, 160, 220), source: bytes(230, 90, 40))
        for i in 0..<3 { XCTAssertEqual(got[i], want[i], accuracy: 1, "channel \(i)") }
    }

    func testSaturationCutsANegativeChannelToZero() throws {
        // Green (0, 128, 0) given the saturation of (255, 255, 40): SetSat gives (0, 0.843, 0),
        // SetLum takes 0.2 off each channel. tiny-skia cuts red and blue to 0 and keeps green at
        // 0.642 (164); the W3C's ClipColor would pull green back to the backdrop's 128.
        let got = try blended(.saturation, backdrop: bytes(0, 128, 0), source: bytes(255, 255, 40))
        let cb = [0.0, 128.0 / 255, 0], s = setSat(cb, (255.0 - 40) / 255), d = lum(cb) - lum(s)
        let want = s.map { max($0 + d, 0) * 255 }
        for i in 0..<3 { XCTAssertEqual(got[i], want[i], accuracy: 1, "channel \(i)") }
        XCTAssertEqual(got[1], 164, accuracy: 1)
    }

    func testColorAndLuminosityOfGreyKeepTheGrey() throws {
        // Grey has no hue: color of grey over grey is the backdrop's luminosity in grey.
        let grey = try blended(.color, backdrop: bytes(100, 100, 100), source: bytes(200, 200, 200))
        for i in 0..<3 { XCTAssertEqual(grey[i], 100, accuracy: 1, "channel \(i)") }
        let lumi = try blended(.luminosity, backdrop: bytes(100, 100, 100), source: bytes(200, 200, 200))
        for i in 0..<3 { XCTAssertEqual(lumi[i], 200, accuracy: 1, "channel \(i)") }
    }
}
