import ArgumentParser
import TouchExplorerApp

struct Touches: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "TouchExplorer: what the touches are doing (phase, taps, touches), a dot under each.",
        discussion: "Alt-drag makes two touches with a mouse. Esc or Ctrl+Q quits; F11 full screen.")

    @OptionGroup var window: WindowOptions

    @Flag(help: "The original exactly: its texts (\"1 taps detected\", the touches of each event counted) and its labels' places.")
    var classic = false

    func run() throws {
        try Touches.open(window, classic: classic)
    }

    static func open(_ window: WindowOptions, classic: Bool = false) throws {
        try runInWindow(TouchExplorerApp.self, settings: .init(classic: classic), seed: 0, size: window.size(),
                        options: window, path: TouchExplorerApp.name)
    }
}
