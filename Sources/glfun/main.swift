import ArgumentParser
import GLES
import DrawingApp
import Foundation

struct Glfun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glfun",
        abstract: "Draw shapes with OpenGL ES 2 through EGL: a drawing window and the classic touch demos, headless rendering and replay to PNG, benchmarks.",
        discussion: """
            With no subcommand, opens the drawing window. In the window:
            \(Shortcuts.lines.joined(separator: "\n"))
            """,
        version: GLFunVersion.string,
        subcommands: [Draw.self, Touches.self, Swipes.self, Happiness.self, Render.self, Replay.self, Bench.self, BenchGestures.self,
                      SlideShow.self, Play.self, TransitionFrame.self, MovieFrame.self, BenchTransition.self,
                      BenchSlideShow.self, Info.self, SoakCommand.self],
        defaultSubcommand: Draw.self)
}

prepareSignalsForOutputs()

if VersionCommand.isAsked(CommandLine.arguments) {
    VersionCommand.lines().forEach { print($0) }
    exit(0)
}

// One line on failure, never a trace: `glfun: error: <what>`.
FatalSignals.installIfMemoryIsLimited()
do {
    var command = try Glfun.parseAsRoot()
    try command.run()
} catch {
    let code = Glfun.exitCode(for: error)
    if code == .success {
        Glfun.exit(withError: error)  // --help, --version: print as usual
    }
    var message = error is GlfunError ? "\(error)" : Glfun.message(for: error)
    message = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "failed"
    if message.hasPrefix("Error: ") { message.removeFirst(7) }
    FileHandle.standardError.write(Data("glfun: error: \(message)\n".utf8))
    exit(code == .validationFailure ? 64 : 1)
}
