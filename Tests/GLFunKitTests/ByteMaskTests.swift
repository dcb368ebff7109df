@testable import GLFunKit
import GLFunGLES
import PixelAssertions
import XCTest

/// Masks of one byte a pixel (`MaskAtlas.Texel.byte`): a frame whose fills are all painted
/// opaque draws their masks from the one-byte atlas, and its picture is the two bytes' to the
/// bit (llvmpipe rounds a fragment's alpha to 8 bits before it blends, and the byte is that
/// rounding of the coverage); a frame with a translucent fill draws every mask from two bytes.
final class ByteMaskTests: RenderTestCase {
    override func tearDownWithError() throws {
        renderer.byteMasksAllowed = true
        try super.tearDownWithError()
    }

    /// 150 fills over one another at fractional places (so that their edges take many coverage
    /// levels): discs, turned ellipses and five-pointed stars (either rule), in solid colours and
    /// opaque linear, radial (one with a focal point) and conic gradients.
    private func opaqueFills() -> [Shape] {
        var random = SplitMix64(seed: 25)
        func unit() -> Float { Float(random.next() % 10_000) / 10_000 }
        var shapes: [Shape] = []
        for k in 0..<150 {
            let c = Point(8 + unit() * 300, 8 + unit() * 220), r = 3 + unit() * 30
            var path: Path
            var rule = FillRule.nonzero
            switch k % 3 {
            case 0: path = .circle(center: c, radius: r)
            case 1: path = Path.ellipse(from: Point(c.x - r, c.y - r / 2), to: Point(c.x + r, c.y + r / 2))
                .applying(Transform.translation(Double(c.x), Double(c.y)).concatenating(.rotation(Double(unit()) * 3))
                    .concatenating(.translation(-Double(c.x), -Double(c.y))))
            default:
                path = .polyline((0..<5).map { i in
                    let a = Float.pi * (0.5 + 0.8 * Float(i))
                    return Point(c.x + r * cos(a), c.y - r * sin(a))
                }, closed: true)
                rule = k % 2 == 0 ? .evenOdd : .nonzero
            }
            var s = Shape.path(path, fill: Color(unit(), unit(), unit()), rule: rule)
            let stops = [GradientStop(0, Color(unit(), unit(), 1)), GradientStop(0.6, .black), GradientStop(1, Color(1, unit(), 0))]
            switch k % 5 {
            case 1: s.gradient = .linear(from: Point(c.x - r, c.y), to: Point(c.x + r, c.y + r), stops: stops)
            case 2: s.gradient = .radial(center: c, radius: r, focal: Point(c.x + r / 3, c.y), stops: stops)
            case 3: s.gradient = .conic(center: c, stops: stops)
            default: break
            }
            shapes.append(s)
        }
        return shapes
    }

    private func scene(_ shapes: [Shape]) -> Scene {
        var s = Scene(width: 320, height: 240, background: .background, shapes: shapes)
        s.antialias = true
        return s
    }

    private func twoBytes(_ s: Scene) throws -> Image {
        renderer.byteMasksAllowed = false
        defer { renderer.byteMasksAllowed = true }
        renderer.byteMaskAtlas = nil
        return try render(s)
    }

    func testOpaqueFillsDrawTheTwoBytesPictureFromOneByte() throws {
        let s = scene(opaqueFills()), reference = try twoBytes(s)
        XCTAssertNil(renderer.byteMaskAtlas, "off: no one-byte mask")
        renderer.maskAtlas = nil
        for frame in 0...1 {
            assertSameImage(try render(s), reference, "frame \(frame)")
        }
        XCTAssertEqual(renderer.byteMaskAtlas?.pageCount, 1)
        XCTAssertNil(renderer.maskAtlas, "no mask of two bytes")
        for program in ["pathByteMask", "linearByteMask", "radialByteMask", "conicByteMask"] {
            XCTAssertTrue(renderer.compiledPrograms.contains(program), program)
        }
    }

    func testTheCoverageLevelsGiveTheTwoBytesAlpha() throws {
        // Slivers under slight slopes over a wide row: along each, its edge pixels' coverage
        // steps through the levels a few at a time (nearly every entry of the byte table).
        var shapes: [Shape] = []
        for k in 0..<16 {
            let y = Float(4 + 6 * k), slope = Float(k + 1) / 4096 * 2
            shapes.append(.path(.polyline([Point(0, y), Point(2048, y + slope * 2048), Point(2048, y + 3), Point(0, y + 3)],
                                          closed: true), fill: Color(0.2, 0.4, 0.9)))
        }
        var s = Scene(width: 2048, height: 110, background: Color(0.9, 0.1, 0.3), shapes: shapes)
        s.antialias = true
        let reference = try twoBytes(s)
        renderer.maskAtlas = nil
        assertSameImage(try render(s), reference)
        XCTAssertNotNil(renderer.byteMaskAtlas)
    }

    func testAFrameWithATranslucentFillDrawsEveryMaskFromTwoBytes() throws {
        var shapes = opaqueFills()
        shapes.insert(.path(.circle(center: Point(160.3, 120.6), radius: 70), fill: Color(0.1, 0.8, 0.3, 0.5)), at: 40)
        let s = scene(shapes), reference = try twoBytes(s)
        renderer.maskAtlas = nil
        assertSameImage(try render(s), reference)
        XCTAssertNil(renderer.byteMaskAtlas, "one translucent fill: every mask in two bytes, no turns between programs")
    }

    func testAnOpacityGroupOfOpaqueFillsFoldsIntoOneByteMasks() throws {
        // A translucent group of opaque fills folds into its children's masks (`GroupFold`), whose
        // coverage holds the opacity: their paint is opaque.
        let group = Shape.layer(Layer(shapes: Array(opaqueFills().prefix(60)), opacity: 0.55))
        let s = scene([.rect(Point(20, 20), Point(200, 150), color: Color(0, 0, 1)), group])
        let reference = try twoBytes(s)
        renderer.maskAtlas = nil
        assertSameImage(try render(s), reference)
        XCTAssertNotNil(renderer.byteMaskAtlas)
    }

    func testTheTargetTakesEachCoverageLevelAsItsByte() throws {
        // What the one-byte atlas rests on: the driver rounds a fragment's colour to the target's
        // 8 bits before it blends. Level k of 0...4096 as pixel k's alpha, k / 4096 (what a
        // two-byte mask's decode gives an opaque paint), and as its byte read from an alpha
        // texture (`MaskAtlas.byteLevels`), each blended over the same backdrop: the same bytes.
        let n = Int(PathCoverage.levels) + 1
        let target = try Framebuffer(context: ctx, width: n, height: 1, depth: false)
        defer { Framebuffer.bindDefault(width: 1, height: 1) }
        target.bind()
        let vertex = ShaderSource(name: "row.vsh", text: "attribute vec2 p;\nvoid main() { gl_Position = vec4(p, 0.0, 1.0); }")
        func program(_ name: String, alpha: String) throws -> ShaderProgram {
            try ShaderProgram(context: ctx, name: name, vertex: vertex, fragment: ShaderSource(name: name + ".fsh", text: """
                precision highp float;
                uniform sampler2D bytes;
                void main() { gl_FragColor = vec4(0.9, 0.3, 0.6, \(alpha)); }
                """), attributes: ["p"])
        }
        let levels = try program("levels", alpha: "floor(gl_FragCoord.x) / 4096.0")
        let bytes = try program("bytes", alpha: "texture2D(bytes, vec2(gl_FragCoord.x / \(n).0, 0.5)).a")
        let texture = try Texture2D(context: ctx, pixels: MaskAtlas.byteLevels, width: n, height: 1,
                                    options: TextureOptions(format: .a8, filter: .nearest))
        texture.bind(unit: 0)
        let buffer = VertexBuffer(context: ctx, usage: .staticDraw)
        buffer.upload([Float]([-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1]))
        try buffer.setLayout([VertexAttribute(location: 0, components: 2, kind: .float, offset: 0)],
                             stride: 2 * MemoryLayout<Float>.stride)
        GL.setBlending(true)
        defer { GL.setBlending(false) }
        var rows: [Image] = []
        for p in [levels, bytes] {
            GL.clear(red: 0.2, green: 0.7, blue: 0.35, alpha: 1, depth: false)
            p.use()
            GL.draw(.triangles, first: 0, count: 6)
            rows.append(try target.readPixels())
        }
        assertSameImage(rows[0], rows[1])
        XCTAssertNotEqual(rows[0][0, 0].r, rows[0][n - 1, 0].r, "the row goes from the backdrop to the paint")
    }
}
