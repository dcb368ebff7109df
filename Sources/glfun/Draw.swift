import ArgumentParser
import GLFunDrawingApp
import Foundation
import GLFunKit
import GLFunSwipesApp
import GLFunTouchExplorerApp

struct Draw: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the drawing window (the default command).",
        discussion: """
            Pick a color and a shape in the bars (or with the keys below) and drag to draw. Keys:
            \(Shortcuts.helpTable)

            Unsaved work is autosaved on exit to $GLFUN_AUTOSAVE_DIR, $XDG_DATA_HOME/glfun or \
            ~/.local/share/glfun (else the current folder, $XDG_RUNTIME_DIR, /tmp); the file is \
            named on stderr. While there are unsaved changes, a crash-recovery copy is kept in \
            $XDG_STATE_HOME/glfun (~/.local/state/glfun); after a crash or kill -9 the next \
            `glfun draw` opens it.
            """)

    @OptionGroup var window: WindowOptions

    @Option(help: "Open this scene JSON (Ctrl+S saves back to it).")
    var open: String?

    @Option(help: "Where Ctrl+S saves the scene JSON (a PNG is written beside it).")
    var save: String?

    @OptionGroup var settings: SettingsOptions<DrawingApp.Settings>

    @Option(help: "Seed for the Random color (default: from the clock).")
    var seed: UInt64?

    @Flag(help: "Do not open the unsaved drawing a crashed or killed glfun left (it stays for later).")
    var noRecover = false

    @Option(help: "Open a demo app instead: touches, swipes or swipes-recognizer (as `glfun touches`, `glfun swipes`).")
    var demo: Demo?

    enum Demo: String, ExpressibleByArgument {
        case touches, swipes
        case swipesRecognizer = "swipes-recognizer"
    }

    func validate() throws {
        // Refused before the window opens: a save there could only fail (issue 32, item 20).
        var isFolder: ObjCBool = false
        if let save, FileManager.default.fileExists(atPath: save, isDirectory: &isFolder), isFolder.boolValue {
            let example = (save.hasSuffix("/") ? save : save + "/") + "drawing.json"
            throw ValidationError("--save \(save) is a folder; name the scene file to write (as \(example))")
        }
    }

    func run() throws {
        MallocTuning.applyForScenes()
        switch demo {
        case .touches?: return try Touches.open(window)
        case .swipes?: return try Swipes.open(window)
        case .swipesRecognizer?: return try Swipes.open(window, settings: .init(recognizers: true))
        case nil: break
        }
        var document: Scene? = nil
        if let open { document = try readScene(open) }
        let recovered = noRecover ? nil : RecoveredDrawing.take(open: open)
        if let recovered { document = recovered.document }
        let size = window.size(or: document.map { (Float($0.width), Float($0.height)) } ?? defaultWindowSize)
        // --aa not given: a new drawing is antialiased, an opened one keeps its own.
        let settings: DrawingApp.Settings
        do { settings = try self.settings.settings(over: .init(antialias: document?.antialias ?? true)) } catch {
            throw GLFunError.settings(path: DrawingApp.name, error)
        }
        let config = DrawingApp.Config(classic: settings.classic, seed: seed ?? UInt64(Date().timeIntervalSince1970 * 1000),
                                          antialias: settings.antialias)
        let loadImages = documentImagesLoader(document, openedFrom: recovered?.path ?? open)
        try runInWindow(size: size, options: window, savePath: save ?? open,
                        prepare: { _, renderer throws(GLFunError) in try loadImages(renderer) }) { canvas in
            let app = DrawingApp(canvas: canvas, config: config, document: document)
            if recovered != nil { app.markUnsaved() }  // saved nowhere the user chose: Ctrl+S or autosave
            return app
        }
    }
}
