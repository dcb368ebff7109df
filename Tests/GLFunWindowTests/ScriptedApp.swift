import Foundation
import GLFunHost
import GLFunUI

/// An app for WindowHost's tests: it keeps every event it gets, answers each with what the test
/// says (`answer`), draws nothing, and may have a document (`NoteDocument`).
final class ScriptedApp: InteractiveApp {
    typealias Frame = FrameTarget
    static let name = "scripted"
    var title = "Scripted"
    var session: Session { Session(app: ScriptedApp.name, seed: 7) }
    private(set) var events: [TimedEvent] = []
    /// The effects for an event (by default: a key "q" quits, any other input redraws).
    var answer: (TimedEvent) -> [HostEffect] = { e in
        if case let .key(k, _) = e.event, k == Key("q") { return [.quit] }
        return [.redraw]
    }
    var nextDeadline: Double?
    var wakeup: HostWakeup?
    var document: NoteDocument?
    var documentForSaving: (any AppDocument)? { document }
    private(set) var framesDrawn = 0

    func handle(_ event: TimedEvent) -> [HostEffect] {
        events.append(event)
        return answer(event)
    }

    func draw(_ frame: FrameTarget) throws -> FrameReport {
        framesDrawn += 1
        return FrameReport()
    }

    /// The events other than the session and the first resize, without their times.
    var inputs: [InputEvent] { events.dropFirst(2).map(\.event) }
}

/// A document of text lines: a key typed adds one (`add`), `write` writes them.
final class NoteDocument: AppDocument {
    private(set) var lines: [String] = []
    private(set) var saves = 0
    private var savedRevision = 0
    private(set) var revision = 0
    var failWrites = false

    func add(_ line: String) {
        lines.append(line)
        revision += 1
    }

    var hasUnsavedChanges: Bool { revision != savedRevision }
    var defaultFileName: String { "notes.txt" }

    func write(to path: String, preview: Bool) throws -> [String] {
        if failWrites { throw CocoaError(.fileWriteNoPermission) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return [path]
    }

    func markSaved() {
        savedRevision = revision
        saves += 1
    }

    func recoverySnapshot() -> @Sendable () -> [UInt8] {
        let t = text
        return { Array(t.utf8) }
    }

    var text: String { lines.map { $0 + "\n" }.joined() }
}
