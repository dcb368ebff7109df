@testable import GLFunImages
import TestFixtures
import XCTest

/// One rectangle of a JPEG or PNG decoded alone (the building block of full-resolution tiles):
/// the same pixels as that rectangle of the whole picture decoded.
final class ImageRegionTests: XCTestCase {
    func noisyRGB(_ w: Int, _ h: Int) -> [UInt8] { JPEGBuilder.quadrantsRGB(width: w, height: h, noise: true) }

    func testJPEGRegionsEqualTheWholeDecodesCrop() throws {
        for (progressive, sample) in [(false, "2x2"), (true, "1x1"), (false, "2x1")] {
            let jpeg = try JPEGBuilder.encode(width: 997, height: 701, rgb: noisyRGB(997, 701), progressive: progressive,
                                              sample: sample)
            let whole = try Image(jpegData: jpeg)
            for r in [PixelRect(x: 0, y: 0, width: 64, height: 64), PixelRect(x: 123, y: 45, width: 200, height: 150),
                      PixelRect(x: 901, y: 650, width: 96, height: 51), PixelRect(x: 517, y: 333, width: 1, height: 1)] {
                let region = try Image(data: jpeg, region: r), crop = try whole.cropped(to: r)
                // libjpeg-turbo's cropped decode upsamples the chroma at the rectangle's edges
                // without the pixels beyond them: a few levels off there, exact inside.
                var edge = 0, inside = 0
                for y in 0..<r.height {
                    for x in 0..<r.width {
                        let a = region[x, y], b = crop[x, y]
                        let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                        if x < 2 || y < 2 || x >= r.width - 2 || y >= r.height - 2 { edge = max(edge, d) } else { inside = max(inside, d) }
                    }
                }
                XCTAssertEqual(inside, 0, "\(sample) progressive \(progressive): \(r) inside")
                XCTAssertLessThanOrEqual(edge, 4, "\(sample) progressive \(progressive): \(r) at the edges")
                XCTAssertEqual(region.width * region.height, r.width * r.height)
            }
        }
    }

    /// At an eighth of its size: the same pixels as the whole picture decoded at that eighth.
    func testJPEGRegionAtAScale() throws {
        let jpeg = try JPEGBuilder.encode(width: 1600, height: 1200, rgb: noisyRGB(1600, 1200))
        let quarter = try Image.decodeJPEG(jpeg, fitting: ImageFit(width: 400, height: 300), limits: Image.Limits())
        XCTAssertEqual(quarter.width, 400)
        let r = PixelRect(x: 150, y: 100, width: 120, height: 90)
        XCTAssertEqual(try Image(data: jpeg, region: r, eighths: 2, color: .keepStored), try quarter.cropped(to: r))
    }

    func testPNGRegionsEqualTheWholeDecodesCrop() throws {
        let (folder, _) = try TestPictures.make("formats")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/p3-still.png")))
        let whole = try Image(pngData: png)
        for r in [PixelRect(x: 0, y: 0, width: 64, height: 48), PixelRect(x: 30, y: 7, width: 20, height: 33)] {
            XCTAssertEqual(try Image(data: png, region: r), try whole.cropped(to: r), "\(r)")
        }
        // Interlaced: decoded whole and cut.
        let interlaced = try Image(contentsOfFile: try PNGCorpus.path("rgb8-33x17-i"))
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try PNGCorpus.path("rgb8-33x17-i"))))
        let r = PixelRect(x: 5, y: 3, width: 20, height: 10)
        XCTAssertEqual(try Image(data: data, region: r), try interlaced.cropped(to: r))
    }

    /// A region outside the picture, or a bad scale, is `.badPixels`; a file cut short, `.decode`.
    func testBadRegions() throws {
        let jpeg = try JPEGBuilder.encode(width: 64, height: 48, rgb: noisyRGB(64, 48))
        for r in [PixelRect(x: 60, y: 0, width: 8, height: 8), PixelRect(x: 0, y: 0, width: 0, height: 8),
                  PixelRect(x: -1, y: 0, width: 8, height: 8)] {
            XCTAssertThrowsError(try Image(data: jpeg, region: r)) { error in
                guard case .badPixels = error as? ImageError else { return XCTFail("\(r): \(error)") }
            }
        }
        XCTAssertThrowsError(try Image(data: Array(jpeg.prefix(jpeg.count / 2)), region: PixelRect(x: 0, y: 40, width: 8, height: 8))) {
            guard case .decode = $0 as? ImageError else { return XCTFail("\($0)") }
        }
    }
}
