import Foundation
import GLFunMovie

/// A movie's frames as numbered PNGs, headless: the frame shown at each time from + k / fps
/// (k = 0, 1, …) while the time is before `to`, written as DIR/frame-00001.png… with the
/// `--export` conventions every exporter shares (`ExportFolder`: the names, a progress bar on
/// a terminal's stderr, the last line `exported N frames to DIR`). `from` defaults to 0 and
/// `to` to the movie's length; frames are its own size, or aspect-fit into `size` on black.
///
/// The checks come first: the settings (`problem`), then the movie (it must open and play,
/// and the times must lie in it), and only then is the folder made, so a failure leaves no
/// folder and no frame behind. A failure while writing leaves the frames written before it,
/// each whole.
enum MovieExport {
    /// Frames per second an export may ask for.
    static let maxFPS = 240.0
    /// The largest side of `size`, in pixels.
    static let maxSide = 8192

    /// What is wrong with these settings on their own (before the movie is known), for a
    /// command's `validate()`; nil: nothing.
    static func problem(fps: Double, from: Double?, to: Double?, size: (width: Int, height: Int)?) -> String? {
        guard fps.isFinite, fps > 0, fps <= maxFPS else {
            return "--fps must be more than 0 and at most \(format(maxFPS)), not \(format(fps))"
        }
        if let from, !(from.isFinite && from >= 0) { return "--from must be a time in seconds, 0 or more, not \(format(from))" }
        if let to, !(to.isFinite && to > 0) { return "--to must be a time in seconds, more than 0, not \(format(to))" }
        if let from, let to, from >= to { return "--from (\(format(from)) s) must come before --to (\(format(to)) s)" }
        if let size, !((1...maxSide).contains(size.width) && (1...maxSide).contains(size.height)) {
            return "--size must be 1...\(maxSide) pixels a side, not \(size.width)x\(size.height)"
        }
        return nil
    }

    /// Writes the frames into `directory` (made if need be) and prints the last line.
    /// - Throws: `.option` for settings `problem` refuses; `.movie` for a movie that cannot be
    ///   played or times outside it (`MovieError.Kind.badTime`); `.write` for the folder or a frame.
    static func run(path: String, directory: String, fps: Double, from: Double?, to: Double?,
                    size: (width: Int, height: Int)?) throws(GLFunError) {
        if let why = problem(fps: fps, from: from, to: to, size: size) { throw .option(why) }
        let folder = try ExportFolder(directory)
        let movie = try HeadlessMovie(path: path, size: size)
        let start = from ?? 0, end = to ?? movie.info.duration
        try checkTimes(from: start, to: end, in: movie.info, path: path)
        let count = frameCount(fps: fps, from: start, to: end)
        try folder.create()
        let progress = ProgressBar(total: count)
        for k in 0..<count {
            try folder.write(try movie.frame(at: start + Double(k) / fps), number: k + 1)
            progress.update(k + 1)
        }
        progress.finish()
        folder.reportDone(frames: count)
    }

    /// How many times from + k / fps lie before `to` (a time within a nanosecond of `to`
    /// counts as `to`, so 1 s at 10 fps is 10 frames however the sums round).
    static func frameCount(fps: Double, from: Double, to: Double) -> Int {
        var k = max(0, Int(((to - from) * fps).rounded(.down)) - 1)
        while from + Double(k) / fps < to - 1e-9 { k += 1 }
        return k
    }

    /// The export's span must start inside the movie and end by its end (`problem` has
    /// checked that it starts before it ends) (1 ms of slack for
    /// the length the container rounds).
    private static func checkTimes(from: Double, to: Double, in info: MovieInfo, path: String) throws(GLFunError) {
        let length = "the movie is \(format(info.duration)) s long"
        if from >= info.duration {
            throw .movie(MovieError(.badTime, path: path, reason: "--from \(format(from)) s is at or past its end (\(length))"))
        }
        if to > info.duration + 0.001 {
            throw .movie(MovieError(.badTime, path: path, reason: "--to \(format(to)) s is past its end (\(length))"))
        }
    }

    /// A number of seconds as people write it: 3, 2.5, 0.04.
    static func format(_ x: Double) -> String { String(format: "%g", x) }
}
