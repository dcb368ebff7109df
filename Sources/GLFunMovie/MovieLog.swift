import Logging

/// GLFunMovie's diagnostics (swift-log, label "glfun.movie"): libmpv's own messages (its
/// warnings and errors at `.debug`, the rest at `.trace`) and what a movie did. Nothing is
/// printed unless the program asks (see `GLESLog`).
enum MovieLog {
    static let logger = Logger(label: "glfun.movie")

    /// The libmpv message level to ask for: more when the logger would print more.
    static var mpvLevel: String {
        switch logger.logLevel {
        case .trace: return "v"
        case .debug: return "warn"
        default: return "error"
        }
    }
}
