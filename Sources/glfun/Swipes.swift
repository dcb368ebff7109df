import ArgumentParser
import SwipesApp

struct Swipes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Swipes: a swipe shows \"Horizontal swipe detected\" or \"Vertical swipe detected\" for 2 seconds.",
        discussion: "Alt+Shift-drag makes a two-finger swipe with a mouse. Esc or Ctrl+Q quits; F11 full screen.")

    @OptionGroup var window: WindowOptions

    @Flag(help: "Find swipes with swipe gesture recognizers for 1, 2 and 3 fingers, not the hand-written detector.")
    var recognizers = false

    @Flag(help: "The sample's code to the letter: the check on every move against where the last touch began, each passing move showing the label again.")
    var classic = false

    func validate() throws {
        if classic && recognizers { throw ValidationError("--classic is the hand-written detector; not with --recognizers") }
    }

    func run() throws {
        try Swipes.open(window, recognizers: recognizers, classic: classic)
    }

    static func open(_ window: WindowOptions, recognizers: Bool, classic: Bool = false) throws {
        try runInWindow(SwipesApp.self, settings: .init(recognizers: recognizers, classic: classic), seed: 0,
                        size: window.size(), options: window, path: SwipesApp.name)
    }
}
