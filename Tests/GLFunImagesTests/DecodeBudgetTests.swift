import GLFunImages
import TestFixtures
import XCTest

/// A viewer bounded by what it shows, not by what a file claims (`DecodeBudget`): a GIF's huge
/// screen composed at about the shown size (exactly the full composition, sampled), a JPEG's
/// huge SOF averaged down as it is decoded, an AVIF grid over the view's budget refused before
/// libavif allocates it. Files made here, a few KB each.
final class DecodeBudgetTests: XCTestCase {
    static let palette: [[UInt8]] = [[0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255], [250, 200, 40]]

    /// Frames over a `width` x `height` screen: every disposal, a transparent index, one frame
    /// reaching past the screen's edge.
    static func frames(width: Int, height: Int) -> [GIFBuilder.Frame] {
        let stripes = (0..<(120 * 90)).map { ($0 % 120) / 7 % 2 == 0 ? 1 : 4 }
        let holes = (0..<(64 * 64)).map { ($0 / 64 + $0 % 64) % 3 == 0 ? 0 : 3 }
        return [
            GIFBuilder.Frame(x: 0, y: 0, width: 120, height: 90, indices: stripes, disposal: 1),
            GIFBuilder.Frame(x: 37, y: 21, width: 64, height: 64, indices: holes, disposal: 3, transparent: 0),
            GIFBuilder.Frame(x: 301, y: 250, width: 90, height: 70, index: 2, disposal: 2),
            GIFBuilder.Frame(x: width - 50, y: height - 40, width: 100, height: 80, index: 3, disposal: 3),
            GIFBuilder.Frame(x: 10, y: 5, width: 40, height: 33, index: 4, disposal: 1),
        ]
    }

    func testAHugeGIFScreenIsComposedAtAboutTheShownSize() throws {
        for (w, h) in [(16384, 4096), (8192, 8192), (65535, 65535)] {
            let data = GIFBuilder.gif(width: w, height: h, palette: Self.palette, frames: Self.frames(width: w, height: h))
            XCTAssertLessThan(data.count, 64 << 10, "a few KB that claim \(w)x\(h)")
            let fit = ImageFit(width: 96, height: 96)
            let anim = try AnimationDecoder(data: data, fit: fit)
            let shown = fit.shownSize(width: w, height: h)
            XCTAssertGreaterThan(anim.step, 1, "\(w)x\(h)")
            XCTAssertGreaterThanOrEqual(anim.width, 2 * shown.width, "\(w)x\(h): at least twice the shown size")
            XCTAssertGreaterThanOrEqual(anim.height, 2 * shown.height)
            XCTAssertLessThan(anim.width, 4 * shown.width + 4)
            var n = 0
            for _ in 0..<2 {
                while let frame = try anim.nextFrame() {
                    XCTAssertEqual([frame.image.width, frame.image.height], [anim.width, anim.height])
                    n += 1
                }
                try anim.rewind()
            }
            XCTAssertEqual(n, 10, "every frame, twice")
            // A still of it (the first frame) decoded for the same box: within twice the shown size.
            let still = try Image(data: data, fitting: fit)
            XCTAssertLessThanOrEqual(still.width, 2 * shown.width)
        }
    }

    /// A 4200x4200 screen (over 64 MiB: composed sampled for a small view) gives, frame by frame,
    /// the full-size composition's pixels at every step-th column and row.
    func testASampledCompositionIsTheFullOneSampled() throws {
        let (w, h) = (4200, 4200)
        let data = GIFBuilder.gif(width: w, height: h, palette: Self.palette, frames: Self.frames(width: w, height: h))
        let full = try AnimationDecoder(data: data)
        XCTAssertEqual([full.width, full.height, full.step], [w, h, 1], "no fit: full size, as always")
        for side in [64, 300] {
            let sampled = try AnimationDecoder(data: data, fit: ImageFit(width: side, height: side))
            let s = sampled.step
            XCTAssertGreaterThan(s, 1)
            XCTAssertEqual([sampled.width, sampled.height], [(w + s - 1) / s, (h + s - 1) / s])
            try full.rewind()
            var n = 0
            while let big = try full.nextFrame() {
                let small = try XCTUnwrap(try sampled.nextFrame(), "frame \(n)")
                var differing = 0
                for y in 0..<small.image.height {
                    for x in 0..<small.image.width {
                        let a = small.image[x, y], b = big.image[x * s, y * s]
                        if [a.r, a.g, a.b, a.a] != [b.r, b.g, b.b, b.a] { differing += 1 }
                    }
                }
                XCTAssertEqual(differing, 0, "frame \(n), step \(s)")
                n += 1
            }
            XCTAssertEqual(n, 5)
            XCTAssertNil(try sampled.nextFrame())
        }
    }

    func testOrdinaryAnimationsAreComposedAtFullSizeWhateverTheView() throws {
        let data = GIFBuilder.gif(width: 4096, height: 4096, palette: Self.palette, frames: Self.frames(width: 4096, height: 4096))
        let anim = try AnimationDecoder(data: data, fit: ImageFit(width: 8, height: 8))
        XCTAssertEqual([anim.width, anim.height, anim.step], [4096, 4096, 1], "64 MiB: within the budget")
        XCTAssertEqual(DecodeBudget.canvasStep(width: 4096, height: 4096, fit: ImageFit(width: 8, height: 8)), 1)
    }

    func testTheBudgetScalesWithTheView() {
        XCTAssertEqual(DecodeBudget.bytes(forView: 96), DecodeBudget.floorBytes)
        XCTAssertEqual(DecodeBudget.bytes(forView: 1920), DecodeBudget.floorBytes)
        XCTAssertEqual(DecodeBudget.bytes(forView: 3840), 16 * 3840 * 3840 * 4)
    }

    /// A JPEG whose SOF claims 65500x65500 (a 16x16 picture's data): decoded at 1/8 and averaged
    /// down as its rows come, never held at 8188x8188.
    func testAJPEGClaiming65500IsAveragedDownAsItIsDecoded() throws {
        var jpeg = try JPEGBuilder.encode(width: 16, height: 16, rgb: Array(repeating: 90, count: 16 * 16 * 3))
        let sof = try XCTUnwrap((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 5] = 0xFF; jpeg[sof + 6] = 0xDC; jpeg[sof + 7] = 0xFF; jpeg[sof + 8] = 0xDC
        let fit = ImageFit(width: 96, height: 96)
        let image = try Image(data: jpeg, fitting: fit)
        XCTAssertLessThanOrEqual(image.width, 192)
        XCTAssertEqual(image.width, image.height)
        // What libjpeg gives past the picture's 16x16 (its 2x2 at 1/8): grey, averaged.
        XCTAssertEqual(Int(image[image.width / 2, image.height / 2].r), 128, accuracy: 3)
    }

    /// An AVIF grid of 256 tiles joined into 16384x4096 (11 KB): refused for a small view before
    /// libavif allocates its planes; a grid within the budget decodes.
    func testAnAVIFGridOverTheBudgetIsRefusedBeforeItIsDecoded() throws {
        let huge: [UInt8], small: [UInt8]
        do {
            huge = try AVIFGridBuilder.grid(columns: 32, rows: 8, tile: 512, width: 16384, height: 4096)
            small = try AVIFGridBuilder.grid(columns: 2, rows: 2, tile: 512, width: 1000, height: 800)
        } catch is AVIFGridBuilder.Unavailable {
            throw MissingTool(name: "avifenc, which made no tile (scripts/setup --test installs libavif-bin)")
        }
        XCTAssertLessThan(huge.count, 32 << 10)
        let fit = ImageFit(width: 96, height: 96)
        XCTAssertThrowsError(try Image(data: huge, fitting: fit)) { error in
            guard case let .imageTooLarge(w, h, .decoderMemory(budget))? = (error as? ImageError)?.underlying else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([w, h], [16384, 4096])
            XCTAssertEqual(budget, DecodeBudget.bytes(for: fit))
        }
        let image = try Image(data: small, fitting: fit)
        XCTAssertLessThanOrEqual(image.width, 192, "1000x800 for a 96-px box: reduced")
        XCTAssertEqual(Int(image[image.width / 2, image.height / 2].g), 128, accuracy: 4)
    }

    /// scripts/fuzz/run --smoke's webpanim finding: 77 bytes of lossless WebP still claiming
    /// 4672x12034, opened as an animation (libwebp's animation decoder keeps two canvases of it).
    func testAWebPStillOpenedAsAnAnimationIsWithinTheBudgetToo() throws {
        let webp: [UInt8] = [
        0x52, 0x49, 0x46, 0x46, 0x44, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C,
        0x37, 0x00, 0x00, 0x00, 0x2F, 0x3F, 0x52, 0xC0, 0x0B, 0x00, 0x17, 0x20, 0x10, 0x48, 0x92, 0xD8,
        0x1F, 0x75, 0x0D, 0x81, 0x40, 0xA2, 0x95, 0xBF, 0xC7, 0x2C, 0x0B, 0x04, 0x12, 0x8A, 0xFC, 0x75,
        0xB6, 0x7A, 0xFE, 0xE3, 0x5F, 0x10, 0xA8, 0x09, 0x40, 0x08, 0x52, 0x52, 0x49, 0x37, 0x19, 0xEF,
        0x9D, 0x22, 0xFA, 0x3F, 0x01, 0x00, 0xAD, 0x62, 0x3D, 0x8C, 0x7F, 0x07, 0x00,
        ]
        XCTAssertThrowsError(try AnimationDecoder(data: webp, limits: Image.Limits(maxSide: 16384, maxBytes: 256 << 20),
                                                  fit: ImageFit(width: 96, height: 96))) { error in
            guard case .imageTooLarge(4672, 12034, .decoderMemory)? = error as? ImageError else { return XCTFail("\(error)") }
        }
    }
}
