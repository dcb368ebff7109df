import DrawingApp
import GLFunKit

/// The apps a soak can drive, by name (`glfun soak --app NAME`). A new app adds its
/// `SoakScript` and one case here.
public enum SoakApps {
    public static let names = [DrawingApp.name]

    /// Runs the named app's script for `frames` frames in a new runner on `renderer`, sampling
    /// every `sampleEvery` frames; nil for an app with no script.
    public static func run(app name: String, canvas: Canvas, seed: UInt64, renderer: Renderer, frames: Int,
                           sampleEvery: Int, onSample: (SoakSample) throws -> Void) throws -> [SoakSample]? {
        switch name {
        case DrawingApp.name:
            let runner = SoakRunner(script: DrawingSoakScript(canvas: canvas, seed: seed), renderer: renderer)
            return try runner.run(frames: frames, sampleEvery: sampleEvery, onSample: onSample)
        default:
            return nil
        }
    }
}
