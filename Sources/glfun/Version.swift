import GLFunGLES

/// `glfun --version`: the package's version, nothing else. It opens no GL context (that is
/// most of what a start costs: llvmpipe and LLVM loaded and relocated, about 60 ms and 57 MB);
/// `glfun info` names the GL implementation.
enum VersionCommand {
    /// Whether the command line asks for the version (`glfun --version`, nothing else).
    static func isAsked(_ arguments: [String]) -> Bool {
        arguments.count == 2 && arguments[1] == "--version"
    }

    static func lines() -> [String] {
        ["glfun \(GLFunVersion.string)"]
    }
}
