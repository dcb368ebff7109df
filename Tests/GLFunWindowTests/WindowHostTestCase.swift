import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunWindow
import XCTest

/// What WindowHost's tests share: one headless GL context and renderer (the in-memory window
/// draws in it), a temporary folder, the notices a session gave, and a run of an app in an
/// `InMemoryWindow`.
class WindowHostTestCase: XCTestCase {
    nonisolated(unsafe) static var shared: (Context, Renderer)?
    var folder = ""

    /// The notices of the last run, in order.
    final class Notices: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [HostNotice] = []
        func add(_ n: HostNotice) { lock.lock(); list.append(n); lock.unlock() }
        var all: [HostNotice] { lock.lock(); defer { lock.unlock() }; return list }
    }

    override func setUpWithError() throws {
        if Self.shared == nil {
            let context = try Context.headless()
            Self.shared = (context, try Renderer(context: context))
        }
        folder = NSTemporaryDirectory() + "glfun-window-host-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func makeWindow() -> InMemoryWindow { InMemoryWindow(context: Self.shared!.0) }

    /// Options writing into the test's folder: saves, autosaves, recovery copies (every `recoveryInterval` s).
    func options(record: Bool = false, recoveryInterval: Double = 5) -> HostOptions {
        HostOptions(recordPath: record ? folder + "/events.jsonl" : nil, savePath: folder + "/saved.txt",
                    autosaveDirectory: folder + "/autosave", recoveryDirectory: folder + "/recovery",
                    recoveryInterval: recoveryInterval)
    }

    /// Runs `app` in `window` until the session ends: its exit status and the notices.
    func run(_ app: ScriptedApp, in window: InMemoryWindow, options: HostOptions? = nil) throws -> (Int32, [HostNotice]) {
        var o = options ?? self.options()
        let notices = Notices()
        o.notice = { notices.add($0) }
        let host = WindowHost(window: window, app: app, renderer: Self.shared!.1, options: o)
        let status = try host.run()
        return (status, notices.all)
    }

    /// The files in a folder of the test's (none when it is not there).
    func files(in sub: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + sub)) ?? []).sorted()
    }

    /// An app whose keys other than "q" (quit) and "s" (save) add a line to its document.
    func documentApp() -> ScriptedApp {
        let app = ScriptedApp()
        let doc = NoteDocument()
        app.document = doc
        app.answer = { e in
            guard case let .key(k, _) = e.event else { return [] }
            if k == Key("q") { return [.quit] }
            if k == Key("s") { return [.save] }
            doc.add(k.rawValue)
            return [.redraw]
        }
        return app
    }
}
