import Foundation
import GLES
import TestFixtures
import XCTest

/// PNG decoding against shared/testdata/pngsuite. These tests need no GL.
final class PNGSuiteTests: XCTestCase {
    /// CRC-32 of the expected RGBA8 pixels of every non-interlaced file, derived
    /// without libpng: a small Python decoder (zlib + the PNG filters) applied
    /// the rules of DESIGN.md: stored sample values; 1/2/4-bit gray scaled by
    /// 255/(2^d - 1); 16-bit samples scaled to 8 as round(v * 255 / 65535);
    /// palette entries looked up; tRNS (compared on the raw samples) becomes
    /// alpha 0; gAMA ignored. The 8-bit files agreed with Pillow's
    /// `convert("RGBA")` except ftbbn0g04, where Pillow compares tRNS against the
    /// scaled gray (a Pillow bug).
    static let expected: [(file: String, width: Int, height: Int, crc: UInt32)] = [
        ("basn0g01.png", 32, 32, 0x0da2_8714),
        ("basn0g02.png", 32, 32, 0x2e3f_e285),
        ("basn0g04.png", 32, 32, 0x8d0f_641b),
        ("basn0g08.png", 32, 32, 0xc395_683c),
        ("basn0g16.png", 32, 32, 0x463d_7e4c),
        ("basn2c08.png", 32, 32, 0x2fb5_4036),
        ("basn2c16.png", 32, 32, 0x6729_0c15),
        ("basn3p01.png", 32, 32, 0x4d84_31a4),
        ("basn3p02.png", 32, 32, 0xe4db_b6bc),
        ("basn3p04.png", 32, 32, 0x671f_880f),
        ("basn3p08.png", 32, 32, 0x3952_8682),
        ("basn4a08.png", 32, 32, 0x905d_5b60),
        ("basn4a16.png", 32, 32, 0x4b56_ba72),
        ("basn6a08.png", 32, 32, 0xa74d_f32c),
        ("basn6a16.png", 32, 32, 0x2cd4_4ab6),
        ("ftbbn0g01.png", 32, 32, 0x58c1_943d),
        ("ftbbn0g02.png", 32, 32, 0xb056_f53f),
        ("ftbbn0g04.png", 32, 32, 0x5c8e_af83),
        ("ftbbn2c16.png", 32, 32, 0x0370_ef89),
        ("ftbbn3p08.png", 32, 32, 0x9d56_cd67),
        ("ftbgn2c16.png", 32, 32, 0x0370_ef89),
        ("ftbgn3p08.png", 32, 32, 0x9d56_cd67),
        ("ftbrn2c08.png", 32, 32, 0x0370_ef89),
        ("ftbwn0g16.png", 32, 32, 0xc5e4_73b4),
        ("ftbwn3p08.png", 32, 32, 0x9d56_cd67),
        ("ftbyn3p08.png", 32, 32, 0x9d56_cd67),
        ("ftp0n0g08.png", 32, 32, 0x5796_5874),
        ("ftp0n2c08.png", 32, 32, 0x679d_24b4),
        ("ftp0n3p08.png", 32, 32, 0x130a_a165),
        ("ftp1n3p08.png", 32, 32, 0x9d56_cd67),
    ]

    func decode(_ path: String) throws -> Image {
        try Image(contentsOfFile: path)
    }

    func testEveryFileDecodes() throws {
        let dir = try pngSuiteDirectory()
        var files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }
        files += try FileManager.default.contentsOfDirectory(atPath: dir + "/interlaced")
            .filter { $0.hasSuffix(".png") }.map { "interlaced/" + $0 }
        XCTAssertEqual(files.count, 60, "the PngSuite copy looks incomplete: \(files.count) files")
        for f in files.sorted() {
            do {
                let image = try decode(dir + "/" + f)
                XCTAssertEqual(image.width, 32, f)
                XCTAssertEqual(image.height, 32, f)
                XCTAssertEqual(image.pixels.count, 32 * 32 * 4, f)
            } catch {
                XCTFail("\(f) did not decode: \(error)")
            }
        }
    }

    func testEveryNonInterlacedFileHasTheExpectedPixels() throws {
        let dir = try pngSuiteDirectory()
        let onDisk = Set(try FileManager.default.contentsOfDirectory(atPath: dir)
            .filter { $0.hasSuffix(".png") && !$0.hasPrefix("i") })
        XCTAssertEqual(onDisk, Set(Self.expected.map(\.file)), "the table covers every non-interlaced file")
        for e in Self.expected {
            let image = try decode(dir + "/" + e.file)
            XCTAssertEqual(image.width, e.width, e.file)
            XCTAssertEqual(image.height, e.height, e.file)
            XCTAssertEqual(crc32(image.pixels), e.crc,
                           "\(e.file): decoded pixels differ from the libpng-independent expectation")
        }
    }

    /// Each interlaced i*.png (in the suite and in interlaced/) equals its
    /// non-interlaced counterpart, pixel for pixel.
    func testInterlacedFilesEqualTheirCounterparts() throws {
        let dir = try pngSuiteDirectory()
        var pairs: [(String, String)] = []
        for f in try FileManager.default.contentsOfDirectory(atPath: dir) where f.hasPrefix("i") && f.hasSuffix(".png") {
            pairs.append((f, String(f.dropFirst())))
        }
        for f in try FileManager.default.contentsOfDirectory(atPath: dir + "/interlaced") where f.hasSuffix(".png") {
            pairs.append(("interlaced/" + f, String(f.dropFirst())))
        }
        XCTAssertGreaterThanOrEqual(pairs.count, 30)
        for (interlaced, plain) in pairs.sorted(by: { $0.0 < $1.0 }) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + plain), "\(interlaced) has no \(plain)")
            let a = try decode(dir + "/" + interlaced), b = try decode(dir + "/" + plain)
            XCTAssertEqual(a.width, b.width, interlaced)
            XCTAssertEqual(a.height, b.height, interlaced)
            if a.pixels != b.pixels {
                let i = zip(a.pixels, b.pixels).enumerated().first { $0.element.0 != $0.element.1 }!.offset / 4
                XCTFail("\(interlaced) differs from \(plain): first at (\(i % a.width), \(i / a.width)): "
                        + "\(rgba(a, i % a.width, i / a.width)) vs \(rgba(b, i % b.width, i / b.width))")
            }
        }
    }

    /// bad_interlace_conversions.txt lists the files whose interlaced versions are
    /// in interlaced/ (low bit depths, which libpng's own pngimage test trips on).
    func testBadInterlaceConversionsListMatchesTheFolder() throws {
        let dir = try pngSuiteDirectory()
        let listed = try String(contentsOfFile: dir + "/bad_interlace_conversions.txt", encoding: .utf8)
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertFalse(listed.isEmpty)
        let interlaced = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/interlaced").filter { $0.hasSuffix(".png") })
        XCTAssertEqual(Set(listed.map { "i" + $0 }), interlaced)
        for f in listed {
            let a = try decode(dir + "/interlaced/i" + f), b = try decode(dir + "/" + f)
            XCTAssertEqual(a, b, "interlaced/i\(f) must decode exactly like \(f)")
        }
    }

    func testKnownPixels() throws {
        let dir = try pngSuiteDirectory()
        // 1-bit gray: white top-left (raw sample 1), black bottom-right.
        let g1 = try decode(dir + "/basn0g01.png")
        assertPixel(g1, 0, 0, [255, 255, 255, 255])
        assertPixel(g1, 31, 0, [0, 0, 0, 255])
        assertPixel(g1, 31, 31, [0, 0, 0, 255])
        // RGBA 8: alpha runs 0, 8, 16, ... along the top row.
        let a8 = try decode(dir + "/basn6a08.png")
        assertPixel(a8, 0, 0, [255, 0, 8, 0])
        assertPixel(a8, 1, 0, [255, 0, 8, 8])
        assertPixel(a8, 2, 0, [255, 0, 8, 16])
        assertPixel(a8, 16, 16, [4, 255, 0, 131])
        XCTAssertGreaterThan(Set(stride(from: 3, to: a8.pixels.count, by: 4).map { a8.pixels[$0] }).count, 16,
                             "basn6a08 has varying alpha")
        // 4-bit gray with tRNS gray 15: alpha 0 where the raw sample is 15, else opaque.
        let t4 = try decode(dir + "/ftbbn0g04.png")
        assertPixel(t4, 0, 0, [255, 255, 255, 0])
        assertPixel(t4, 10, 5, [85, 85, 85, 255])
        assertPixel(t4, 11, 5, [68, 68, 68, 255])
        assertPixel(t4, 16, 16, [153, 153, 153, 255])
        XCTAssertEqual(stride(from: 3, to: t4.pixels.count, by: 4).filter { t4.pixels[$0] == 0 }.count, 464)
        // Palette with tRNS: index 0 transparent.
        let p8 = try decode(dir + "/ftbbn3p08.png")
        assertPixel(p8, 0, 0, [255, 255, 255, 0])
        assertPixel(p8, 10, 5, [120, 62, 62, 255])
        // 16-bit gray with tRNS 65535.
        let g16t = try decode(dir + "/ftbwn0g16.png")
        assertPixel(g16t, 0, 0, [255, 255, 255, 0])
        assertPixel(g16t, 10, 5, [83, 83, 83, 255])
    }

    /// 16-bit samples scale to 8 bits rounded (libpng's png_set_scale_16), not
    /// truncated (png_set_strip_16): these pixels were picked where the two differ.
    /// Raw samples read with a libpng-independent decoder.
    func testSixteenBitSamplesAreScaledRounded() throws {
        let dir = try pngSuiteDirectory()
        let c16 = try decode(dir + "/basn2c16.png")
        assertPixel(c16, 0, 0, [255, 255, 0, 255])       // (65535, 65535, 0)
        assertPixel(c16, 3, 0, [230, 255, 0, 255])       // 59193 -> 230 (truncated: 231)
        assertPixel(c16, 7, 0, [197, 255, 0, 255])       // 50737 -> 197 (198)
        assertPixel(c16, 24, 0, [58, 255, 0, 255])       // 14798 -> 58 (57)
        assertPixel(c16, 28, 0, [25, 255, 0, 255])       // 6342 -> 25 (24)
        assertPixel(c16, 10, 5, [173, 214, 0, 255])      // (44395, 54965, 0)
        assertPixel(c16, 16, 16, [123, 123, 8, 255])
        assertPixel(c16, 31, 31, [0, 0, 255, 255])
        let g16 = try decode(dir + "/basn0g16.png")
        assertPixel(g16, 15, 0, [134, 134, 134, 255])    // 34560 -> 134 (135)
        assertPixel(g16, 16, 0, [143, 143, 143, 255])    // 36864 -> 143 (144)
        let a16 = try decode(dir + "/basn6a16.png")
        assertPixel(a16, 3, 0, [230, 255, 0, 0])         // 59192 -> 230 (231)
        assertPixel(a16, 24, 0, [58, 255, 0, 0])
    }

    func testLimitsAreCheckedOnTheHeader() throws {
        let dir = try pngSuiteDirectory()
        let data = try readBytes(dir + "/basn6a08.png")
        XCTAssertNoThrow(try Image(pngData: data, limits: .init(maxSide: 32, maxBytes: 4096)))
        for limits in [Image.Limits(maxSide: 31), Image.Limits(maxBytes: 4095)] {
            XCTAssertThrowsError(try Image(pngData: data, limits: limits)) { error in
                guard case GLESError.imageTooLarge(32, 32, _) = error else {
                    return XCTFail("expected .imageTooLarge, got \(error)")
                }
            }
        }
    }
}

/// Files that must be refused, and writing PNGs.
final class BadPNGTests: XCTestCase {
    func testMyPNGBuilderMakesValidFiles() throws {
        // The builder below makes the hostile headers; first show its output decodes.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]
        let image = try Image(pngData: PNGBuilder.rgba(width: 2, height: 2, pixels: pixels))
        XCTAssertEqual(image.width, 2)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.pixels, pixels)
    }

    func testTruncatedPNG() throws {
        let dir = try pngSuiteDirectory()
        for file in ["basn6a08.png", "basn3p08.png", "ftbbn2c16.png", "ibasn6a16.png"] {
            let data = try readBytes(dir + "/" + file)
            for cut in [data.count / 2, data.count - 13, 40] {
                XCTAssertThrowsError(try Image(pngData: Array(data[0..<cut])), "\(file) cut at \(cut)") { error in
                    guard case GLESError.decode(.png, _) = error else {
                        return XCTFail("expected .decode(.png), got \(error)")
                    }
                }
            }
        }
    }

    func testTruncatedFileNamesTheFile() throws {
        let dir = try pngSuiteDirectory()
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let data = try readBytes(dir + "/basn6a08.png")
        let path = tmp + "/half.png"
        try Data(data[0..<(data.count / 2)]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Image(contentsOfFile: path)) { error in
            guard case GLESError.file(path, .decode(.png, _)) = error else {
                return XCTFail("expected .file(path, .decode), got \(error)")
            }
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")  // the description names the file
        }
    }

    func testCorruptChunkCRC() throws {
        let dir = try pngSuiteDirectory()
        var data = try readBytes(dir + "/basn6a08.png")
        // Flip a byte inside the IDAT chunk's data: its CRC no longer matches.
        let idat = (0..<(data.count - 4)).first { data[$0..<($0 + 4)] == [0x49, 0x44, 0x41, 0x54][...] }!
        data[idat + 10] ^= 0xff
        XCTAssertThrowsError(try Image(pngData: data)) { error in
            guard case GLESError.decode(.png, _) = error else { return XCTFail("expected .decode, got \(error)") }
        }
    }

    func testHugeHeaderIsRefusedWithoutAllocating() {
        let data = PNGBuilder.hugeHeader(width: 100_000, height: 100_000)
        let start = Date()
        XCTAssertThrowsError(try Image(pngData: data)) { error in
            XCTAssertEqual(error as? GLESError, .imageTooLarge(width: 100_000, height: 100_000, limit: .side(16384)))
        }
        // Also under bounds that would allow the side but not the bytes.
        XCTAssertThrowsError(try Image(pngData: data, limits: .init(maxSide: 200_000, maxBytes: 1 << 30))) { error in
            XCTAssertEqual(error as? GLESError, .imageTooLarge(width: 100_000, height: 100_000, limit: .bytes(1 << 30)))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5, "40 GB must not be allocated, let alone zeroed")
    }

    func testNotAPNG() {
        for bytes: [UInt8] in [[], [1, 2, 3], Array("GIF89a definitely not a png file".utf8),
                               Array("\u{89}PNX\r\n\u{1a}\nxxxxxxxxxxxxxxxxxxxx".utf8),
                               [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]] {
            XCTAssertThrowsError(try Image(pngData: bytes), "\(bytes.prefix(8))") { error in
                XCTAssertEqual(error as? GLESError, .badSignature(expected: .png))
            }
        }
        // A signature and nothing else.
        XCTAssertThrowsError(try Image(pngData: PNGBuilder.signature)) { error in
            guard case GLESError.decode(.png, _) = error else { return XCTFail("expected .decode, got \(error)") }
        }
    }

    func testMissingFileAndDirectoryNameThePath() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        XCTAssertThrowsError(try Image(contentsOfFile: tmp + "/nope.png")) { error in
            XCTAssertEqual(error as? GLESError, .io(path: tmp + "/nope.png", problem: .noSuchFile))
        }
        XCTAssertThrowsError(try Image(contentsOfFile: tmp)) { error in
            XCTAssertEqual(error as? GLESError, .io(path: tmp, problem: .isDirectory))
        }
    }

    func testWritePNGRoundTrips() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        var pixels: [UInt8] = []
        for i in 0..<(13 * 7) { pixels += [UInt8(i & 0xff), UInt8((i * 37) & 0xff), UInt8(255 - i), UInt8((i * 11) & 0xff)] }
        let image = try Image(width: 13, height: 7, pixels: pixels)
        let path = tmp + "/out.png"
        try image.writePNG(to: path)
        XCTAssertEqual(try Image(contentsOfFile: path), image)
        XCTAssertEqual(try readBytes(path).prefix(8), PNGBuilder.signature[...])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), ["out.png"], "no temporary file is left")
        // Overwriting replaces the file whole.
        let other = Image(width: 2, height: 3, fill: (1, 2, 3, 4))
        try other.writePNG(to: path)
        XCTAssertEqual(try Image(contentsOfFile: path), other)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), ["out.png"])
        // Every compression level decodes to the same pixels.
        for level in [0, 1, 9] {
            XCTAssertEqual(try Image(pngData: try image.pngData(compressionLevel: level)), image)
        }
        // A decoded PngSuite file survives encode + decode.
        let suite = try Image(contentsOfFile: try pngSuiteDirectory() + "/basn4a16.png")
        XCTAssertEqual(try Image(pngData: try suite.pngData()), suite)
    }

    func testWriteIntoMissingDirectoryThrowsAndLeavesNothing() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let image = Image(width: 4, height: 4, fill: (255, 0, 0, 255))
        let path = tmp + "/no/such/dir/out.png"
        XCTAssertThrowsError(try image.writePNG(to: path)) { error in
            guard let e = error as? FileWriteError else { return XCTFail("expected FileWriteError, got \(error)") }
            XCTAssertEqual(e.path, path)
            XCTAssertFalse(e.reason.isEmpty)
            XCTAssertTrue(e.description.hasPrefix(path + ": cannot write ("), e.description)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp + "/no"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [])
    }

    /// The rename fails (the destination is a directory) after the temporary
    /// file was written: the temporary file must be removed.
    func testFailedRenameLeavesNoTemporaryFile() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let target = tmp + "/taken"
        try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
        let image = Image(width: 4, height: 4, fill: (255, 0, 0, 255))
        XCTAssertThrowsError(try image.writePNG(to: target)) { error in
            guard let e = error as? FileWriteError else { return XCTFail("expected FileWriteError, got \(error)") }
            XCTAssertEqual(e.path, target)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), ["taken"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target), ["inside"])
    }

    func testImageInitChecksSize() {
        XCTAssertThrowsError(try Image(width: 2, height: 2, pixels: [0, 0, 0])) { error in
            guard case GLESError.badPixels = error else { return XCTFail("expected .badPixels, got \(error)") }
        }
        XCTAssertThrowsError(try Image(width: 0, height: 0, pixels: [])) { error in
            guard case GLESError.badPixels = error else { return XCTFail("expected .badPixels, got \(error)") }
        }
    }
}
