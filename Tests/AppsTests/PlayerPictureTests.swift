import GLFunGLES
import GLFunKit
import GLFunMovie
import GLFunUI
@testable import GLFunPlayerApp
import TestFixtures
import XCTest

/// `PlayerView` draws what it is given (`PlayerPicture`, a value the app makes), holding no app:
/// the frame at the picture's time, its bar only when it has one, its message line.
final class PlayerPictureTests: XCTestCase {
    func testTheViewDrawsThePictureItIsGiven() throws {
        let canvas = Canvas(width: 320, height: 240)
        let clip = try TestClips.counter()
        let info = try MovieProbe.info(clip)
        let renderer = try Renderer(context: try Context.headless())
        let app = PlayerApp(path: clip, info: info, canvas: canvas, clock: .byTime, sound: false, loop: false,
                            playing: false)
        let view = try PlayerView(renderer: renderer)
        let target = try Framebuffer(context: renderer.context, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                     depth: false)
        func draw(_ picture: PlayerPicture) throws -> Image {
            _ = try view.draw(picture, FrameTarget(renderer: renderer, canvas: canvas, preserved: false) { target.bind() })
            return try target.readPixels()
        }
        let withBar = try app.picture(context: renderer.context)
        XCTAssertNotNil(withBar.bar)
        let movie = withBar.movie
        let at1 = try draw(PlayerPicture(movie: movie, info: info, exactFrame: 1.0, bar: nil, message: nil))
        XCTAssertEqual(TestClips.frameNumber(at1, x: 40, y: 100), 25, "the frame at the picture's 1.0 s")
        let barred = try draw(PlayerPicture(movie: movie, info: info, exactFrame: 1.0, bar: withBar.bar, message: nil))
        XCTAssertEqual(TestClips.frameNumber(barred, x: 40, y: 100), 25)
        let barY = canvas.pixelHeight - 10
        let row = { (image: Image) in Array(image.pixels[(barY * image.width * 4)..<((barY + 1) * image.width * 4)]) }
        XCTAssertNotEqual(row(at1), row(barred), "the bar shows only in the picture that has one")
        let messaged = try draw(PlayerPicture(movie: movie, info: info, exactFrame: 1.0, bar: nil, message: "Volume 50%"))
        XCTAssertNotEqual(messaged.pixels, at1.pixels, "the message line is drawn")
    }
}
