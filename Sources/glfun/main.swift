import ArgumentParser
import GLFunGLES
import GLFunDrawingApp
import Foundation

struct GLFun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glfun",
        abstract: "Draw shapes with OpenGL ES 2 through EGL: a drawing window and the classic touch demos, headless rendering and replay to PNG, benchmarks.",
        discussion: """
            With no subcommand, opens the drawing window: drag to draw the selected shape. Keys:
            \(Shortcuts.helpTable)

            --verbose (with any command) prints the library's diagnostics on stderr (the EGL platform \
            chosen and the fallbacks taken, libmpv's warnings, slow frames); GLFUN_LOG_LEVEL=trace|debug|info|... \
            sets the level outright. --version prints the version (`glfun info`: the GL implementation).
            """,
        version: GLFunVersion.string,
        // The apps' commands (AppRegistry), then the others.
        subcommands: AppRegistry.apps.map(\.command)
            + [Render.self, Replay.self, Bench.self, BenchGestures.self, TransitionFrame.self, MovieFrame.self,
               BenchTransition.self, BenchSlideShow.self, Info.self, SoakCommand.self],
        defaultSubcommand: Draw.self)
}

prepareSignalsForOutputs()

// The library's diagnostics on stderr: --verbose or GLFUN_LOG_LEVEL (default: nothing printed).
let arguments: [String]
do {
    let (args, level) = try CLILogging.level(arguments: CommandLine.arguments,
                                             environment: ProcessInfo.processInfo.environment)
    arguments = args
    CLILogging.bootstrap(level)
} catch {
    FileHandle.standardError.write(Data((errorLine("\(error)") + "\n").utf8))
    exit(64)
}

if VersionCommand.isAsked(arguments) {
    VersionCommand.lines().forEach { print($0) }
    exit(0)
}

// One line on failure, never a trace: `glfun: error: <what>`.
FatalSignals.installIfMemoryIsLimited()
do {
    var command = try GLFun.parseAsRoot(try CommandWords.checked(Array(arguments.dropFirst())))
    try command.run()
} catch {
    let code = GLFun.exitCode(for: error)
    if code == .success {
        GLFun.exit(withError: error)  // --help, --version: print as usual
    }
    let message = error is GLFunError ? "\(error)" : GLFun.message(for: error)
    FileHandle.standardError.write(Data((errorLine(message) + "\n").utf8))
    exit(code == .validationFailure ? 64 : 1)
}
