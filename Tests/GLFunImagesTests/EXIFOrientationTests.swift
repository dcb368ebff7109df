import Foundation
import GLFunImages
import TestFixtures
import XCTest

/// JPEGs stand upright as their Exif orientation says, all eight, in both TIFF byte orders.
/// The files are quadrants.jpg (16x8: red, green / blue, white) with an Exif block put in here.
final class EXIFOrientationTests: XCTestCase {
    let quadrants = try! readBytes(JPEGTests.fixtures.appendingPathComponent("quadrants.jpg").path)

    enum C { case r, g, b, w }
    /// The displayed corners, top-left, top-right, bottom-left, bottom-right, for each Exif
    /// value, from the Exif definition (where stored row 0 and column 0 land).
    let corners: [Int: [C]] = [
        1: [.r, .g, .b, .w],  // row 0 at the top, column 0 at the left
        2: [.g, .r, .w, .b],  // row 0 at the top, column 0 at the right
        3: [.w, .b, .g, .r],  // row 0 at the bottom, column 0 at the right
        4: [.b, .w, .r, .g],  // row 0 at the bottom, column 0 at the left
        5: [.r, .b, .g, .w],  // row 0 at the left, column 0 at the top
        6: [.b, .r, .w, .g],  // row 0 at the right, column 0 at the top
        7: [.w, .g, .b, .r],  // row 0 at the right, column 0 at the bottom
        8: [.g, .w, .r, .b],  // row 0 at the left, column 0 at the bottom
    ]

    func rgb(_ c: C) -> [Int] {
        switch c {
        case .r: return [255, 0, 0, 255]
        case .g: return [0, 255, 0, 255]
        case .b: return [0, 0, 255, 255]
        case .w: return [255, 255, 255, 255]
        }
    }

    func assertCorners(_ img: Image, _ value: Int, _ note: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = corners[value]!
        let (w, h) = (img.width, img.height)
        let at = [(1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)]
        for (i, (x, y)) in at.enumerated() {
            assertPixel(img, x, y, rgb(expected[i]), tolerance: 40, "orientation \(value) \(note) corner \(i)",
                        file: file, line: line)
        }
    }

    func testAllEightOrientationsBothByteOrders() throws {
        for value in 1...8 {
            for little in [true, false] {
                let data = JPEGBuilder.withOrientation(quadrants, UInt16(value), littleEndian: little)
                XCTAssertEqual(ImageOrientation(jpegData: data)?.rawValue, value)
                let img = try Image(jpegData: data)
                let note = little ? "II" : "MM"
                XCTAssertEqual(img.width, value >= 5 ? 8 : 16, "orientation \(value) \(note)")
                XCTAssertEqual(img.height, value >= 5 ? 16 : 8, "orientation \(value) \(note)")
                assertCorners(img, value, note)
                // The photo path (decoded for a fit) turns it the same way.
                assertCorners(try Image(data: data, fitting: ImageFit(width: 64, height: 64)), value, note + " fitted")
            }
        }
    }

    func testExifAfterJFIFIsFoundToo() throws {
        let data = JPEGBuilder.withOrientation(quadrants, 6, littleEndian: true, afterAPP0: true)
        XCTAssertEqual(ImageOrientation(jpegData: data), .right)
        assertCorners(try Image(jpegData: data), 6, "after APP0")
    }

    func testWithoutOrBadExifTheImageIsAsStored() throws {
        let plain = try Image(jpegData: quadrants)
        XCTAssertNil(ImageOrientation(jpegData: quadrants))
        // A value outside 1...8 is ignored: the photo is shown as stored.
        let nine = JPEGBuilder.withOrientation(quadrants, 9, littleEndian: false)
        XCTAssertNil(ImageOrientation(jpegData: nine))
        XCTAssertEqual(try Image(jpegData: nine), plain)
        // An Exif block whose IFD0 lies past its end: no orientation, and the decode is unchanged.
        var cut = JPEGBuilder.withOrientation(quadrants, 6, littleEndian: true)
        let ifdOffset = 2 + 4 + 6 + 4  // SOI, segment header, "Exif\0\0", TIFF byte order and 42
        cut[ifdOffset] = 0xF0; cut[ifdOffset + 1] = 0xFF  // 65520, little-endian
        XCTAssertNil(ImageOrientation(jpegData: cut))
        XCTAssertEqual(try Image(jpegData: cut), plain)
        // Orientation 1 is the stored image itself.
        XCTAssertEqual(try Image(jpegData: JPEGBuilder.withOrientation(quadrants, 1, littleEndian: true)), plain)
    }

    func testOrientedIsAPermutation() throws {
        // A 3x2 image of distinct pixels: every orientation keeps every pixel once, and each is
        // undone by its inverse (5, 7 and the mirrors are their own; 6 and 8 undo each other).
        let px: [UInt8] = (0..<6).flatMap { i -> [UInt8] in [UInt8(i), 0, 0, 255] }
        let img = try Image(width: 3, height: 2, pixels: px)
        let inverse: [ImageOrientation: ImageOrientation] = [.right: .left, .left: .right]
        for o in ImageOrientation.allCases {
            let t = try img.oriented(o)
            XCTAssertEqual(Set(stride(from: 0, to: t.pixels.count, by: 4).map { t.pixels[$0] }), Set(0..<6), "\(o)")
            XCTAssertEqual(try t.oriented(inverse[o] ?? o), img, "\(o)")
        }
    }
}
