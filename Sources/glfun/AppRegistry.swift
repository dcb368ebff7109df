import ArgumentParser
import GLFunDrawingApp
import GLFunHost
import GLFunUI
import GLFunHappinessApp
import GLFunPlayerApp
import GLFunSlideShowApp
import GLFunSoak
import GLFunSwipesApp
import GLFunTouchExplorerApp

/// Every app glfun has, one line each. The subcommands (`main.swift`), `glfun replay`'s
/// dispatch and its list of known apps, and `glfun soak --app` come from this list. A new app
/// is its folder under Sources/Apps, its Package.swift entry and one line here (DESIGN.md, "Adding
/// an app"): with no command of its own, it gets `glfun <name>` (`AppCommand`: a window,
/// its settings' options from its `Settings.options`).
/// scripts/fuzz/build reads this list too (the settings fuzzer's apps): keep each entry one
/// line beginning `AppEntry(<Name>App.self`.
enum AppRegistry {
    static let apps: [AppEntry] = [
        AppEntry(DrawingApp.self, command: Draw.self, soak: .drawing),
        AppEntry(TouchExplorerApp.self, command: Touches.self),
        AppEntry(SwipesApp.self, command: Swipes.self),
        AppEntry(HappinessApp.self, command: Happiness.self),
        AppEntry(SlideShowApp.self, command: SlideShow.self, soak: .slideShow),
        AppEntry(PlayerApp.self, command: Play.self),
    ]

    /// The apps' names, in the list's order (what a recording's session line may name).
    static var names: [String] { apps.map(\.name) }

    /// The entry for a recording's app name, or nil.
    static func entry(named name: String) -> AppEntry? { apps.first { $0.name == name } }

    /// The apps a soak can drive, by name.
    static var soakable: [AppEntry] { apps.filter { $0.soak != nil } }
}

/// One app in the registry: its type, its command, and its soak driver if it has one.
struct AppEntry: @unchecked Sendable {  // immutable: metatypes and a Sendable driver
    /// The app's name (`InteractiveApp.name`): its session line's and, by default, its command's.
    let name: String
    /// The app's type.
    let type: any GLFunApp.Type
    /// `glfun <command>`.
    let command: any ParsableCommand.Type
    /// How `glfun soak` drives it, if it can.
    let soak: SoakDriver?

    init<A: GLFunApp>(_ type: A.Type, command: (any ParsableCommand.Type)? = nil, soak: SoakDriver? = nil) {
        name = A.name
        self.type = type
        self.command = command ?? AppCommand<A>.self
        self.soak = soak
    }
}
