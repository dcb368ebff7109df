import Foundation
import GLFunImages
import XCTest

/// The PNG files these tests decode, made at test time by scripts/make/png_corpus.py: every
/// color type and bit depth, tRNS, gAMA, Adam7, odd sizes, encoded by pypng (not libpng) with
/// the RGBA8 pixels each must decode to computed in Python from the same samples. Made once
/// per test process, in its own temporary folder, removed when the process exits.
enum PNGCorpus {
    /// Debian's interpreter: apt installs python3-png for it, not for a pyenv `python3` on PATH.
    static let python = "/usr/bin/python3"

    struct Entry: Decodable {
        var name: String
        var width: Int
        var height: Int
        var colorType: Int
        var bitDepth: Int
        var interlaced: Bool
        var trns: Bool
        var gama: Bool
        /// The non-interlaced file with the same samples (interlaced files only).
        var plain: String?
        /// The file with the same samples and no gAMA chunk (gAMA files only).
        var withoutGamma: String?
    }

    struct Manifest: Decodable {
        var generator: String
        var files: [Entry]
    }

    struct GeneratorFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// The corpus folder and its manifest, or why the generator failed.
    static let made: Result<(directory: String, manifest: Manifest), Error> = Result {
        let dir = NSTemporaryDirectory() + "/glestests-pngcorpus-\(getpid())-\(UUID().uuidString)"
        let script = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()  // Tests/GLFunGLESTests
            .deletingLastPathComponent().deletingLastPathComponent()  // package root
            .appendingPathComponent("scripts/make/png_corpus.py").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script, dir]
        let errors = Pipe()
        p.standardError = errors
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        atexit { try? FileManager.default.removeItem(atPath: PNGCorpus.directoryToRemove) }
        directoryToRemove = dir
        guard p.terminationStatus == 0 else {
            throw GeneratorFailed(description: "\(python) \(script) exited with \(p.terminationStatus): "
                                  + String(decoding: message, as: UTF8.self))
        }
        let manifest = try JSONDecoder().decode(Manifest.self,
                                                from: Data(contentsOf: URL(fileURLWithPath: dir + "/manifest.json")))
        return (dir, manifest)
    }

    nonisolated(unsafe) private static var directoryToRemove = ""

    /// The corpus folder; makes the corpus on first use.
    static func directory() throws -> String { try made.get().directory }

    static func entries() throws -> [Entry] { try made.get().manifest.files }

    /// The path of `<name>.png`.
    static func path(_ name: String) throws -> String { try directory() + "/" + name + ".png" }

    /// The bytes of `<name>.png`.
    static func png(_ name: String) throws -> [UInt8] { try readBytes(path(name)) }

    /// The RGBA8 pixels `<name>.png` must decode to.
    static func expectedPixels(_ name: String) throws -> [UInt8] { try readBytes(directory() + "/" + name + ".rgba") }
}

/// PNG decoding (libpng, through Image) against the generated corpus. These tests need no GL.
final class PNGConformanceTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        _ = PNGCorpus.made  // the generator runs once, before the first test
    }

    func decode(_ name: String) throws -> Image {
        try Image(contentsOfFile: PNGCorpus.path(name))
    }

    /// The files are what the manifest says (read from their own headers), and together they
    /// cover every color type with every bit depth it allows, plain and interlaced, with tRNS
    /// where the type allows it and with gAMA.
    func testTheCorpusCoversEveryColorTypeAndBitDepth() throws {
        let entries = try PNGCorpus.entries()
        var seen = Set<String>()
        for e in entries {
            let data = try PNGCorpus.png(e.name)
            let chunks = chunkTypes(data)
            XCTAssertEqual(chunks.first, "IHDR", e.name)
            XCTAssertEqual(chunks.last, "IEND", e.name)
            func be(_ i: Int) -> Int { Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3]) }
            XCTAssertEqual(be(16), e.width, e.name)
            XCTAssertEqual(be(20), e.height, e.name)
            XCTAssertEqual(Int(data[24]), e.bitDepth, e.name)
            XCTAssertEqual(Int(data[25]), e.colorType, e.name)
            XCTAssertEqual(data[28] == 1, e.interlaced, e.name)
            XCTAssertEqual(chunks.contains("tRNS"), e.trns, e.name)
            XCTAssertEqual(chunks.contains("gAMA"), e.gama, e.name)
            seen.insert("\(e.colorType)/\(e.bitDepth)/\(e.interlaced ? "i" : "-")/\(e.trns ? "t" : "-")")
            if e.gama { seen.insert("\(e.colorType)/\(e.bitDepth)/gAMA") }
        }
        let depths = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        for (color, allowed) in depths {
            for depth in allowed {
                for interlace in ["i", "-"] {
                    XCTAssertTrue(seen.contains("\(color)/\(depth)/\(interlace)/-"), "color type \(color), depth \(depth), \(interlace)")
                    if [0, 2, 3].contains(color) {
                        XCTAssertTrue(seen.contains("\(color)/\(depth)/\(interlace)/t"), "color type \(color), depth \(depth) + tRNS")
                    }
                }
                XCTAssertTrue(seen.contains("\(color)/\(depth)/gAMA"), "color type \(color), depth \(depth) + gAMA")
            }
        }
        for size in [(1, 1), (3, 5), (33, 17)] {
            XCTAssertTrue(entries.contains { $0.width == size.0 && $0.height == size.1 }, "a \(size.0)x\(size.1) file")
        }
    }

    func testEveryFileDecodesToTheExpectedPixels() throws {
        let entries = try PNGCorpus.entries()
        XCTAssertGreaterThan(entries.count, 250)
        for e in entries {
            let image: Image
            do {
                image = try decode(e.name)
            } catch {
                XCTFail("\(e.name).png did not decode: \(error)")
                continue
            }
            XCTAssertEqual(image.width, e.width, e.name)
            XCTAssertEqual(image.height, e.height, e.name)
            let expected = try PNGCorpus.expectedPixels(e.name)
            XCTAssertEqual(expected.count, e.width * e.height * 4, "\(e.name).rgba")
            if image.pixels != expected, let i = zip(image.pixels, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                let x = i / 4 % e.width, y = i / 4 / e.width
                XCTFail("\(e.name).png: first differing pixel (\(x), \(y)) is \(rgba(image, x, y)), expected "
                        + "\(expected[(i / 4 * 4)..<(i / 4 * 4 + 4)].map(Int.init))")
            }
        }
    }

    /// Each interlaced (Adam7) file decodes exactly like the plain file with the same samples.
    func testInterlacedFilesEqualTheirCounterparts() throws {
        let pairs = try PNGCorpus.entries().compactMap { e in e.plain.map { (e.name, $0) } }
        XCTAssertGreaterThanOrEqual(pairs.count, 26 * 5, "every format at every size, interlaced")
        for (interlaced, plain) in pairs {
            XCTAssertEqual(try decode(interlaced), try decode(plain), "\(interlaced) must decode exactly like \(plain)")
        }
    }

    /// A gAMA of 1/2.2 without cHRM is sRGB's own: colour management keeps the stored values,
    /// so a file with it decodes like the same samples without it (another gamma is converted:
    /// ColorManagementTests).
    func testGammaIsIgnored() throws {
        let pairs = try PNGCorpus.entries().compactMap { e in e.withoutGamma.map { (e.name, $0) } }
        XCTAssertEqual(pairs.count, 26, "a gAMA file of every format")
        for (withGamma, without) in pairs {
            XCTAssertEqual(try decode(withGamma), try decode(without), "\(withGamma): gAMA must not change the pixels")
        }
    }

    /// 16-bit samples scale to 8 bits rounded (libpng's png_set_scale_16), not truncated
    /// (png_set_strip_16): every sample here gives a different byte the two ways.
    func testSixteenBitSamplesAreScaledRounded() throws {
        let g16 = try decode("gray16-rounding-8x1")
        // 59193, 50737, 14798, 6342, 34560, 36864, 0, 65535 (truncated: 231, 198, 57, 24, 135, 144)
        for (x, v) in [230, 197, 58, 25, 134, 143, 0, 255].enumerated() {
            assertPixel(g16, x, 0, [v, v, v, 255])
        }
        let a16 = try decode("rgba16-rounding-2x1")
        assertPixel(a16, 0, 0, [230, 197, 58, 230])      // (59193, 50737, 14798, 59192)
        assertPixel(a16, 1, 0, [25, 134, 143, 255])      // (6342, 34560, 36864, 65535)
    }

    /// A tRNS key is compared with the raw samples: all 16 bits, the unscaled low-depth gray,
    /// every RGB channel.
    func testTransparencyKeysMatchRawSamples() throws {
        let g16 = try decode("gray16-trns-key-4x1")      // key 0x1234
        assertPixel(g16, 0, 0, [18, 18, 18, 0])          // 0x1234
        assertPixel(g16, 1, 0, [18, 18, 18, 255])        // 0x1235: the same byte, not the key
        assertPixel(g16, 2, 0, [19, 19, 19, 255])        // 0x1334
        assertPixel(g16, 3, 0, [255, 255, 255, 255])
        let g4 = try decode("gray4-trns-key-4x1")        // key 15
        assertPixel(g4, 0, 0, [255, 255, 255, 0])
        assertPixel(g4, 1, 0, [238, 238, 238, 255])
        assertPixel(g4, 2, 0, [0, 0, 0, 255])
        assertPixel(g4, 3, 0, [85, 85, 85, 255])
        let c8 = try decode("rgb8-trns-key-3x1")         // key (10, 20, 30)
        assertPixel(c8, 0, 0, [10, 20, 30, 0])
        assertPixel(c8, 1, 0, [10, 20, 31, 255])
        assertPixel(c8, 2, 0, [11, 20, 30, 255])
    }

    func testLimitsAreCheckedOnTheHeader() throws {
        let data = try PNGCorpus.png("rgba8-32x32")
        XCTAssertNoThrow(try Image(pngData: data, limits: .init(maxSide: 32, maxBytes: 4096)))
        for limits in [Image.Limits(maxSide: 31), Image.Limits(maxBytes: 4095)] {
            XCTAssertThrowsError(try Image(pngData: data, limits: limits)) { error in
                guard case ImageError.imageTooLarge(32, 32, _) = error else {
                    return XCTFail("expected .imageTooLarge, got \(error)")
                }
            }
        }
    }

    /// The chunk types of a PNG file, in order, read without libpng.
    func chunkTypes(_ data: [UInt8]) -> [String] {
        var types: [String] = []
        var i = 8
        while i + 8 <= data.count {
            let length = Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
            types.append(String(decoding: data[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + length
        }
        return types
    }
}
