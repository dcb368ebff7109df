import DrawingApp
import Foundation
import GLFunKit
import SlideShowApp

/// The apps a soak can drive, by name (`glfun soak --app NAME`). A new app adds its
/// `SoakScript` and one case here.
public enum SoakApps {
    /// The apps a soak can run.
    public static let names = [DrawingApp.name, SlideShowApp.name]

    /// Runs the named app's script for `frames` frames in a new runner on `renderer`, sampling
    /// every `sampleEvery` frames; nil for an app with no script. The slide show's pictures are
    /// made in a temporary folder for the run and removed after it.
    public static func run(app name: String, canvas: Canvas, seed: UInt64, renderer: Renderer, frames: Int,
                           sampleEvery: Int, onSample: (SoakSample) throws -> Void) throws -> [SoakSample]? {
        switch name {
        case DrawingApp.name:
            let runner = SoakRunner(script: DrawingSoakScript(canvas: canvas, seed: seed), renderer: renderer)
            return try runner.run(frames: frames, sampleEvery: sampleEvery, onSample: onSample)
        case SlideShowApp.name:
            let folder = NSTemporaryDirectory() + "/glfun-soak-slides-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try SoakPictures.make(in: folder)
            let script = try SlideShowSoakScript(canvas: canvas, seed: seed, folder: folder)
            return try SoakRunner(script: script, renderer: renderer)
                .run(frames: frames, sampleEvery: sampleEvery, onSample: onSample)
        default:
            return nil
        }
    }
}
