import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// A texture's filter is its own state: the renderer sets it only when a frame's scale asks
/// for another one, and a GL texture name reused after a delete starts from the new texture's
/// own filter, never from what the old one had.
final class TextureFilterTests: RenderTestCase {
    let pixels: [UInt8] = (0..<16).flatMap { (i: Int) -> [UInt8] in
        let a = UInt8(i * 16), b = UInt8(255 - i * 16), c = UInt8((i * 53) & 255)
        return [a, b, c, 255]
    }
    let scene = Scene(width: 12, height: 12, shapes: [.image("filtered", at: Point(6, 6))])

    /// The picture of `scene` at `scale` with a fresh texture made with `filter`.
    func fresh(_ filter: TextureFilter, scale: Float) throws -> Image {
        try registerSprite("filtered", width: 4, height: 4, pixels: pixels, options: TextureOptions(filter: filter))
        defer { renderer.removeTexture(forImage: "filtered") }
        return try render(scene, scale: scale)
    }

    /// Every pixel is the background or one texel's color: nearest sampling, no blend of neighbours.
    func assertShowsWholeTexels(_ image: Image, file: StaticString = #filePath, line: UInt = #line) {
        var colors = Set((0..<16).map { Array(pixels[$0 * 4..<$0 * 4 + 4]) })
        colors.insert([194, 194, 194, 255])
        let blended = stride(from: 0, to: image.pixels.count, by: 4).filter { !colors.contains(Array(image.pixels[$0..<$0 + 4])) }
        XCTAssertTrue(blended.isEmpty, "\(blended.count) pixels blend texels", file: file, line: line)
    }

    func testTheRendererChangesATexturesFilterOnlyWhenTheScaleAsksForAnother() throws {
        let linear = try fresh(.linear, scale: 1.5), nearest = try fresh(.nearest, scale: 2)
        assertShowsWholeTexels(nearest)
        let t = try registerSprite("filtered", width: 4, height: 4, pixels: pixels)
        defer { renderer.removeTexture(forImage: "filtered") }
        XCTAssertEqual(t.filter, .nearest)
        assertSameImage(try render(scene, scale: 1.5), linear, "a fractional scale samples linearly")
        XCTAssertEqual(t.filter, .linear)
        assertSameImage(try render(scene, scale: 2), nearest, "an integer scale samples the nearest texel")
        XCTAssertEqual(t.filter, .nearest)
        assertSameImage(try render(scene, scale: 1.5), linear, "and back")
        XCTAssertEqual(t.filter, .linear)
    }

    func testAGLNameReusedAfterADeleteStartsFromTheNewTexturesFilter() throws {
        let nearest = try fresh(.nearest, scale: 2)
        var old: Texture2D? = try registerSprite("filtered", width: 4, height: 4, pixels: pixels)
        _ = try render(scene, scale: 2)
        XCTAssertEqual(old?.filter, .nearest)
        let oldName = old?.name
        renderer.removeTexture(forImage: "filtered")
        old = nil
        // Made linear; the renderer must set nearest although the name's last texture had it.
        let t = try registerSprite("filtered", width: 4, height: 4, pixels: pixels, options: TextureOptions(filter: .linear))
        defer { renderer.removeTexture(forImage: "filtered") }
        XCTAssertEqual(t.filter, .linear)
        let again = try render(scene, scale: 2)
        assertShowsWholeTexels(again)
        assertSameImage(again, nearest,
                        "name \(t.name) (the deleted texture's was \(oldName.map(String.init) ?? "-"))")
        XCTAssertEqual(t.filter, .nearest)
    }

    func testSetFilterKeepsTheFilterItSets() throws {
        let t = try Texture2D(context: ctx, rgba: pixels, width: 4, height: 4, options: TextureOptions(filter: .linear))
        t.setFilter(.linear)
        XCTAssertEqual(t.filter, .linear)
        t.setFilter(.nearest)
        XCTAssertEqual(t.filter, .nearest)
    }
}
