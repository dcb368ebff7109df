import Foundation
import TestFixtures
import GLFunImages
import XCTest

/// The codecs against public conformance files (AOM's av1-avif, libavif's test data, pygif's
/// GIF suite) where a folder of them is named by GLFUN_IMAGE_CONFORMANCE (scripts/conformance/codecs);
/// run only by that script (scripts/test and scripts/check/sanitize leave the suite out: the files are
/// not in a clone), and failing without it. The files are never part of this project.
final class CodecConformanceTests: XCTestCase {
    func file(_ path: String) throws -> String {
        guard let root = ProcessInfo.processInfo.environment["GLFUN_IMAGE_CONFORMANCE"], !root.isEmpty else {
            throw MissingTool(name: "GLFUN_IMAGE_CONFORMANCE (a conformance folder: run scripts/conformance/codecs FOLDER; scripts/test leaves this suite out)")
        }
        let full = root + "/" + path
        guard FileManager.default.fileExists(atPath: full) else { throw MissingTool(name: full) }
        return full
    }

    /// Mean absolute difference of two same-size pictures' RGB, in levels.
    func meanDifference(_ a: Image, _ b: Image) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        var sum = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 { sum += abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) }
        }
        return Double(sum) / Double(a.width * a.height * 3)
    }

    /// Microsoft's Monochrome.avif is limited range: black 0 and white 255 once expanded.
    func testMonochromeAVIFIsFullRange() throws {
        let image = try Image(contentsOfFile: try file("av1-avif/Microsoft/Monochrome.avif"))
        let reds = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        XCTAssertLessThanOrEqual(reds.min()!, 2)
        XCTAssertGreaterThanOrEqual(reds.max()!, 253)
    }

    /// bbb_alpha_inverted.avif: the background is solid (alpha about 255, not 235).
    func testBigBuckBunnyBackgroundIsOpaque() throws {
        let image = try Image(contentsOfFile: try file("av1-avif/Microsoft/bbb_alpha_inverted.avif"))
        XCTAssertGreaterThanOrEqual(image[0, 0].a, 250)
        XCTAssertGreaterThanOrEqual(image[image.width - 1, image.height - 1].a, 250)
    }

    /// Link-U's kimono turned, mirrored and cropped by irot/imir/clap: the suite's pictures.
    func testKimonoTransforms() throws {
        let whole = try Image(contentsOfFile: try file("av1-avif/Link-U/kimono.png"))
        let crop = try Image(contentsOfFile: try file("av1-avif/Link-U/kimono.crop.png"))
        for name in ["kimono", "kimono.rotate90", "kimono.rotate270", "kimono.mirror-horizontal", "kimono.mirror-vertical",
                     "kimono.mirror-vertical.rotate270"] {
            let d = meanDifference(try Image(contentsOfFile: try file("av1-avif/Link-U/\(name).avif")), whole)
            XCTAssertLessThan(d, 4, name)
        }
        for name in ["kimono.crop", "kimono.mirror-vertical.rotate270.crop"] {
            let d = meanDifference(try Image(contentsOfFile: try file("av1-avif/Link-U/\(name).avif")), crop)
            XCTAssertLessThan(d, 4, name)
        }
    }

    /// libavif's colors_text in linear BT.2020 (nclx 9/8/6) looks like its sRGB twin where the
    /// twin's colours are (its red-green ramp reaches beyond sRGB and is clipped there; taken as
    /// sRGB, unconverted, it goes brown-black).
    func testRec2020LinearLooksLikeTheSRGBTwin() throws {
        let wide = try Image(contentsOfFile: try file("libavif/colors_text_wcg_sdr_rec2020.avif"))
        let srgb = try Image(contentsOfFile: try file("libavif/colors_text_sdr_srgb.avif"))
        let raw = try Image(contentsOfFile: try file("libavif/colors_text_wcg_sdr_rec2020.avif"), color: .keepStored)
        let converted = meanDifference(wide, srgb), unconverted = meanDifference(raw, srgb)
        XCTAssertLessThan(converted, unconverted, "converted \(converted), unconverted \(unconverted)")
        for (x, y) in [(10, 10), (50, 150), (190, 190)] {  // red, pale pink, white: inside sRGB
            let a = wide[x, y], b = srgb[x, y]
            XCTAssertLessThanOrEqual(max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))), 8,
                                     "(\(x), \(y)): \(a), the twin \(b)")
        }
    }

    /// pygif's max-codes.gif (minimum code size 11): its random-image.rgba.
    func testMaxCodesGIF() throws {
        let image = try Image(contentsOfFile: try file("pygif/max-codes.gif"))
        let expected = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try file("pygif/random-image.rgba"))))
        XCTAssertEqual([image.width, image.height], [100, 100])
        XCTAssertEqual(image.pixels, expected)
    }
}
