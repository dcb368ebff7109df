import Foundation
import GLFunHost
import GLFunWindow
import XCTest

/// WindowHost keeps the work on an in-memory window: `.save`, the autosave on every way out
/// (the close button, a signal, the X server or compositor going away), and the crash-recovery
/// copy while there are unsaved changes, left on disk when nothing else could keep the work.
final class WindowHostSessionTests: WindowHostTestCase {
    func testSaveWritesTheDocumentAndSaysWhere() throws {
        let app = documentApp(), window = makeWindow()
        window.post(.key("a", ms: 1), .key("b", ms: 2), .key("s", ms: 3), .key("q", ms: 4))
        let (status, notices) = try run(app, in: window)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(try String(contentsOfFile: folder + "/saved.txt", encoding: .utf8), "a\nb\n")
        guard case let .saved(paths)? = notices.first else { return XCTFail("\(notices)") }
        XCTAssertEqual(paths, [folder + "/saved.txt"])
        XCTAssertEqual(notices.count, 1, "saved: nothing to autosave at the end")
        XCTAssertTrue(files(in: "autosave").isEmpty)
    }

    func testAFailedSaveKeepsTheWorkForTheAutosave() throws {
        let app = documentApp(), window = makeWindow()
        window.post(.key("a", ms: 1), .key("s", ms: 2), .close)
        var o = options()
        o.savePath = folder + "/no-such-folder/saved.txt"
        let (status, notices) = try run(app, in: window, options: o)
        XCTAssertEqual(status, 0)
        guard notices.count == 2, case .saveFailed = notices[0], case .autosaved = notices[1] else {
            return XCTFail("\(notices)")
        }
    }

    func testTheCloseButtonAutosavesUnsavedWork() throws {
        let app = documentApp(), window = makeWindow()
        window.post(.key("a", ms: 1), .close)
        let (status, notices) = try run(app, in: window)
        XCTAssertEqual(status, 0)
        let autosaves = files(in: "autosave")
        XCTAssertEqual(autosaves.count, 1)
        XCTAssertTrue(autosaves[0].hasPrefix("autosave-") && autosaves[0].hasSuffix(".json"), autosaves[0])
        XCTAssertEqual(try String(contentsOfFile: folder + "/autosave/" + autosaves[0], encoding: .utf8), "a\n")
        guard case let .autosaved(path, reason, temporary)? = notices.last else { return XCTFail("\(notices)") }
        XCTAssertEqual(path, folder + "/autosave/" + autosaves[0])
        XCTAssertEqual(reason, "the window closed")
        XCTAssertFalse(temporary)
        XCTAssertTrue(files(in: "recovery").isEmpty, "the crash-recovery copy goes once the work is kept")
    }

    func testNothingUnsavedNothingAutosaved() throws {
        let app = documentApp(), window = makeWindow()
        window.post(.key("q", ms: 1))
        let (status, notices) = try run(app, in: window)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(notices.isEmpty, "\(notices)")
        XCTAssertTrue(files(in: "autosave").isEmpty)
    }

    func testASignalEndsTheSessionWithTheAutosave() throws {
        let app = documentApp(), window = makeWindow()
        window.post(.key("a", ms: 1), .signal(SIGTERM))
        let (status, notices) = try run(app, in: window)
        XCTAssertEqual(status, 128 + SIGTERM)
        guard case let .autosaved(_, reason, _)? = notices.last else { return XCTFail("\(notices)") }
        XCTAssertEqual(reason, "signal \(SIGTERM)")
        XCTAssertEqual(files(in: "autosave").count, 1)
    }

    func testTheServerGoingAwayEndsTheSessionThere() throws {
        let app = documentApp(), window = makeWindow()
        window.post(.key("a", ms: 1), .key("b", ms: 2), .loseConnection, .key("never", ms: 3))
        _ = try run(app, in: window)
        XCTAssertTrue(window.connectionLost)
        XCTAssertEqual(app.inputs, [.key("a", []), .key("b", [])], "nothing read after the connection went")
        XCTAssertEqual(files(in: "autosave").count, 1)
        XCTAssertTrue(files(in: "recovery").isEmpty)
    }

    func testTheConnectionLostNoticeFollowsTheAutosave() throws {
        let app = documentApp(), window = makeWindow()
        window.post(.key("a", ms: 1), .loseConnection)
        let (_, notices) = try run(app, in: window)
        guard notices.count == 2, case let .autosaved(path, reason, _) = notices[0],
              case let .connectionLost(system) = notices[1] else { return XCTFail("\(notices)") }
        XCTAssertEqual(reason, "the InMemory connection was lost")
        XCTAssertEqual(system, "InMemory")
        XCTAssertTrue(notices[1].isError)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "a\n")
    }

    func testACrashRecoveryCopyIsKeptWhileThereAreUnsavedChanges() throws {
        let copy = RecoveryFolder(directory: folder + "/recovery").path()
        var seen: String?
        // What a crash now (kill -9) would leave: the copy, with the unsaved line.
        let app = appQuittingAfterAKey { seen = try? String(contentsOfFile: copy, encoding: .utf8) }
        let window = makeWindow()
        window.post(.key("a", ms: 1))
        let (status, notices) = try run(app, in: window, options: options(recoveryInterval: 0.05))
        XCTAssertEqual(status, 0)
        XCTAssertEqual(seen, "a\n", "the copy was on disk during the session")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy), "removed once the autosave kept the work")
        guard case .autosaved? = notices.last else { return XCTFail("\(notices)") }
    }

    func testWhenNoPlaceTakesTheWorkTheRecoveryCopyStays() throws {
        let app = appQuittingAfterAKey {}, window = makeWindow()
        app.document?.failWrites = true  // every autosave place refuses it; the recovery copy is bytes of its own
        let copy = RecoveryFolder(directory: folder + "/recovery").path()
        window.post(.key("a", ms: 1))
        let (status, notices) = try run(app, in: window, options: options(recoveryInterval: 0.05))
        XCTAssertEqual(status, 1, "the work could not be kept")
        guard case let .lost(_, tried, recoveryCopy)? = notices.last else { return XCTFail("\(notices)") }
        XCTAssertGreaterThanOrEqual(tried.count, 2)
        XCTAssertEqual(recoveryCopy, copy)
        XCTAssertEqual(try String(contentsOfFile: copy, encoding: .utf8), "a\n", "what `glfun draw` adopts next time")
    }

    /// An app whose keys add a line to its document; 0.3 s after the last, a tick: `atTick`, then it quits.
    private func appQuittingAfterAKey(atTick: @escaping () -> Void) -> ScriptedApp {
        let app = ScriptedApp(), doc = NoteDocument()
        app.document = doc
        app.answer = { e in
            switch e.event {
            case let .key(k, _):
                doc.add(k.rawValue)
                app.nextDeadline = e.t + 0.3
                return [.redraw]
            case .tick:
                atTick()
                app.nextDeadline = nil
                return [.quit]
            default:
                return []
            }
        }
        return app
    }
}
