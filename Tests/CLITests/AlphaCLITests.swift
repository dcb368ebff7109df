import Foundation
import GLFunGLES
import XCTest

/// PNGs hold straight alpha: `glfun render` of a scene on a transparent background writes
/// 50% red as (255, 0, 0, 128) and keeps antialiased edges pure in colour; an opaque scene's
/// PNG has the pixels it always had.
extension CLITests {
    static let transparentScene = """
        {"version": 1, "width": 48, "height": 32, "scale": 1, "antialias": true,
         "background": [1, 1, 1, 0],
         "shapes": [
           {"type": "rect",    "from": [4, 4],  "to": [20, 28], "color": [1, 0, 0, 0.5]},
           {"type": "ellipse", "from": [24, 4], "to": [44, 28], "color": "red"}]}
        """

    func testRenderOnATransparentBackgroundWritesStraightAlpha() throws {
        let scene = try write(Self.transparentScene, to: "scene.json")
        let r = try glfun(["render", scene, "-o", "out.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try Image(contentsOfFile: dir + "/out.png", color: .keepStored)
        XCTAssertEqual(Array(image.pixels[(16 * 48 + 12) * 4..<(16 * 48 + 13) * 4]), [255, 0, 0, 128], "50% red")
        XCTAssertEqual(Array(image.pixels[(1 * 48 + 1) * 4..<(1 * 48 + 2) * 4]), [0, 0, 0, 0], "background")
        var edge = 0
        for y in 0..<image.height {
            for x in 24..<image.width {
                let p = image[x, y]
                guard p.a > 0, p.a < 255 else { continue }
                edge += 1
                XCTAssertEqual([p.r, p.g, p.b], [255, 0, 0], "edge pixel (\(x), \(y)) of alpha \(p.a) stays pure red")
            }
        }
        XCTAssertGreaterThan(edge, 20, "the ellipse's antialiased edge has partly covered pixels")
    }

    /// The pixels of an opaque scene's PNG (aliased, and antialiased with translucent shapes)
    /// are those main wrote before PNGs held straight alpha: FNV-1a of the decoded pixels,
    /// recorded with main's glfun on this machine's Mesa (llvmpipe). A new Mesa may draw
    /// other pixels: then record these again with main's build.
    func testAnOpaqueScenesPNGIsUnchanged() throws {
        let antialiased = """
            {"version": 1, "width": 96, "height": 64, "scale": 1, "antialias": true,
             "background": [0.76, 0.76, 0.76, 1],
             "shapes": [
               {"type": "line",    "from": [4, 60], "to": [90, 4], "color": [1, 0, 0, 0.7], "width": 3},
               {"type": "rect",    "from": [10.5, 10.25], "to": [40, 30], "color": "#00ff0080"},
               {"type": "ellipse", "from": [50, 20], "to": [90, 60], "color": "blue"}]}
            """
        for (name, text, expected) in [("aliased", Self.scene, Self.aliasedHash),
                                       ("antialiased", antialiased, Self.antialiasedHash)] {
            let scene = try write(text, to: name + ".json")
            let r = try glfun(["render", scene, "-o", name + ".png"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let image = try Image(contentsOfFile: dir + "/" + name + ".png", color: .keepStored)
            XCTAssertEqual(String(Self.fnv1a(image.pixels), radix: 16), expected, name)
        }
    }

    static let aliasedHash = "6ab686a9898ef750"
    static let antialiasedHash = "7789911dec3b8f5c"

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}
