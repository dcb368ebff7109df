import Logging

/// The window host's diagnostics (swift-log, label "glfun.window"): slow frames. At `.debug`,
/// so nothing is printed unless the program asks (see GLES's `GLESLog`).
enum WindowLog {
    static let logger = Logger(label: "glfun.window")
}
