import Foundation
import GLFunGLES
import TestFixtures
import XCTest

/// Textures made from GLFunImages' pictures and text: a decoded file, a JPEG, a line of text
/// (the decoding and rasterizing themselves are GLFunImagesTests').
final class ImageTextureTests: GLTestCase {
    func testTextureFromTextIsA8OfTheImageSize() throws {
        let image = try TextRasterizer.render("Hello, GL", size: 24)
        let texture = try Texture2D(context: ctx, text: "Hello, GL", size: 24)
        XCTAssertEqual(texture.format, .a8)
        XCTAssertEqual(texture.width, image.width)
        XCTAssertEqual(texture.height, image.height)
        XCTAssertEqual(texture.pixelsWide, image.width, "NPOT by default")
        XCTAssertEqual(texture.maxS, 1)

        let padded = try Texture2D(context: ctx, text: "Hello, GL", size: 24, dimensions: (100, 30),
                                   alignment: .center, powerOfTwo: true)
        XCTAssertEqual(padded.format, .a8)
        XCTAssertEqual(padded.width, 100)
        XCTAssertEqual(padded.height, 30)
        XCTAssertEqual(padded.pixelsWide, 128)
        XCTAssertEqual(padded.pixelsHigh, 32)
        XCTAssertEqual(padded.maxS, 100 / 128)
        // The texture takes updates in its own format with no GL error.
        try padded.update(x: 0, y: 0, width: 2, height: 1, pixels: [255, 255])
        XCTAssertNoThrow(try GL.checkError("Texture2D(text:)"))
    }

    func testTextureFromTextPassesRasterizerErrorsOn() {
        XCTAssertThrowsError(try Texture2D(context: ctx, text: "Hello", size: .nan)) { error in
            guard case .text(.badTextSize) = error as? GLESError else { return XCTFail("\(error)") }
        }
    }

    func testJPEGFileAsTexture() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GLFunImagesTests/Fixtures/quadrants.jpg").path
        let t = try Texture2D(context: ctx, contentsOfFile: path)
        XCTAssertEqual(t.width, 16)
        XCTAssertEqual(t.height, 8)
        XCTAssertThrowsError(try Texture2D(context: ctx, contentsOfFile: path + ".missing")) { e in
            guard case .image(.io(_, .noSuchFile)) = e as? GLESError else { return XCTFail("\(e)") }
        }
    }
}

/// Every new format as a `Texture2D` source: the texture holds the decoded (upright, sRGB) pixels.
final class ImageFormatTextureTests: GLTestCase {
    func testNewFormatsAsTextures() throws {
        let (folder, manifest) = try TestPictures.make("formats")
        let (colours, _) = try TestPictures.make("colour")
        let blitter = try Blitter(context: ctx)
        for path in ["still.webp", "rotated.webp"].map({ folder + "/" + $0 })
            + (manifest["heif"] as? [String] ?? []).map({ folder + "/" + $0 }) + [colours + "/p3.jpg", colours + "/adobe.png"] {
            let texture = try Texture2D(context: ctx, contentsOfFile: path)
            XCTAssertEqual(try blitter.readBack(texture, context: ctx), try Image(contentsOfFile: path), path)
        }
        // The library option: the stored values.
        let raw = try Texture2D(context: ctx, contentsOfFile: colours + "/p3.jpg", options: TextureOptions(color: .keepStored))
        XCTAssertEqual(try blitter.readBack(raw, context: ctx), try Image(contentsOfFile: colours + "/p3.jpg", color: .keepStored))
    }
}
