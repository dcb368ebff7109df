import Foundation
import GLFunGLES
import TestFixtures
import XCTest

final class TextureTests: GLTestCase {
    var blitter: Blitter!

    override func setUpWithError() throws {
        try super.setUpWithError()
        blitter = try Blitter(context: ctx)
    }

    /// A w x h RGBA pattern where every pixel differs.
    func pattern(_ w: Int, _ h: Int) -> [UInt8] {
        var p: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w { p += [UInt8(x * 255 / max(w - 1, 1)), UInt8(y * 255 / max(h - 1, 1)), UInt8((x * 7 + y * 13) & 0xff), 255] }
        }
        return p
    }

    func testRGBATextureHoldsItsPixelsTopRowFirst() throws {
        let w = 7, h = 5
        let pixels = pattern(w, h)
        let t = try Texture2D(context: ctx, rgba: pixels, width: w, height: h)
        XCTAssertEqual(t.width, 7)
        XCTAssertEqual(t.height, 5)
        XCTAssertEqual(t.pixelsWide, 7, "NPOT storage by default")
        XCTAssertEqual(t.pixelsHigh, 5)
        XCTAssertEqual(t.maxS, 1)
        XCTAssertEqual(t.maxT, 1)
        XCTAssertEqual(t.format, .rgba8888)
        let back = try blitter.readBack(t, context: ctx)
        XCTAssertEqual(back.pixels, pixels)
    }

    func testTextureFromImage() throws {
        let image = try Image(width: 3, height: 2, pixels: [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
            1, 2, 3, 4, 250, 251, 252, 253, 9, 8, 7, 0,
        ])
        let t = try Texture2D(context: ctx, image: image)
        XCTAssertEqual(try blitter.readBack(t, context: ctx), image)
    }

    func testRGB565ConversionBytes() {
        let rgba: [UInt8] = [
            255, 0, 0, 255,  // red   -> 0xF800
            0, 255, 0, 255,  // green -> 0x07E0
            0, 0, 255, 255,  // blue  -> 0x001F
            255, 255, 255, 0,  // white (alpha dropped) -> 0xFFFF
            128, 128, 128, 255,  // 16, 32, 16 (rounded to nearest) -> 0x8410
            4, 2, 3, 255,  // 4*31/255 = 0.49 -> 0; 2*63/255 = 0.49 -> 0; -> 0x0000
            5, 3, 5, 255,  // 0.61 -> 1; 0.74 -> 1; 0.61 -> 1 -> 0x0821
        ]
        let out = Texture2D.convert(rgba: rgba, to: .rgb565)
        XCTAssertEqual(out, [0x00, 0xF8, 0xE0, 0x07, 0x1F, 0x00, 0xFF, 0xFF, 0x10, 0x84, 0x00, 0x00, 0x21, 0x08])
    }

    func testA8ConversionKeepsAlpha() {
        let rgba: [UInt8] = [1, 2, 3, 4, 255, 255, 255, 0, 9, 9, 9, 255, 0, 0, 0, 128]
        XCTAssertEqual(Texture2D.convert(rgba: rgba, to: .a8), [4, 0, 255, 128])
        XCTAssertEqual(Texture2D.convert(rgba: rgba, to: .rgba8888), rgba)
    }

    func testRGB565TextureSamplesAsQuantizedColor() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 128, 128, 128, 255]
        let t = try Texture2D(context: ctx, rgba: rgba, width: 2, height: 2,
                              options: TextureOptions(format: .rgb565, filter: .nearest))
        XCTAssertEqual(t.format, .rgb565)
        let back = try blitter.readBack(t, context: ctx)
        // No alpha in RGB565: sampled alpha is 1.
        assertPixel(back, 0, 0, [255, 0, 0, 255])
        assertPixel(back, 1, 0, [0, 255, 0, 255])
        assertPixel(back, 0, 1, [0, 0, 255, 255])
        // 16/31 -> 131.6, 32/63 -> 129.5, 16/31 -> 131.6
        assertPixel(back, 1, 1, [132, 130, 132, 255], tolerance: 1)
    }

    func testA8TextureSamplesAsAlphaOnly() throws {
        let rgba: [UInt8] = [255, 255, 255, 0, 255, 0, 0, 64, 0, 255, 0, 200, 9, 9, 9, 255]
        let t = try Texture2D(context: ctx, rgba: rgba, width: 4, height: 1,
                              options: TextureOptions(format: .a8, filter: .nearest))
        XCTAssertEqual(t.format, .a8)
        let back = try blitter.readBack(t, context: ctx)
        assertPixel(back, 0, 0, [0, 0, 0, 0])
        assertPixel(back, 1, 0, [0, 0, 0, 64])
        assertPixel(back, 2, 0, [0, 0, 0, 200])
        assertPixel(back, 3, 0, [0, 0, 0, 255])
    }

    func testPixelsAlreadyInFormat() throws {
        // RGB565 native-endian shorts: pure green, pure blue.
        let t = try Texture2D(context: ctx, pixels: [0xE0, 0x07, 0x1F, 0x00], width: 2, height: 1,
                              options: TextureOptions(format: .rgb565, filter: .nearest))
        let back = try blitter.readBack(t, context: ctx)
        XCTAssertEqual(back.pixels, [0, 255, 0, 255, 0, 0, 255, 255])
    }

    func testPowerOfTwoPadding() throws {
        let w = 100, h = 30
        let pixels = pattern(w, h)
        let t = try Texture2D(context: ctx, rgba: pixels, width: w, height: h,
                              options: TextureOptions(powerOfTwo: true, filter: .nearest))
        XCTAssertEqual(t.width, 100)
        XCTAssertEqual(t.height, 30)
        XCTAssertEqual(t.pixelsWide, 128)
        XCTAssertEqual(t.pixelsHigh, 32)
        XCTAssertEqual(t.maxS, Float(100) / 128)
        XCTAssertEqual(t.maxT, Float(30) / 32)
        // Drawn over 0..maxS, 0..maxT the content comes back exactly.
        let back = try blitter.readBack(t, context: ctx)
        XCTAssertEqual(back.pixels, pixels)
        // The padding is transparent black: draw the whole 128x32 storage.
        let fb = try Framebuffer(context: ctx, width: 128, height: 32, depth: false)
        fb.bind()
        GL.clear(red: 1, green: 1, blue: 1, alpha: 1, depth: false)
        try blitter.draw(t, s1: 1, t1: 1)
        let all = try fb.readPixels()
        assertPixel(all, 0, 0, Array(pixels[0..<4]).map(Int.init))
        assertPixel(all, 99, 29, Array(pixels[(29 * 100 + 99) * 4..<(29 * 100 + 100) * 4]).map(Int.init))
        assertPixel(all, 100, 0, [0, 0, 0, 0])
        assertPixel(all, 127, 31, [0, 0, 0, 0])
        assertPixel(all, 5, 30, [0, 0, 0, 0])
    }

    func testPowerOfTwoSizesAlreadyPowerOfTwoAreKept() throws {
        let t = try Texture2D(context: ctx, pixels: nil, width: 64, height: 1, options: TextureOptions(powerOfTwo: true))
        XCTAssertEqual(t.pixelsWide, 64)
        XCTAssertEqual(t.pixelsHigh, 1)
        XCTAssertEqual(t.maxS, 1)
        XCTAssertEqual(t.maxT, 1)
    }

    func testNPOTWithoutPadding() throws {
        let t = try Texture2D(context: ctx, rgba: pattern(100, 30), width: 100, height: 30)
        XCTAssertEqual(t.pixelsWide, 100)
        XCTAssertEqual(t.pixelsHigh, 30)
        XCTAssertEqual(t.maxS, 1)
        XCTAssertEqual(t.maxT, 1)
    }

    func testOverMaxTextureSizeThrowsBeforeAllocating() {
        let limit = Context.maxTextureSize
        let start = Date()
        for (w, h, pot) in [(limit + 1, 1, false), (1, limit + 1, false), (100_000, 100_000, false),
                            (limit + 1, 3, true)] {
            XCTAssertThrowsError(try Texture2D(context: ctx, pixels: nil, width: w, height: h,
                                               options: TextureOptions(powerOfTwo: pot, maxBytes: .max))) { error in
                guard case GLESError.textureTooLarge(let tw, let th, let why) = error else {
                    return XCTFail("expected .textureTooLarge for \(w)x\(h), got \(error)")
                }
                XCTAssertEqual(tw, pot ? 2 * limit : w, "the padded size is what is checked")
                XCTAssertEqual(th, pot ? 4 : h)
                XCTAssertTrue(why.contains("GL_MAX_TEXTURE_SIZE"), why)
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "refusing must not allocate anything")
        XCTAssertNoThrow(try GL.checkError("after refused textures"))
        // The largest allowed side is accepted (1 pixel high: small).
        XCTAssertNoThrow(try Texture2D(context: ctx, pixels: nil, width: limit, height: 1))
    }

    func testMemoryBoundThrowsTextureTooLarge() throws {
        XCTAssertThrowsError(try Texture2D(context: ctx, rgba: pattern(32, 32), width: 32, height: 32,
                                           options: TextureOptions(maxBytes: 4095))) { error in
            guard case GLESError.textureTooLarge(32, 32, _) = error else {
                return XCTFail("expected .textureTooLarge(32, 32), got \(error)")
            }
        }
        // The bound counts the stored format and the padded size.
        XCTAssertNoThrow(try Texture2D(context: ctx, rgba: pattern(32, 32), width: 32, height: 32,
                                       options: TextureOptions(maxBytes: 4096)))
        XCTAssertNoThrow(try Texture2D(context: ctx, rgba: pattern(32, 32), width: 32, height: 32,
                                       options: TextureOptions(format: .a8, maxBytes: 1024)))
        XCTAssertThrowsError(try Texture2D(context: ctx, rgba: pattern(17, 16), width: 17, height: 16,
                                           options: TextureOptions(format: .rgb565, powerOfTwo: true, maxBytes: 1000))) { error in
            guard case GLESError.textureTooLarge(32, 16, _) = error else {
                return XCTFail("expected .textureTooLarge(32, 16), got \(error)")
            }
        }
        let e = try Texture2D.checkSize(width: 17, height: 16, format: .rgb565, powerOfTwo: true, maxBytes: 1024)
        XCTAssertEqual(e.0, 32)
        XCTAssertEqual(e.1, 16)
    }

    func testWrongByteCountThrowsBadPixels() {
        func expectBadPixels(_ body: @autoclosure () throws -> Texture2D, line: UInt = #line) {
            XCTAssertThrowsError(try body(), line: line) { error in
                guard case GLESError.badPixels = error else {
                    return XCTFail("expected .badPixels, got \(error)", line: line)
                }
            }
        }
        expectBadPixels(try Texture2D(context: ctx, rgba: [1, 2, 3], width: 1, height: 1))
        expectBadPixels(try Texture2D(context: ctx, rgba: pattern(4, 4), width: 4, height: 5))
        expectBadPixels(try Texture2D(context: ctx, rgba: [], width: 0, height: 0))
        expectBadPixels(try Texture2D(context: ctx, pixels: [0, 0, 0, 0], width: 1, height: 1,
                                      options: TextureOptions(format: .rgb565)))
        expectBadPixels(try Texture2D(context: ctx, pixels: [0, 0], width: 1, height: 1,
                                      options: TextureOptions(format: .a8)))
        expectBadPixels(try Texture2D(context: ctx, pixels: nil, width: -1, height: 4))
    }

    func testUpdateRegion() throws {
        let t = try Texture2D(context: ctx, rgba: [UInt8](repeating: 255, count: 4 * 4 * 4), width: 4, height: 4,
                              options: TextureOptions(filter: .nearest))
        try t.update(x: 1, y: 2, width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let back = try blitter.readBack(t, context: ctx)
        assertPixel(back, 1, 2, [255, 0, 0, 255])
        assertPixel(back, 2, 2, [0, 0, 255, 255])
        assertPixel(back, 0, 2, [255, 255, 255, 255])
        assertPixel(back, 1, 1, [255, 255, 255, 255])
        XCTAssertThrowsError(try t.update(x: 3, y: 0, width: 2, height: 1, pixels: [UInt8](repeating: 0, count: 8))) { error in
            guard case GLESError.badPixels = error else { return XCTFail("expected .badPixels, got \(error)") }
        }
        XCTAssertThrowsError(try t.update(x: 0, y: 0, width: 1, height: 1, pixels: [0, 0, 0])) { error in
            guard case GLESError.badPixels = error else { return XCTFail("expected .badPixels, got \(error)") }
        }
    }

    func testTextureFromPNGFile() throws {
        let path = try TexturePNG.path()
        let t = try Texture2D(context: ctx, contentsOfFile: path, options: TextureOptions(filter: .nearest))
        XCTAssertEqual(t.width, 32)
        XCTAssertEqual(t.height, 32)
        let back = try blitter.readBack(t, context: ctx)
        XCTAssertEqual(back, try Image(contentsOfFile: path))
    }

    func testTextureFromPNGFileOverTheMemoryBoundIsRefusedAtTheHeader() throws {
        XCTAssertThrowsError(try Texture2D(context: ctx, contentsOfFile: try TexturePNG.path(),
                                           options: TextureOptions(maxBytes: 1000))) { error in
            guard case GLESError.image(.file(let path, .imageTooLarge(32, 32, .bytes(1000)))) = error else {
                return XCTFail("expected .image(.file(.imageTooLarge)), got \(error)")
            }
            XCTAssertTrue(path.hasSuffix("/rgba8-32x32.png"), path)
        }
    }
}

/// A 32x32 RGBA8 PNG with translucent pixels (PNGBuilder's, not libpng's), written once per process.
enum TexturePNG {
    static let made: Result<String, Error> = Result {
        var pixels = [UInt8]()
        for y in 0..<32 {
            for x in 0..<32 { pixels += [UInt8(x * 8), UInt8(y * 8), 200, UInt8((x + y) % 7 * 40)] }
        }
        let path = try makeTemporaryDirectory("glestests-png") + "/rgba8-32x32.png"
        try Data(PNGBuilder.rgba(width: 32, height: 32, pixels: pixels)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func path() throws -> String { try made.get() }
}
