import ArgumentParser
import GLFunGLES
import GLFunKit
import GLFunTransitions

struct TransitionFrame: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transition",
        abstract: "Render one frame of a slide-show transition between two pictures to a PNG, headless.",
        discussion: """
            Each picture (PNG, JPEG, WebP, GIF, HEIC or AVIF) is fitted to the view (or fills it, --fill) over the background, \
            as the slide show shows it; the frame is the transition at --progress (0: the first picture, \
            1: the second), eased with UIKit's ease-in-out if --ease is given.
            """)

    @Argument(help: "The current slide: a PNG, JPEG, WebP, GIF, HEIC or AVIF file.")
    var from: String

    @Argument(help: "The next slide: a PNG, JPEG, WebP, GIF, HEIC or AVIF file.")
    var to: String

    @OptionGroup var options: TransitionOptions

    @Option(help: "How far along the transition, 0...1.")
    var progress: Float

    @Flag(help: "Ease the progress as the slide show does (UIKit's ease-in-out).")
    var ease = false

    @Option(name: .shortAndLong, help: "The PNG file to write (written atomically).")
    var output: String

    func validate() throws {
        guard progress.isFinite, (0...1).contains(progress) else {
            throw ValidationError("--progress must be 0...1, not \(progress)")
        }
    }

    func run() throws {
        let context: Context
        do { context = try Context.headless() } catch { throw GLFunError.headlessContext(error) }
        let pictures = (try picture(from, context), try picture(to, context))
        let transition = try options.makeTransition(context)
        let slides = try options.composeSlides(pictures, context: context, names: (from, to))
        let canvas = options.canvas
        let image: Image
        do {
            let target = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: false)
            target.bind()
            try transition.draw(from: slides.0.texture, to: slides.1.texture,
                                progress: ease ? Easing.easeInOut(progress) : progress, canvas: canvas,
                                background: options.backgroundColor)
            image = try target.readPixels()
        } catch {
            throw GLFunError.gl(path: options.transitionFile ?? options.transition.fileName, error)
        }
        try Outputs.write(image, to: output)
    }

    private func picture(_ path: String, _ context: Context) throws(GLFunError) -> Texture2D {
        do { return try Texture2D(context: context, contentsOfFile: path) } catch { throw .picture(error) }
    }
}
