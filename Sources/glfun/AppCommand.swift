import ArgumentParser
import Foundation
import GLFunHost
import GLFunUI

/// `glfun <name>` for a registered app with no command of its own: a window, the app made from
/// its settings. Its options are its settings' (`AppSettings.options`, `SettingsOptions`): read
/// by the same code as a recording's session line (`SessionOptions`), so both are checked alike.
struct AppCommand<A: GLFunApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: A.name, abstract: "Open the \(A.name) app in a window.")
    }

    @OptionGroup var window: WindowOptions

    @OptionGroup var settings: SettingsOptions<A.Settings>

    @Option(help: "The seed of the app's random choices.")
    var seed: UInt64 = 0

    func validate() throws {
        do throws(SessionOptionsError) { try settings.settings().validate() } catch {
            throw SettingsOptions<A.Settings>.commandLineError(error)
        }
    }

    func run() throws {
        MallocTuning.applyForScenes()
        let settings: A.Settings
        do { settings = try self.settings.settings() } catch { throw GLFunError.settings(path: A.name, error) }
        try runInWindow(A.self, settings: settings, seed: seed, size: window.size(), options: window, path: A.name)
    }
}
