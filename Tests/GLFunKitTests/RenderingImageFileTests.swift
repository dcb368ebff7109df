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
