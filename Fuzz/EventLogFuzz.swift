// libFuzzer target: the event log (GLFunHost's EventLog.parse). Any input must give events or an
// EventLogError, never a crash or a hang; the events read must write (`EventLog.line`) a log that
// reads back, and writing that again gives the same lines (times and coordinates are rounded
// once, then stable). Built and run by scripts/fuzz/run.
import GLFunHost

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let events = try? EventLog.parse(text, file: "fuzz") else { return 0 }
    let written = events.map(EventLog.line).joined(separator: "\n")
    do {
        let again = try EventLog.parse(written, file: "written")
        let rewritten = again.map(EventLog.line).joined(separator: "\n")
        if rewritten != written { fatalError("an event log written twice differs:\n\(written)\n---\n\(rewritten)") }
    } catch {
        fatalError("an event log's own lines do not read back (\(error)):\n\(written)")
    }
    return 0
}
