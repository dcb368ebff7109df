import ArgumentParser
import GLFunTouchExplorerApp

struct Touches: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "TouchExplorer: what the touches are doing (phase, taps, touches), a dot under each.",
        discussion: "Alt-drag makes two touches with a mouse. Esc or Ctrl+Q quits; F11 full screen.")

    @OptionGroup var window: WindowOptions

    @OptionGroup var settings: SettingsOptions<TouchExplorerApp.Settings>

    func run() throws {
        try Touches.open(window, settings: try settings.settings())
    }

    static func open(_ window: WindowOptions, settings: TouchExplorerApp.Settings = .commandLineDefaults) throws {
        try runInWindow(TouchExplorerApp.self, settings: settings, seed: 0, size: window.size(), options: window,
                        path: TouchExplorerApp.name)
    }
}
