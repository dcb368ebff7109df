import ArgumentParser
import GLES
import GLFunKit
import GLFunUI
import HappinessApp

struct Happiness: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Happiness (Stanford CS193p): an orange face that smiles as much as you are happy.",
        discussion: """
            In the window: drag up (happier) or down (sadder) to change the happiness by 1 for every \
            4 points; pinch to scale the face (Alt-drag pinches with a mouse); tap to toggle the \
            background between white and green. Keys: Up / Down happiness ± 5, + (or =) / - the \
            face's scale × / ÷ 1.1, Space the background; Esc or Ctrl+Q quits, F11 full screen. \
            Every change prints `happiness = N` on standard output.
            With --output, renders one face to a PNG without a window (--size and --scale apply).
            """)

    @OptionGroup var window: WindowOptions

    @Option(help: "The happiness to start with, 0...100 (50: a straight mouth; 100: the widest smile).")
    var happiness = 50

    @Option(help: "The face's size: its radius as a share of half the window's smaller side, 0 < S <= 10.")
    var scaleFace: Float = 0.9

    @Option(name: .shortAndLong,
            help: "Render one face to this PNG file, headless, instead of opening a window (written atomically; - for standard output).")
    var output: String?

    func validate() throws {
        try window.validate()
        guard HappinessApp.happinessRange.contains(happiness) else {
            throw ValidationError("--happiness must be 0...100, not \(happiness)")
        }
        guard scaleFace.isFinite, scaleFace > 0, scaleFace <= FaceView.scaleLimits.upperBound else {
            throw ValidationError("--scale-face must be more than 0 and at most 10, not \(scaleFace)")
        }
        if output != nil {
            for (given, name) in [(window.record != nil, "--record"), (window.stats != nil, "--stats"),
                                  (window.fullscreen, "--fullscreen")] where given {
                throw ValidationError("\(name) is for the window; --output renders without one")
            }
        }
    }

    func run() throws {
        let size = (window.size?.width ?? 800, window.size?.height ?? 600)
        guard let output else {
            return try runInWindow(size: size, options: window) { canvas in
                HappinessApp(canvas: canvas, happiness: happiness, scale: scaleFace)
            }
        }
        let canvas = Canvas(width: size.0, height: size.1, scale: window.scale ?? 1)
        if let why = Scene.pixelSizeProblem(width: Int(size.0), height: Int(size.1), scale: canvas.scale) {
            throw GlfunError.canvasTooLarge(path: output, reason: why)
        }
        try Outputs.write(try Happiness.render(happiness: happiness, scale: scaleFace, canvas: canvas, for: output),
                          to: output)
    }

    /// One face, headless: what the window shows at these start values.
    static func render(happiness: Int, scale: Float, canvas: Canvas, for path: String) throws(GlfunError) -> Image {
        let context: Context
        do { context = try Context.headless() } catch { throw .headlessContext(error) }
        do {
            let renderer = try Renderer(context: context)
            let app = HappinessApp(canvas: canvas, happiness: happiness, scale: scale, output: { _ in })
            return try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()
        } catch let e as GLESError {
            throw .gl(path: path, e)
        } catch {
            throw .app(path: path, "\(error)")
        }
    }
}
