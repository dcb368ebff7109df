import ArgumentParser
import Foundation
import GLFunHost
import GLFunUI

/// `glfun <name>` for a registered app with no command of its own: a window, the app made from
/// its settings. Each setting is `--set KEY=VALUE`, spelled as in the session line and read by
/// the same code (`SessionOptions`), so the command line and a recording are checked alike.
struct AppCommand<A: GLFunApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: A.name,
            abstract: "Open the \(A.name) app in a window.",
            discussion: "Its settings are --set KEY=VALUE (the names its recordings' session lines use: "
                + "\(SessionOptions.encode(A.recordedDefaults).keys.sorted().joined(separator: ", "))).")
    }

    @OptionGroup var window: WindowOptions

    @Option(name: .customLong("set"), help: ArgumentHelp("A setting of the app, KEY=VALUE.", valueName: "key=value"))
    var settings: [String] = []

    @Option(help: "The seed of the app's random choices.")
    var seed: UInt64 = 0

    /// The settings given, over the app's defaults.
    func appSettings() throws(GLFunError) -> A.Settings {
        var options: [String: String] = [:]
        for pair in settings {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                throw .option("--set takes KEY=VALUE, not \(pair)")
            }
            options[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
        }
        do { return try A.settings(from: Session(app: A.name, seed: seed, options: options)) } catch {
            throw .settings(path: A.name, error)
        }
    }

    func run() throws {
        MallocTuning.applyForScenes()
        try runInWindow(A.self, settings: try appSettings(), seed: seed, size: window.size(), options: window, path: A.name)
    }
}
