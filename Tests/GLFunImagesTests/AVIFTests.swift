import GLFunImages
import TestFixtures
import XCTest

/// AVIF through libavif (made at test time by avifenc: scripts/make/avif_pictures.py): limited-range
/// planes expanded, turns and crops applied as HEIF says, colour from the nclx box managed.
/// The "avif" set of scripts/make/test_pictures.py, and a pixel check with a tolerance.
enum AVIFPictures {
    /// avifenc (libavif-bin) or heif-enc did not make a picture: scripts/setup installs them.
    struct Missing: Error { var name: String }

    static func path(_ name: String) throws -> String {
        let (folder, manifest) = try TestPictures.make("avif")
        guard (manifest["avif"] as? [String] ?? []).contains(name) else { throw Missing(name: name) }
        return folder + "/" + name
    }

    static func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ rgba: [Int], tolerance: Int, _ what: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let p = image[x, y]
        let worst = zip([Int(p.r), Int(p.g), Int(p.b), Int(p.a)], rgba).map { abs($0 - $1) }.max()!
        XCTAssertLessThanOrEqual(worst, tolerance, "\(what) at (\(x), \(y)): \(p), not \(rgba)", file: file, line: line)
    }
}

final class AVIFTests: XCTestCase {
    func picture(_ name: String) throws -> String { try AVIFPictures.path(name) }

    func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ rgba: [Int], tolerance: Int, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        AVIFPictures.assertPixel(image, x, y, rgba, tolerance: tolerance, what, file: file, line: line)
    }

    /// A 4:0:0 limited-range AVIF: black is 0 and white 255 (libheif 1.15 gave 16 and 235).
    func testMonochromeLimitedRangeIsExpanded() throws {
        let image = try Image(contentsOfFile: try picture("mono-limited.avif"))
        XCTAssertEqual(image.width, 64)
        for (i, v) in [0, 85, 170, 255].enumerated() {
            assertPixel(image, 16 * i + 8, 8, [v, v, v, 255], tolerance: 2, "band \(i)")
        }
    }

    /// An alpha plane whose AV1 header says limited range: stored 235 is opaque, 126 half.
    func testLimitedRangeAlphaIsExpanded() throws {
        let image = try Image(contentsOfFile: try picture("alpha-limited.avif"))
        assertPixel(image, 8, 24, [200, 100, 50, 255], tolerance: 2, "left half, opaque")
        assertPixel(image, 48, 24, [20, 200, 40, 128], tolerance: 2, "right half, half see-through")
    }

    /// irot 1 then imir 0 (a quarter turn anti-clockwise, then top and bottom exchanged): the
    /// still transposed; a clap box: the 32x16 at (4, 4) it keeps.
    func testTurnsMirrorsAndCropsAsTheContainerSays() throws {
        let turned = try Image(contentsOfFile: try picture("turned.avif"))
        XCTAssertEqual([turned.width, turned.height], [48, 64])
        assertPixel(turned, 2, 2, [255, 255, 255, 255], tolerance: 0, "the white corner stays top left")
        assertPixel(turned, 24, 16, [220, 20, 20, 255], tolerance: 0, "red on top")
        assertPixel(turned, 24, 48, [20, 20, 220, 255], tolerance: 0, "blue below")
        let cropped = try Image(contentsOfFile: try picture("cropped.avif"))
        XCTAssertEqual([cropped.width, cropped.height], [32, 16])
        assertPixel(cropped, 0, 0, [255, 255, 255, 255], tolerance: 0, "(4, 4) of the still: the white corner")
        assertPixel(cropped, 3, 3, [255, 255, 255, 255], tolerance: 0, "(7, 7): the corner's last pixel")
        assertPixel(cropped, 4, 4, [220, 20, 20, 255], tolerance: 0, "(8, 8): red")
        assertPixel(cropped, 31, 15, [20, 20, 220, 255], tolerance: 0, "(35, 19): blue")
    }

    /// Too large for the limits: refused from the container, before any pixel is decoded.
    func testLimitsAreCheckedFromTheContainer() throws {
        XCTAssertThrowsError(try Image(contentsOfFile: try picture("turned.avif"), limits: .init(maxSide: 32))) { error in
            XCTAssertEqual((error as? ImageError)?.underlying, .imageTooLarge(width: 64, height: 48, limit: .side(32)))
        }
    }
}
