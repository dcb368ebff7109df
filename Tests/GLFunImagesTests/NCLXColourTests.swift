import GLFunImages
import TestFixtures
import XCTest

/// Colour stated by an nclx box (CICP) converted to sRGB: BT.2020 primaries with linear samples
/// (AVIF through libavif, HEIC through libheif), PQ and HLG tone-mapped to SDR (DESIGN.md,
/// "Colour managed"). Pictures made at test time by avifenc and heif-enc (scripts/make/avif_pictures.py).
final class NCLXColourTests: XCTestCase {
    /// The colour set's 16 patches, stored as linear BT.2020: the sRGB patches back. Dark
    /// colours lose the most to 8-bit linear samples (a step of 1/255 near black is several
    /// sRGB levels), hence the tolerance.
    func testBT2020LinearAVIFAndHEICAreShownInSRGB() throws {
        let (colours, manifest) = try TestPictures.make("colour")
        let patches = manifest["patches"] as? [[Int]] ?? []
        XCTAssertEqual(patches.count, 16)
        for name in ["bt2020-linear.avif", "bt2020-linear.heic"] {
            let image = try Image(contentsOfFile: try AVIFPictures.path(name))
            for p in patches {
                AVIFPictures.assertPixel(image, p[0], p[1], [p[2], p[3], p[4], 255], tolerance: 8, name)
            }
            let raw = try Image(contentsOfFile: try AVIFPictures.path(name), color: .keepStored)
            XCTAssertLessThan(Int(raw[patches[13][0], patches[13][1]].r), 30, "\(name): the stored (linear) gray 64")
        }
        _ = colours
    }

    /// PQ bands of 0, 100, 203, 1000 and 10000 cd/m2: 100 is below the knee (100 / 203 of SDR
    /// white, sRGB 188), 203 at 0.875 (sRGB 240), brighter ones compressed toward 255, none clipped.
    func testPQIsToneMappedToSDR() throws {
        let image = try Image(contentsOfFile: try AVIFPictures.path("pq.avif"))
        let bands = (0..<5).map { Int(image[16 * $0 + 8, 8].r) }
        XCTAssertEqual(bands[0], 0)
        XCTAssertEqual(Double(bands[1]), 188, accuracy: 3, "100 cd/m2: \(bands)")
        XCTAssertEqual(Double(bands[2]), 240, accuracy: 3, "203 cd/m2: \(bands)")
        XCTAssertTrue(bands[2] < bands[3] && bands[3] < bands[4], "brighter stays brighter: \(bands)")
        XCTAssertGreaterThanOrEqual(bands[4], 254, "10000 cd/m2 is SDR white: \(bands)")
        AVIFPictures.assertPixel(image, 24, 8, [bands[1], bands[1], bands[1], 255], tolerance: 0, "gray stays gray")
    }

    /// HLG signal 0.5 is 50.6 cd/m2 on the 1000 cd/m2 reference display (sRGB 137); 0.75 is HLG's
    /// reference white, 203 cd/m2, shown as PQ's is (240); 1.0 near white.
    func testHLGIsShownThroughItsReferenceOOTF() throws {
        let image = try Image(contentsOfFile: try AVIFPictures.path("hlg.avif"))
        let bands = (0..<4).map { Int(image[16 * $0 + 8, 8].r) }
        XCTAssertEqual(bands[0], 0)
        XCTAssertEqual(Double(bands[1]), 137, accuracy: 3, "signal 0.5: \(bands)")
        XCTAssertEqual(Double(bands[2]), 240, accuracy: 3, "signal 0.75: \(bands)")
        XCTAssertGreaterThanOrEqual(bands[3], 250, "signal 1.0: \(bands)")
    }
}
