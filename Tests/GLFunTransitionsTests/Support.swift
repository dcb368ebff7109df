import Foundation
import GLFunGLES
import GLFunKit
import GLFunTransitions
import PixelAssertions
import XCTest

/// The one headless context of this test process, and its composer. EGL contexts are
/// current per thread; XCTest runs the tests serially on the main thread, and each test's
/// `setUp` makes the context current again.
enum SharedGL {
    nonisolated(unsafe) static let context: Result<Context, GLESError> = Result { () throws(GLESError) in
        try Context.headless()
    }
}

/// A test case that renders with real GL (llvmpipe), never skipped.
class TransitionTestCase: XCTestCase {
    var ctx: Context!
    var composer: SlideComposer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        ctx = try SharedGL.context.get()
        try ctx.makeCurrent()
        composer = try SlideComposer(context: ctx)
    }

    /// A photo texture from pixels made by `color(x, y)` (rows top-down, as an `Image`).
    func photo(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) throws -> Texture2D {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { pixels += color(x, y) }
        }
        return try Texture2D(context: ctx, rgba: pixels, width: width, height: height)
    }

    /// `photo` composed into a new view-sized framebuffer.
    func slide(_ photo: Texture2D, canvas: Canvas, layout: SlideLayout = SlideLayout(),
               background: Color = .black) throws -> Framebuffer {
        let f = try Framebuffer(context: ctx, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: false)
        f.bind()
        try composer.draw(photo, layout: layout, canvas: canvas, background: background)
        return f
    }

    /// One frame of `transition` between two composed slides, read back.
    func frame(_ transition: Transition, from: Framebuffer, to: Framebuffer, progress: Float, canvas: Canvas,
               background: Color = .black) throws -> Image {
        let target = try Framebuffer(context: ctx, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: false)
        target.bind()
        try transition.draw(from: from.texture, to: to.texture, progress: progress, canvas: canvas, background: background)
        return try target.readPixels()
    }
}

// MARK: - Pictures

/// Two slide photos that differ everywhere and vary smoothly (so that sampling between
/// texels changes little): a warm horizontal ramp and a cool vertical one, each with a
/// marked top-left quarter.
func warmPixel(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [UInt8] {
    let marked = x < w / 4 && y < h / 4
    return [UInt8(200 + 55 * x / max(w - 1, 1)), UInt8(40 + 100 * x / max(w - 1, 1)), marked ? 120 : 20, 255]
}

func coolPixel(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [UInt8] {
    [20, UInt8(60 + 120 * y / max(h - 1, 1)), UInt8(150 + 100 * y / max(h - 1, 1)), 255]
}


/// A new empty folder for this suite.
func makeTemporaryDirectory() throws -> String { try makeTemporaryDirectory("transitiontests") }
