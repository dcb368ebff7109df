import ArgumentParser
import GLES
import GLFunKit

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to a PNG file, headless (EGL surfaceless, device or pbuffer).")

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "The PNG file to write (written atomically; - for standard output).")
    var output: String

    func run() throws {
        let (scene, renderer) = try options.load()
        let image: Image
        do { image = try renderer.render(scene, scale: options.scale) } catch {
            throw GlfunError.render(path: options.scene, error)
        }
        try Outputs.write(image, to: output)
    }
}
