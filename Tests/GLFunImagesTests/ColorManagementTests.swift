import GLFunImages
import TestFixtures
import XCTest

/// Embedded colour spaces are honoured (Little CMS 2): the same 16 patches saved in sRGB and in
/// Display P3 / Adobe RGB with their profiles (made at test time with PIL's ImageCms and
/// profiles written by hand) decode to the same colours within a small tolerance, and differ
/// visibly when the profile is ignored (`.keepStored`).
final class ColorManagementTests: XCTestCase {
    /// The patches' centres and their sRGB colours.
    func patches() throws -> (folder: String, [(x: Int, y: Int, rgb: [Int])]) {
        let (folder, manifest) = try TestPictures.make("colour")
        let list = try XCTUnwrap(manifest["patches"] as? [[Int]])
        return (folder, list.map { ($0[0], $0[1], Array($0[2...])) })
    }

    /// The largest difference of any channel over the patches between the picture and sRGB.
    func worstDifference(_ image: Image, _ list: [(x: Int, y: Int, rgb: [Int])]) -> Int {
        list.map { p in
            let px = image[p.x, p.y]
            return zip([Int(px.r), Int(px.g), Int(px.b)], p.rgb).map { abs($0 - $1) }.max()!
        }.max()!
    }

    func testWideGamutPicturesDecodeToTheSRGBColours() throws {
        let (folder, list) = try patches()
        XCTAssertEqual(worstDifference(try Image(contentsOfFile: folder + "/srgb.png"), list), 0)
        XCTAssertLessThanOrEqual(worstDifference(try Image(contentsOfFile: folder + "/srgb.jpg"), list), 3)
        // JPEG at quality 100, 4:4:4: a few levels of compression; PNG/WebP lossless: rounding only
        // (8-bit samples through two conversions); linear 8-bit samples lose a few levels in the darks.
        for (name, tolerance) in [("p3.png", 3), ("p3.jpg", 5), ("p3.webp", 3), ("adobe.png", 3), ("adobe.jpg", 6),
                                  ("linear-gama.png", 8), ("adobe-linear-chrm.png", 8)] {
            let path = folder + "/" + name
            let managed = try Image(contentsOfFile: path)
            XCTAssertLessThanOrEqual(worstDifference(managed, list), tolerance, "\(name): converted to sRGB")
            let raw = try Image(contentsOfFile: path, color: .keepStored)
            XCTAssertGreaterThan(worstDifference(raw, list), 20, "\(name): visibly different with the profile ignored")
        }
    }

    /// The same for pictures decoded for showing (the slide show's path: fitted, on the photo thread).
    func testFittedDecodesAreColourManagedToo() throws {
        let (folder, list) = try patches()
        for name in ["p3.jpg", "adobe.png", "p3.webp"] {
            let fitted = try Image(contentsOfFile: folder + "/" + name, fitting: ImageFit(width: 64, height: 64))
            XCTAssertEqual(fitted.width, 64)
            XCTAssertLessThanOrEqual(worstDifference(fitted, list), 4, name)
            let raw = try Image(contentsOfFile: folder + "/" + name, fitting: ImageFit(width: 64, height: 64),
                                color: .keepStored)
            XCTAssertGreaterThan(worstDifference(raw, list), 20, name)
        }
    }

    /// The P3 JPEG's profile is 80 KB: split over two APP2 markers, joined in sequence order.
    func testAProfileSplitOverSeveralMarkersIsJoined() throws {
        let (folder, _) = try patches()
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/p3.jpg")))
        var markers = 0, i = 2
        while i + 4 <= data.count, data[i] == 0xFF, data[i + 1] != 0xDA {
            if data[i + 1] == 0xE2 { markers += 1 }
            i += 2 + (Int(data[i + 2]) << 8 | Int(data[i + 3]))
        }
        XCTAssertEqual(markers, 2)
        let red = try Image(jpegData: data)[8, 8]
        XCTAssertGreaterThanOrEqual(red.r, 250)
        XCTAssertLessThanOrEqual(max(red.g, red.b), 6)
    }

    /// An sRGB chunk wins over gAMA (PNG's rule): the stored values, bit for bit.
    func testSRGBChunkKeepsTheStoredValues() throws {
        let (folder, _) = try patches()
        XCTAssertEqual(try Image(contentsOfFile: folder + "/srgb-chunk.png"), try Image(contentsOfFile: folder + "/srgb.png"))
    }

    /// A profile that cannot be read, or a JPEG whose APP2 pieces do not add up, is taken as sRGB.
    func testAnUnreadableProfileIsTakenAsSRGB() throws {
        let (folder, _) = try patches()
        var data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/p3.jpg")))
        // Say "3 pieces" in the first marker: the profile is incomplete, so none.
        let at = try XCTUnwrap((0..<(data.count - 12)).first { data[$0..<($0 + 12)].elementsEqual("ICC_PROFILE\0".utf8) })
        data[at + 13] = 3
        XCTAssertEqual(try Image(jpegData: data), try Image(jpegData: data, color: .keepStored))
        // A profile of garbage in a PNG's iCCP: libpng or Little CMS refuses it; stored values.
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        var png = PNGBuilder.rgba(width: 4, height: 4, pixels: pixels)
        let iccp = PNGBuilder.chunk("iCCP", Array("junk\0\0".utf8) + PNGBuilder.zlibStored([UInt8](repeating: 7, count: 300)))
        png.insert(contentsOf: iccp, at: 33)
        XCTAssertEqual(try Image(pngData: png).pixels, pixels)
    }
}
