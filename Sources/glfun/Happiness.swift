import ArgumentParser
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunHappinessApp

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

    @OptionGroup var options: SettingsOptions<HappinessApp.Settings>

    @Option(name: .shortAndLong,
            help: "Render one face to this PNG file, headless, instead of opening a window (written atomically; - for standard output).")
    var output: String?

    func validate() throws {
        try window.validate()
        // The recording's check, said with the command line's names.
        do throws(SessionOptionsError) { try options.settings().validate() } catch {
            throw SettingsOptions<HappinessApp.Settings>.commandLineError(error)
        }
        if output != nil {
            for (given, name) in [(window.record != nil, "--record"), (window.stats != nil, "--stats"),
                                  (window.fullscreen, "--fullscreen")] where given {
                throw ValidationError("\(name) is for the window; --output renders without one")
            }
        }
    }

    func run() throws {
        let settings: HappinessApp.Settings
        do { settings = try options.settings() } catch { throw GLFunError.settings(path: HappinessApp.name, error) }
        let size = window.size()
        guard let output else {
            return try runInWindow(HappinessApp.self, settings: settings, seed: 0, size: size, options: window,
                                   path: HappinessApp.name)
        }
        let canvas = Canvas(width: size.0, height: size.1, scale: window.scale ?? 1)
        if let why = Scene.pixelSizeProblem(width: Int(size.0), height: Int(size.1), scale: canvas.scale) {
            throw GLFunError.canvasTooLarge(path: output, reason: why)
        }
        try Outputs.write(try Happiness.render(settings, canvas: canvas, for: output), to: output)
    }

    /// One face, headless: what the window shows at these start values.
    static func render(_ settings: HappinessApp.Settings, canvas: Canvas, for path: String) throws(GLFunError) -> Image {
        let context: Context
        do { context = try Context.headless() } catch { throw .headlessContext(error) }
        do {
            let renderer = try Renderer(context: context)
            let app = try HappinessApp(settings: settings, seed: 0, start: AppStart(canvas: canvas))
            return try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()
        } catch {
            throw GLFunError(error, path: path)
        }
    }
}
