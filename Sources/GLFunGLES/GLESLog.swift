import Logging

/// The library's diagnostics (swift-log), as Swift servers and tools log: which EGL platform a
/// headless context got and the fallbacks taken on the way. Everything is logged at `.debug` or
/// `.trace`, so nothing is printed unless the program asks for it (its `LoggingSystem`
/// bootstrap and level; `glfun --verbose` or `GLFUN_LOG_LEVEL=debug`).
public enum GLESLog {
    /// Label "glfun.gles".
    public static let logger = Logger(label: "glfun.gles")
}
