import Foundation
import GLFunGLES
import GLFunKit
import TestFixtures
import PixelAssertions
import XCTest

/// A scene's images read from files: relative to the scene's folder, and each way one can be
/// missing, corrupt or too large (one error naming it, no picture).
final class RenderingImageFileTests: RenderTestCase {
    func testLoadImagesRelativeToTheSceneDirectory() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "sprite-\(UUID().uuidString).png"
        try Image(width: 2, height: 2, fill: (0, 0, 255, 255)).writePNG(to: dir + "/" + name)
        let scene = Scene(width: 16, height: 16, shapes: [.image(name, at: Point(8, 8))])
        let image = try sceneRenderer.render(scene, imagesRelativeTo: dir)
        assertPixel(image, 7, 7, [0, 0, 255, 255])
        assertPixel(image, 8, 8, [0, 0, 255, 255])
        XCTAssertTrue(close(rgba(image, 6, 6), RenderingTests.bg, 1))
        XCTAssertNotNil(renderer.texture(forImage: name))
    }

    /// An image paint's picture, in a group, is read from its file as an image shape's is
    /// (it once was not: `glfun render` said "not loaded"), and let go with the scene.
    func testImagePaintsInGroupsAreLoadedAndUnloaded() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "tile-\(UUID().uuidString).png"
        try Image(width: 2, height: 2, fill: (0, 0, 255, 255)).writePNG(to: dir + "/" + name)
        let scene = try Scene(json: Data(#"""
            {"version": 1, "width": 16, "height": 16, "background": [1, 1, 1, 1], "shapes": [{"type": "group",
             "opacity": 0.5, "children": [{"type": "path", "d": "M0 0 H10 V16 H0 Z", "fill": {"image": {"src": "\#(name)"}}},
             {"type": "path", "d": "M6 0 H16 V16 H6 Z", "fill": "#ff0000"}]}]}
            """#.utf8))
        XCTAssertEqual(Renderer.imageNames(in: scene.shapes), [name])
        let image = try sceneRenderer.render(scene, imagesRelativeTo: dir)
        assertPixel(image, 2, 8, [127, 127, 255, 255], tolerance: 1)
        assertPixel(image, 12, 8, [255, 127, 127, 255], tolerance: 1)
        sceneRenderer.unloadImages(for: scene)
        XCTAssertNil(renderer.texture(forImage: name))
    }

    func testMissingImageFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "missing-\(UUID().uuidString).png"
        let scene = Scene(width: 16, height: 16, shapes: [.image(name, at: Point(8, 8))])
        XCTAssertThrowsError(try sceneRenderer.loadImages(for: scene, relativeTo: dir)) { error in
            guard case RenderError.image(let n, let reason) = error else { return XCTFail("expected .image, got \(error)") }
            XCTAssertEqual(n, name)
            XCTAssertEqual(reason, .image(.io(path: dir + "/" + name, problem: .noSuchFile)))
            XCTAssertTrue("\(error)".contains(name), "\(error)")
        }
        // Rendering without loading names the image, not a GL error.
        XCTAssertThrowsError(try sceneRenderer.render(scene)) { error in
            guard case RenderError.imageNotLoaded(let n) = error else {
                return XCTFail("expected .imageNotLoaded, got \(error)")
            }
            XCTAssertEqual(n, name)
        }
        XCTAssertEqual(renderer.missingImages(in: scene.shapes), [name])
    }

    func testCorruptAndHugeImageFiles() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let corrupt = "corrupt-\(UUID().uuidString).png"
        try Data("not a png at all".utf8).write(to: URL(fileURLWithPath: dir + "/" + corrupt))
        XCTAssertThrowsError(try sceneRenderer.loadImages(for: Scene(width: 8, height: 8, shapes: [.image(corrupt, at: Point(4, 4))]),
                                                          relativeTo: dir)) { error in
            guard case RenderError.image(let n, let reason) = error else { return XCTFail("expected .image, got \(error)") }
            XCTAssertEqual(n, corrupt)
            guard case let .image(e) = reason, case .badSignature(nil) = e.underlying else { return XCTFail("\(reason)") }
        }
        // A header claiming 100000 x 100000: refused from the header, against GL_MAX_TEXTURE_SIZE.
        let huge = "huge-\(UUID().uuidString).png"
        try Data(PNGBuilder.hugeHeader(width: 100_000, height: 100_000)).write(to: URL(fileURLWithPath: dir + "/" + huge))
        let start = Date()
        XCTAssertThrowsError(try sceneRenderer.loadImages(for: Scene(width: 8, height: 8, shapes: [.image(huge, at: Point(4, 4))]),
                                                          relativeTo: dir)) { error in
            guard case RenderError.image(_, let reason) = error else { return XCTFail("expected .image, got \(error)") }
            guard case let .image(e) = reason, case .imageTooLarge(100_000, 100_000, _) = e.underlying else { return XCTFail("\(reason)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    }
}
