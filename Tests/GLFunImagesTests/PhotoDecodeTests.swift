import Foundation
import GLFunImages
import TestFixtures
import XCTest

/// Photos decoded at the size they are shown: libjpeg's DCT scaling picks the smallest eighth
/// still covering the box, what is larger than maxSide is reduced, never refused for its sides.
final class PhotoDecodeTests: XCTestCase {
    static let jpeg800x600 = try! JPEGBuilder.encode(width: 800, height: 600,
                                                     rgb: JPEGBuilder.quadrantsRGB(width: 800, height: 600))

    func size(_ img: Image) -> [Int] { [img.width, img.height] }

    func testTheSmallestEighthStillCoveringTheBox() throws {
        let d = PhotoDecodeTests.jpeg800x600
        // [box, expected size]: the scale needed is min(bw / 800, bh / 600), rounded up to eighths.
        let cases: [(ImageFit, [Int])] = [
            (ImageFit(width: 100, height: 100), [100, 75]),    // 1/8
            (ImageFit(width: 200, height: 150), [200, 150]),   // exactly 2/8
            (ImageFit(width: 210, height: 150), [200, 150]),   // still 2/8: height decides
            (ImageFit(width: 300, height: 300), [300, 225]),   // 0.375 = 3/8
            (ImageFit(width: 301, height: 300), [400, 300]),   // just over 3/8: 4/8
            (ImageFit(width: 5000, height: 5000), [800, 600]), // never enlarged
            (ImageFit(width: 100, height: 100, mode: .fill), [200, 150]),  // fill: 100 / 600 -> 2/8
        ]
        for (fit, expected) in cases {
            XCTAssertEqual(size(try Image(data: d, fitting: fit)), expected, "\(fit)")
        }
        // 1/8 of 800x600 is still twice a 40x30 box: area-reduced to it.
        XCTAssertEqual(size(try Image(data: d, fitting: ImageFit(width: 40, height: 40))), [40, 30])
        // Colors survive the scaling.
        let small = try Image(data: d, fitting: ImageFit(width: 100, height: 100))
        assertPixel(small, 10, 10, [255, 0, 0, 255], tolerance: 40)
        assertPixel(small, 90, 65, [255, 255, 255, 255], tolerance: 40)
    }

    func testTurnedPhotosFitTheirShownShape() throws {
        // Orientation 6: shown 600x800, so a 150x200 box needs 1/4 of the stored 800x600.
        let d = JPEGBuilder.withOrientation(PhotoDecodeTests.jpeg800x600, 6, littleEndian: true)
        XCTAssertEqual(size(try Image(data: d, fitting: ImageFit(width: 150, height: 200))), [150, 200])
    }

    func testLargerThanMaxSideIsReducedNotRefused() throws {
        // JPEG: 800x600 asked whole, maxSide 256: decoded, then reduced to 256x192.
        let limits = Image.Limits(maxSide: 256)
        let j = try Image(data: PhotoDecodeTests.jpeg800x600, fitting: ImageFit(width: 800, height: 600), limits: limits)
        XCTAssertEqual(size(j), [256, 192])
        assertPixel(j, 250, 5, [0, 255, 0, 255], tolerance: 40)
        // PNG: the same.
        let png = try Image(width: 600, height: 200, fill: (20, 40, 60, 255)).pngData()
        let p = try Image(data: png, fitting: ImageFit(width: 2000, height: 2000), limits: limits)
        XCTAssertEqual(size(p), [256, 85])
        assertPixel(p, 100, 40, [20, 40, 60, 255])
        // The plain decoders still refuse it (they promise maxSide).
        XCTAssertThrowsError(try Image(data: png, limits: limits))
    }

    func testHugeHeadersAreRefusedBeforeAllocating() {
        let start = Date()
        let png = PNGBuilder.hugeHeader(width: 100_000, height: 100_000)
        XCTAssertThrowsError(try Image(data: png, fitting: ImageFit(width: 1280, height: 720))) { e in
            XCTAssertEqual(e as? ImageError, .imageTooLarge(width: 100_000, height: 100_000, limit: .bytes(256 << 20)))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    }

    func testJPEGBoundsApplyToTheScaledOutputAndToLibjpegsMemory() throws {
        let rgb = JPEGBuilder.quadrantsRGB(width: 800, height: 600)
        // Output bound 100 KB: 1/8 (100x75, 30 KB) fits, so a whole-size box still decodes, at
        // the largest eighth under the bound (2/8: 200x150 = 120 KB is over; 1/8 it is).
        let limits = Image.Limits(maxBytes: 100_000)
        let baseline = PhotoDecodeTests.jpeg800x600
        XCTAssertEqual(size(try Image(data: baseline, fitting: ImageFit(width: 800, height: 600), limits: limits)),
                       [100, 75])
        // 10 KB: not even 1/8 fits.
        XCTAssertThrowsError(try Image(data: baseline, fitting: ImageFit(width: 80, height: 60),
                                       limits: .init(maxBytes: 10_000))) { e in
            XCTAssertEqual(e as? ImageError, .imageTooLarge(width: 800, height: 600, limit: .bytes(10_000)))
        }
        // A progressive file keeps its coefficients (800x600 at 4:2:0: about 1.4 MB) whatever
        // the scale: over 2 x maxBytes of working memory it is refused, by libjpeg's own count.
        let progressive = try JPEGBuilder.encode(width: 800, height: 600, rgb: rgb, progressive: true)
        XCTAssertThrowsError(try Image(data: progressive, fitting: ImageFit(width: 100, height: 75), limits: limits)) { e in
            XCTAssertEqual(e as? ImageError, .imageTooLarge(width: 800, height: 600, limit: .decoderMemory(200_000)))
            XCTAssertTrue("\(e)".contains("working memory"), "\(e)")
        }
        XCTAssertEqual(size(try Image(data: progressive, fitting: ImageFit(width: 100, height: 75))), [100, 75])
    }

    func testFilesNameThemselvesInErrors() throws {
        let dir = try makeTemporaryDirectory("photodecode")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertThrowsError(try Image(contentsOfFile: dir + "/none.jpg", fitting: ImageFit(width: 9, height: 9))) { e in
            XCTAssertEqual(e as? ImageError, .io(path: dir + "/none.jpg", problem: .noSuchFile))
        }
        let bad = dir + "/bad.jpg"
        try Data(PhotoDecodeTests.jpeg800x600.prefix(3000)).write(to: URL(fileURLWithPath: bad))
        XCTAssertThrowsError(try Image(contentsOfFile: bad, fitting: ImageFit(width: 9, height: 9))) { e in
            guard case let .file(path, .decode(.jpeg, _)) = e as? ImageError else { return XCTFail("\(e)") }
            XCTAssertEqual(path, bad)
        }
    }
}
