import ArgumentParser
import GLFunGLES

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the EGL and GL implementation in use.")

    func run() throws {
        let ctx: Context
        do { ctx = try Context.headless() } catch { throw GLFunError.headlessContext(error) }
        for (k, v) in ctx.info { print("\(k): \(v)") }
        for attempt in ctx.failedAttempts { print("tried first: \(attempt)") }
    }
}
