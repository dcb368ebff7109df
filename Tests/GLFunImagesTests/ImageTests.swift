import GLFunFileOutput
import Foundation
import GLFunImages
import TestFixtures
import XCTest

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
        for file in ["rgba8-32x32", "pal8-32x32", "rgb16-trns-33x17", "rgba16-32x32-i"] {
            let data = try PNGCorpus.png(file)
            for cut in [data.count / 2, data.count - 13, 40] {
                XCTAssertThrowsError(try Image(pngData: Array(data[0..<cut])), "\(file) cut at \(cut)") { error in
                    guard case ImageError.decode(.png, _) = error else {
                        return XCTFail("expected .decode(.png), got \(error)")
                    }
                }
            }
        }
    }

    func testTruncatedFileNamesTheFile() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let data = try PNGCorpus.png("rgba8-32x32")
        let path = tmp + "/half.png"
        try Data(data[0..<(data.count / 2)]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Image(contentsOfFile: path)) { error in
            guard case ImageError.file(path, .decode(.png, _)) = error else {
                return XCTFail("expected .file(path, .decode), got \(error)")
            }
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")  // the description names the file
        }
    }

    func testCorruptChunkCRC() throws {
        var data = try PNGCorpus.png("rgba8-32x32")
        // Flip a byte inside the IDAT chunk's data: its CRC no longer matches.
        let idat = (0..<(data.count - 4)).first { data[$0..<($0 + 4)] == [0x49, 0x44, 0x41, 0x54][...] }!
        data[idat + 10] ^= 0xff
        XCTAssertThrowsError(try Image(pngData: data)) { error in
            guard case ImageError.decode(.png, _) = error else { return XCTFail("expected .decode, got \(error)") }
        }
    }

    func testHugeHeaderIsRefusedWithoutAllocating() {
        let data = PNGBuilder.hugeHeader(width: 100_000, height: 100_000)
        let start = Date()
        XCTAssertThrowsError(try Image(pngData: data)) { error in
            XCTAssertEqual(error as? ImageError, .imageTooLarge(width: 100_000, height: 100_000, limit: .side(16384)))
        }
        // Also under bounds that would allow the side but not the bytes.
        XCTAssertThrowsError(try Image(pngData: data, limits: .init(maxSide: 200_000, maxBytes: 1 << 30))) { error in
            XCTAssertEqual(error as? ImageError, .imageTooLarge(width: 100_000, height: 100_000, limit: .bytes(1 << 30)))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5, "40 GB must not be allocated, let alone zeroed")
    }

    func testNotAPNG() {
        for bytes: [UInt8] in [[], [1, 2, 3], Array("GIF89a definitely not a png file".utf8),
                               Array("\u{89}PNX\r\n\u{1a}\nxxxxxxxxxxxxxxxxxxxx".utf8),
                               [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]] {
            XCTAssertThrowsError(try Image(pngData: bytes), "\(bytes.prefix(8))") { error in
                XCTAssertEqual(error as? ImageError, .badSignature(expected: .png))
            }
        }
        // A signature and nothing else.
        XCTAssertThrowsError(try Image(pngData: PNGBuilder.signature)) { error in
            guard case ImageError.decode(.png, _) = error else { return XCTFail("expected .decode, got \(error)") }
        }
    }

    func testMissingFileAndDirectoryNameThePath() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        XCTAssertThrowsError(try Image(contentsOfFile: tmp + "/nope.png")) { error in
            XCTAssertEqual(error as? ImageError, .io(path: tmp + "/nope.png", problem: .noSuchFile))
        }
        XCTAssertThrowsError(try Image(contentsOfFile: tmp)) { error in
            XCTAssertEqual(error as? ImageError, .io(path: tmp, problem: .isDirectory))
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
        XCTAssertEqual(try Image(pngData: try image.pngData(compression: .fast)), image)
        for level in [0, 1, 9] {
            XCTAssertEqual(try Image(pngData: try image.pngData(compression: .zlib(level: level))), image)
        }
        // A decoded 16-bit gray + alpha file survives encode + decode.
        let suite = try Image(contentsOfFile: try PNGCorpus.path("graya16-33x17"))
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
            guard case ImageError.badPixels = error else { return XCTFail("expected .badPixels, got \(error)") }
        }
        XCTAssertThrowsError(try Image(width: 0, height: 0, pixels: [])) { error in
            guard case ImageError.badPixels = error else { return XCTFail("expected .badPixels, got \(error)") }
        }
    }
}
