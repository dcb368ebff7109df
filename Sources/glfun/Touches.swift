import ArgumentParser
import TouchExplorerApp

struct Touches: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "TouchExplorer: what the touches are doing (phase, taps, touches), a dot under each.",
        discussion: "Alt-drag makes two touches with a mouse. Esc or Ctrl+Q quits; F11 full screen.")

    @OptionGroup var window: WindowOptions

    func run() throws {
        try Touches.open(window)
    }

    static func open(_ window: WindowOptions) throws {
        let size = (window.size?.width ?? 800, window.size?.height ?? 600)
        try runInWindow(size: size, options: window) { canvas in TouchExplorerApp(canvas: canvas) }
    }
}
