import ArgumentParser
import GLFunGLES

/// `glfun movie-frame MOVIE --at SECONDS --output FRAME.png [--size WxH]`: the exact frame a
/// movie shows at a time, as a PNG, headless (`HeadlessMovie`).
struct MovieFrame: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movie-frame",
        abstract: "Write the frame a movie shows at a time to a PNG, headless.",
        discussion: """
            The frame is the one on screen at --at seconds (the one that started last before it; \
            at or past the end, the last frame, as a player holds it), decoded exactly by libmpv \
            (any file it plays). It is the movie's own size, or fitted into --size on black.
            """)

    @Argument(help: "A movie file (anything libmpv plays).")
    var movie: String

    @Option(help: "The time in seconds, 0 or more (at or past the end: the last frame).")
    var at: Double

    @Option(name: .shortAndLong, help: "The PNG file to write (written atomically; - for standard output).")
    var output: String

    @Option(help: "Fit the frame into WxH pixels (64...8192 each) on black; default: the movie's own size.")
    var size: Size?

    func validate() throws {
        guard at.isFinite, at >= 0 else {
            throw ValidationError("--at must be a time in seconds, 0 or more, not \(MovieExport.format(at))")
        }
    }

    func run() throws {
        // A name that is not UTF-8 reaches libmpv as its bytes (`FileName`).
        let movie = try HeadlessMovie(path: FileName.fromCommandLine([self.movie])[0], size: size.map { (Int($0.width), Int($0.height)) })
        try Outputs.write(try movie.frame(at: at), to: output)
    }
}
