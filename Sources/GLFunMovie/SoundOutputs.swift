import Foundation

/// libmpv's audio outputs (`ao`) worth trying on this machine, in order, then `null`. ALSA is
/// tried only where the kernel lists a sound card: without one, alsa-lib writes its own
/// "ALSA lib …" lines on stderr (eight of them, past libmpv's `terminal=no`) before libmpv
/// falls back to no sound. PulseAudio (or PipeWire's pulse server) only where its socket is.
public enum SoundOutputs {
    /// The `ao` list: "pulse,alsa,null", "alsa,null", "pulse,null" or "null".
    /// - Parameters:
    ///   - environment: for `PULSE_SERVER` and `XDG_RUNTIME_DIR`.
    ///   - exists: whether a path exists (the machine's files by default).
    ///   - soundCards: the kernel's list of cards (/proc/asound/cards by default; nil: none).
    public static func drivers(environment: [String: String] = ProcessInfo.processInfo.environment,
                               exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) },
                               soundCards: String? = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8))
        -> String {
        var list: [String] = []
        let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
        if !(environment["PULSE_SERVER"] ?? "").isEmpty || (!runtime.isEmpty && exists(runtime + "/pulse/native")) {
            list.append("pulse")
        }
        // /proc/asound/cards says "--- no soundcards ---" when there is none; a card's line
        // starts with its number.
        let hasCard = soundCards?.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true } ?? false
        if hasCard { list.append("alsa") }
        return (list + ["null"]).joined(separator: ",")
    }
}
