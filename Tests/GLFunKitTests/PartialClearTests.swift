import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// A `SceneRenderer` frame whose target holds the same background outside the last frame's
/// drawing clears only that drawing's box (issue 34): every picture is what a fresh target
/// gives, whatever was drawn before it.
final class PartialClearTests: RenderTestCase {
    private func scene(_ shapes: [Shape], background: Color = .background, antialias: Bool = true,
                       scale: Float = 1) -> Scene {
        var s = Scene(width: 96, height: 64, scale: scale, background: background, shapes: shapes)
        s.antialias = antialias
        return s
    }

    private let busy: [Shape] = [
        .rect(Point(2, 3), Point(40, 30), color: .red),
        .ellipse(Point(30, 20), Point(90, 60), color: Color(0, 0.5, 1, 0.6)),
        .line(Point(1, 62), Point(95, 1), color: .green, width: 3),
        .path(.polyline([Point(10, 50), Point(50, 10), Point(80, 55)]), stroke: .blue, style: StrokeStyle(width: 5)),
    ]

    /// The picture on a target nothing was drawn into before (`target(for:)` forgets it).
    private func fresh(_ s: Scene) throws -> Image {
        _ = try sceneRenderer.target(for: Canvas(width: Float(s.width), height: Float(s.height), scale: s.scale))
        return try render(s)
    }

    func testEveryFrameAfterAnotherIsTheFreshPicture() throws {
        let backgrounds = [Color.background, Color(0.3, 0.6, 0.9, 0.5), Color(0, 0, 0, 0), Color(1, 1, 1, 0.502)]
        let follows: [[Shape]] = [
            [],  // nothing: the last frame's box is cleared and nothing else
            [.line(Point(70, 5), Point(90, 40), color: .black)],  // one shape: no depth
            [.rect(Point(50, 40), Point(60, 50), color: .yellow), .ellipse(Point(0, 0), Point(20, 20), color: .blue)],
            busy,
        ]
        for bg in backgrounds {
            for aa in [true, false] {
                for (i, next) in follows.enumerated() {
                    let reference = try fresh(scene(next, background: bg, antialias: aa))
                    for (j, before) in follows.enumerated() {
                        _ = try render(scene(before, background: bg, antialias: aa))
                        let after = try render(scene(next, background: bg, antialias: aa))
                        assertSameImage(after, reference, "background \(bg), aa \(aa), scene \(i) after scene \(j)")
                    }
                    // And a third frame after that one.
                    assertSameImage(try render(scene(next, background: bg, antialias: aa)), reference,
                                    "background \(bg), aa \(aa), scene \(i) twice")
                }
            }
        }
    }

    func testAnotherBackgroundOrScaleClearsAll() throws {
        let next = scene([.line(Point(70, 5), Point(90, 40), color: .black)], background: .white)
        let reference = try fresh(next)
        _ = try render(scene(busy))
        assertSameImage(try render(next), reference, "a new background")
        let scaled = scene(busy, scale: 2)
        let scaledReference = try fresh(scaled)
        _ = try render(scene([.rect(Point(0, 0), Point(96, 64), color: .red)], scale: 2))
        assertSameImage(try render(scaled), scaledReference, "at scale 2")
    }

    func testADrawThroughTheRendererInBetweenClearsAll() throws {
        let empty = scene([])
        let reference = try fresh(empty)
        _ = try render(empty)
        // Someone draws into the scene renderer's target through its renderer, with no background.
        let target = try sceneRenderer.target(for: Canvas(width: 96, height: 64))
        _ = try render(empty)
        target.bind()
        try renderer.draw([.rect(Point(10, 10), Point(80, 50), color: .red)], canvas: Canvas(width: 96, height: 64),
                          background: nil, targetHasDepth: true)
        let image = try render(empty)
        assertSameImage(image, reference, "the red rect drawn in between is cleared")
        assertPixel(image, 40, 30, rgba(reference, 40, 30))
    }
}
