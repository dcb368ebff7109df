import ArgumentParser
import GLFunSwipesApp

struct Swipes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Swipes: a swipe shows \"Horizontal swipe detected\" or \"Vertical swipe detected\" for 2 seconds.",
        discussion: "Alt+Shift-drag makes a two-finger swipe with a mouse. Esc or Ctrl+Q quits; F11 full screen.")

    @OptionGroup var window: WindowOptions

    @OptionGroup var settings: SettingsOptions<SwipesApp.Settings>

    func validate() throws {
        let settings = try self.settings.settings()
        if settings.classic && settings.recognizers {
            throw ValidationError("--classic is the hand-written detector; not with --recognizers")
        }
    }

    func run() throws {
        try Swipes.open(window, settings: try settings.settings())
    }

    static func open(_ window: WindowOptions, settings: SwipesApp.Settings = .commandLineDefaults) throws {
        try runInWindow(SwipesApp.self, settings: settings, seed: 0, size: window.size(), options: window, path: SwipesApp.name)
    }
}
