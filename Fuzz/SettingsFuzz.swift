// libFuzzer target: the recording's settings of every app. The input is a recording's first line
// (its session line: "app", "seed", "options"), read with GLFunHost's event-log reader as
// `glfun replay` reads it; its options are then read as each app's `Settings` (whatever app the
// line names: `HostedApp.settings(from:)`, with that app's `recordedDefaults`) and checked as
// the command line checks them (`AppSettings.validate`). The apps are glfun's registry's:
// scripts/fuzz/build writes `registeredApps()` from Sources/glfun/AppRegistry.swift. Any input
// must give settings or a typed error (the reader's `EventLogError`, a `SessionOptionsError`:
// the throws are typed, so no other error can come), never a crash or a hang; and settings read must write
// (`SessionOptions.encode`) options that read back as the same settings. Nothing here opens a
// file or touches GL: the slide show stops at its settings (its paths are not read), the
// player's movie is not probed. Built and run by scripts/fuzz/run.
import GLFunHost

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let first = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? size
    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<first]), as: UTF8.self)
    let events: [TimedEvent]
    do throws(EventLogError) { events = try EventLog.parse(line, file: "fuzz") } catch { return 0 }
    _ = EventLog.appName(of: events)
    guard let session = events.lazy.compactMap({ e -> Session? in
        if case let .session(s) = e.event { s } else { nil }
    }).first else { return 0 }

    for app in registeredApps() { check(app, session) }
    return 0
}

/// Reads `session`'s options as `A`'s settings and checks them (`AppSettings.validate`);
/// settings read must come back the same from their own options.
private func check<A: HostedApp>(_ app: A.Type, _ session: Session) {
    let settings: A.Settings
    do throws(SessionOptionsError) { settings = try A.settings(from: session) } catch { return }
    do throws(SessionOptionsError) { try settings.validate() } catch {}
    let written = Session(app: session.app, seed: session.seed, options: SessionOptions.encode(settings))
    do throws(SessionOptionsError) {
        let again = try A.settings(from: written)
        if again != settings {
            fatalError("\(A.name)'s settings do not read back from their own options:\n\(settings)\n---\n\(again)\n\(written.options)")
        }
    } catch {
        fatalError("\(A.name)'s settings' own options do not read (\(error)): \(written.options)")
    }
}
