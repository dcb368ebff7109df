import ArgumentParser
import SwipesApp

struct Swipes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Swipes: a swipe shows \"Horizontal swipe detected\" or \"Vertical swipe detected\" for 2 seconds.",
        discussion: "Alt+Shift-drag makes a two-finger swipe with a mouse. Esc or Ctrl+Q quits; F11 full screen.")

    @OptionGroup var window: WindowOptions

    @Flag(help: "Find swipes with swipe gesture recognizers for 1, 2 and 3 fingers, not the hand-written detector.")
    var recognizers = false

    func run() throws {
        try Swipes.open(window, recognizers: recognizers)
    }

    static func open(_ window: WindowOptions, recognizers: Bool) throws {
        try runInWindow(SwipesApp.self, settings: .init(recognizers: recognizers), seed: 0, size: window.size(),
                        options: window, path: SwipesApp.name)
    }
}
