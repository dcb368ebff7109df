import ArgumentParser

/// `glfun movie-export MOVIE --export DIR [--fps N] [--from S] [--to S] [--size WxH]`: a hidden
/// command that runs `MovieExport` for the tests until `glfun play MOVIE --export DIR` takes
/// its place (then this file goes).
struct MovieExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movie-export",
        abstract: "Write a movie's frames as numbered PNGs into a folder, headless (for tests: glfun play --export).",
        shouldDisplay: false)

    @Argument(help: "A movie file (anything libmpv plays).")
    var movie: String

    @Option(help: "The folder to write DIR/frame-00001.png… into (made if need be).")
    var export: String

    @Option(help: "Frames per second, more than 0 and at most 240.")
    var fps: Double = 30

    @Option(help: "The first frame's time in seconds (default 0).")
    var from: Double?

    @Option(help: "Frames are written while their time is before this (default: the movie's end).")
    var to: Double?

    @Option(help: "Fit each frame into WxH pixels (64...8192 each) on black; default: the movie's own size.")
    var size: Size?

    private var pixelSize: (width: Int, height: Int)? { size.map { (Int($0.width), Int($0.height)) } }

    func validate() throws {
        if let why = MovieExport.problem(fps: fps, from: from, to: to, size: pixelSize) { throw ValidationError(why) }
    }

    func run() throws {
        try MovieExport.run(path: movie, directory: export, fps: fps, from: from, to: to, size: pixelSize)
    }
}
