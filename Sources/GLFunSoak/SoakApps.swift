import GLFunDrawingApp
import Foundation
import GLFunKit
import GLFunSlideShowApp

/// How a soak drives one app: its script run for a number of frames, and the frames a run
/// draws by default. glfun's registry of apps names the driver of each app that has one
/// (`glfun soak --app NAME` lists those); a new app adds a `SoakScript` and a driver here.
public struct SoakDriver: Sendable {
    /// Frames a run draws when `--frames` is not given.
    public let defaultFrames: Int
    /// Tunes malloc for photos first (the slide show's: large blocks made and freed on two threads).
    public let usesPhotos: Bool
    /// Runs the script for `frames` frames in a new runner on `renderer`, sampling every
    /// `sampleEvery` frames.
    public let run: @Sendable (_ canvas: Canvas, _ seed: UInt64, _ renderer: Renderer, _ frames: Int, _ sampleEvery: Int,
                               _ onSample: (SoakSample) throws -> Void) throws -> [SoakSample]

    /// The drawing app: a million frames of strokes, undo, redo and clears.
    public static let drawing = SoakDriver(defaultFrames: 1_000_000, usesPhotos: false) {
        canvas, seed, renderer, frames, every, onSample in
        try SoakRunner(script: DrawingSoakScript(canvas: canvas, seed: seed), renderer: renderer)
            .run(frames: frames, sampleEvery: every, onSample: onSample)
    }

    /// The slide show, over pictures made in a temporary folder for the run and removed after
    /// it: 380,000 frames, about 10,000 slide changes.
    public static let slideShow = SoakDriver(defaultFrames: 380_000, usesPhotos: true) {
        canvas, seed, renderer, frames, every, onSample in
        let folder = NSTemporaryDirectory() + "/glfun-soak-slides-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SoakPictures.make(in: folder)
        let script = try SlideShowSoakScript(canvas: canvas, seed: seed, folder: folder)
        return try SoakRunner(script: script, renderer: renderer).run(frames: frames, sampleEvery: every, onSample: onSample)
    }
}
