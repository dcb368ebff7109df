import GLFunImages
import TestFixtures
import XCTest

/// WebP, HEIC and AVIF stills (made at test time by PIL and heif-enc): decoded upright, in
/// sRGB, as textures; damaged files are typed errors.
final class ImageFormatsTests: XCTestCase {
    /// still.png: 64x48, left half (220, 20, 20), right half (20, 20, 220), white 8x8 top-left.
    func assertStill(_ image: Image, tolerance: Int, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.width, 64, name, file: file, line: line)
        XCTAssertEqual(image.height, 48, name, file: file, line: line)
        for (x, y, rgb) in [(2, 2, [255, 255, 255]), (16, 30, [220, 20, 20]), (48, 24, [20, 20, 220])] {
            let p = image[x, y]
            let worst = zip([Int(p.r), Int(p.g), Int(p.b)], rgb).map { abs($0 - $1) }.max()!
            XCTAssertLessThanOrEqual(worst, tolerance, "\(name) at (\(x), \(y)): \(p)", file: file, line: line)
            XCTAssertEqual(p.a, 255, name, file: file, line: line)
        }
    }

    func testWebPStill() throws {
        let (folder, _) = try TestPictures.make("formats")
        assertStill(try Image(contentsOfFile: folder + "/still.webp"), tolerance: 0, "still.webp")
    }

    /// An EXIF orientation 6 in the WebP's EXIF chunk: turned 90 degrees clockwise.
    func testWebPExifOrientation() throws {
        let (folder, _) = try TestPictures.make("formats")
        let image = try Image(contentsOfFile: folder + "/rotated.webp")
        XCTAssertEqual(image.width, 48)
        XCTAssertEqual(image.height, 64)
        XCTAssertEqual(image[45, 2].r, 255, "the white corner is now top right")
        XCTAssertEqual(image[45, 2].b, 255)
        XCTAssertEqual(image[24, 16].r, 220, "the red half is now on top")
        XCTAssertEqual(image[24, 48].b, 220, "the blue half below")
    }

    func testHEICAndAVIFStills() throws {
        let (folder, manifest) = try TestPictures.make("formats")
        let made = manifest["heif"] as? [String] ?? []
        XCTAssertTrue(made.contains("still.heic") && made.contains("still.avif"), "heif-enc made the HEIC and AVIF: \(made)")
        // Lossy HEVC/AV1 at quality 90: a few levels off, more at the chroma edge (not sampled).
        for name in ["still.heic", "still.avif"] where made.contains(name) {
            assertStill(try Image(contentsOfFile: folder + "/" + name), tolerance: 12, name)
            assertStill(try Image(contentsOfFile: folder + "/" + name, fitting: ImageFit(width: 64, height: 48)),
                        tolerance: 12, name + " fitted")
        }
    }

    /// A HEIC whose colr box holds a Display P3 profile: the sRGB colours back.
    func testHEICEmbeddedProfile() throws {
        let (folder, manifest) = try TestPictures.make("formats")
        guard (manifest["heif"] as? [String] ?? []).contains("p3.heic") else { return XCTFail("heif-enc made no p3.heic") }
        assertStill(try Image(contentsOfFile: folder + "/p3.heic"), tolerance: 12, "p3.heic")
        let raw = try Image(contentsOfFile: folder + "/p3.heic", color: .keepStored)
        XCTAssertLessThan(Int(raw[16, 30].r), 210, "the P3 values, when the profile is ignored")
    }

    /// Cut short or damaged: a typed error naming the format, never a crash.
    func testDamagedFilesAreDecodeErrors() throws {
        let (folder, manifest) = try TestPictures.make("formats")
        for name in ["still.webp", "rotated.webp"] + (manifest["heif"] as? [String] ?? []) {
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            for cut in [16, data.count / 2, data.count - 3] {
                XCTAssertThrowsError(try Image(data: Array(data.prefix(cut))), "\(name) cut at \(cut)") { error in
                    guard case .decode = error as? ImageError else { return XCTFail("\(name) cut at \(cut): \(error)") }
                }
            }
        }
    }

    /// The header's size is checked against the limits before pixels are decoded.
    func testLimitsAreCheckedFromTheHeader() throws {
        let (folder, manifest) = try TestPictures.make("formats")
        for name in ["still.webp"] + (manifest["heif"] as? [String] ?? []) {
            XCTAssertThrowsError(try Image(contentsOfFile: folder + "/" + name, limits: .init(maxSide: 32)), name) { error in
                guard case .imageTooLarge = (error as? ImageError)?.underlying else { return XCTFail("\(name): \(error)") }
            }
        }
    }
}
