import GLES

/// `glfun --version`: the package's version, then the GL implementation a headless context
/// gets here (renderer, version, EGL platform), or why there is none (the version is printed
/// all the same, and the exit status is 0: it answers "which glfun is this" first).
enum VersionCommand {
    /// Whether the command line asks for the version (`glfun --version`, nothing else).
    static func isAsked(_ arguments: [String]) -> Bool {
        arguments.count == 2 && arguments[1] == "--version"
    }

    static func lines() -> [String] {
        var out = ["glfun \(GLFunVersion.string)"]
        do {
            let ctx = try Context.headless()
            let info = Dictionary(ctx.info.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            out.append("GL: \(info["GL_RENDERER"] ?? "?"); \(info["GL_VERSION"] ?? "?"); EGL \(info["EGL_VERSION"] ?? "?") (\(ctx.platform.rawValue))")
        } catch {
            out.append("GL: none (\(error))")
        }
        return out
    }
}
