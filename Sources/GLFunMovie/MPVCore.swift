internal import CMPV
import Foundation
import GLFunGLES

/// One libmpv core (mpv_handle): options, commands, properties and its event queue, in Swift
/// values. Internal: `Movie` and `MovieProbe` are the public faces. Calls come from one thread
/// (the owner's); libmpv's own threads reach the owner only through `WakeSignal`.
final class MPVCore {
    let handle: OpaquePointer
    let path: String
    /// libmpv's functions (loaded at the first movie).
    let lib: LibMPV
    /// The last error-level message libmpv logged (what a user is told on a failure).
    private(set) var lastLoggedError: String?

    /// What every core is given first: no terminal, no config files, none of mpv's own
    /// bindings, and none of the Lua scripts mpv's window runs (its controller, console, stats
    /// page, auto profiles, youtube-dl hook: each a Lua state and a thread of its own, started
    /// and fed events for nothing here).
    static let baseOptions: [(String, String)] = [
        ("terminal", "no"), ("config", "no"), ("input-default-bindings", "no"), ("idle", "yes"),
        ("osc", "no"), ("load-scripts", "no"), ("load-stats-overlay", "no"), ("load-osd-console", "no"),
        ("load-auto-profiles", "no"), ("ytdl", "no"),
    ]

    /// A core with `options` set before it starts (mpv_set_option_string), after
    /// `baseOptions`; logging to the terminal is off and error messages come back as events.
    init(path: String, options: [(String, String)]) throws(MovieError) {
        let lib = try LibMPV.get(for: path)
        self.lib = lib
        guard let h = lib.create() else { throw MovieError(.libmpv, path: path, reason: "mpv_create failed") }
        handle = h
        self.path = path
        for (k, v) in MPVCore.baseOptions + options {
            let r = lib.setOptionString(h, k, v)
            if r < 0 {
                lib.terminateDestroy(h)
                throw MovieError(.libmpv, path: path, reason: "option \(k)=\(v): \(MPVCore.errorString(r))")
            }
        }
        let r = lib.initialize(h)
        if r < 0 {
            lib.terminateDestroy(h)
            throw MovieError(.libmpv, path: path, reason: "mpv_initialize: \(MPVCore.errorString(r))")
        }
        // Errors always (what a failure is told with); more when the logger is verbose.
        _ = lib.requestLogMessages(h, MovieLog.mpvLevel)
    }

    deinit { lib.terminateDestroy(handle) }

    static func errorString(_ code: Int32) -> String {
        guard case let .success(lib) = LibMPV.shared, let s = lib.errorString(code) else { return "libmpv error \(code)" }
        return String(cString: s)
    }

    /// Calls `signal.fire()` whenever an event waits (from libmpv's threads).
    func setWakeup(_ signal: WakeSignal) {
        lib.setWakeupCallback(handle, { ctx in
            guard let ctx else { return }
            Unmanaged<WakeSignal>.fromOpaque(ctx).takeUnretainedValue().fire()
        }, Unmanaged.passUnretained(signal).toOpaque())
    }

    /// Asks for an event with the new value whenever the flag property `name` changes.
    func observeFlag(_ name: String) { _ = lib.observeProperty(handle, 0, name, MPV_FORMAT_FLAG) }

    /// Runs a command without waiting for libmpv's core (mpv_command_async): for controls
    /// given while it plays, which must not stall the caller's frame while the core is busy.
    func commandAsync(_ args: [String]) {
        _ = MPVCore.withCStrings(args) { lib.commandAsync(handle, 0, $0) }
    }

    /// Sets a property without waiting for the core (mpv_set_property_async).
    func setAsync(_ name: String, _ value: String) {
        value.withCString { v in
            var p: UnsafePointer<CChar>? = v
            _ = lib.setPropertyAsync(handle, 0, name, MPV_FORMAT_STRING, &p)
        }
    }

    /// Runs a command (mpv_command), e.g. ["seek", "1.5", "absolute+exact"].
    func command(_ args: [String]) throws(MovieError) {
        let r = MPVCore.withCStrings(args) { lib.command(handle, $0) }
        if r < 0 {
            throw MovieError(.libmpv, path: path, reason: "\(args.joined(separator: " ")): \(MPVCore.errorString(r))")
        }
    }

    func set(_ name: String, _ value: String) throws(MovieError) {
        let r = lib.setPropertyString(handle, name, value)
        if r < 0 { throw MovieError(.libmpv, path: path, reason: "\(name)=\(value): \(MPVCore.errorString(r))") }
    }

    func double(_ name: String) -> Double? {
        var v = 0.0
        return lib.getProperty(handle, name, MPV_FORMAT_DOUBLE, &v) >= 0 ? v : nil
    }

    func int(_ name: String) -> Int? {
        var v: Int64 = 0
        return lib.getProperty(handle, name, MPV_FORMAT_INT64, &v) >= 0 ? Int(v) : nil
    }

    func flag(_ name: String) -> Bool? {
        var v: Int32 = 0
        return lib.getProperty(handle, name, MPV_FORMAT_FLAG, &v) >= 0 ? v != 0 : nil
    }

    func string(_ name: String) -> String? {
        guard let p = lib.getPropertyString(handle, name) else { return nil }
        defer { lib.free(p) }
        return String(cString: p)
    }

    /// Events the owner acts on, in Swift values.
    enum Event {
        case fileLoaded
        case videoReconfigured
        case playbackRestarted
        case flagChanged(String, Bool)
        case endFile(error: Int32?)  // nil: it ended without an error
        case shutdown
    }

    /// The next waiting event, waiting at most `timeout` seconds (0: do not wait); nil if none.
    /// Log messages are kept (`lastLoggedError`), not returned.
    func nextEvent(timeout: Double = 0) -> Event? {
        var wait = timeout
        while true {
            guard let e = lib.waitEvent(handle, wait)?.pointee else { return nil }
            wait = 0
            switch e.event_id {
            case MPV_EVENT_NONE: return nil
            case MPV_EVENT_LOG_MESSAGE:
                if let m = e.data?.assumingMemoryBound(to: mpv_event_log_message.self).pointee, let t = m.text {
                    let text = String(cString: t).trimmingCharacters(in: .whitespacesAndNewlines)
                    let prefix = m.prefix.map { String(cString: $0) } ?? ""
                    let level = m.log_level
                    if level.rawValue <= MPV_LOG_LEVEL_WARN.rawValue {
                        MovieLog.logger.debug("libmpv [\(prefix)] \(text)")
                    } else {
                        MovieLog.logger.trace("libmpv [\(prefix)] \(text)")
                    }
                    if !text.isEmpty, level.rawValue <= MPV_LOG_LEVEL_ERROR.rawValue {
                        lastLoggedError = prefix.isEmpty ? text : "\(prefix): \(text)"
                    }
                }
            case MPV_EVENT_FILE_LOADED: return .fileLoaded
            case MPV_EVENT_VIDEO_RECONFIG: return .videoReconfigured
            case MPV_EVENT_PLAYBACK_RESTART: return .playbackRestarted
            case MPV_EVENT_SHUTDOWN: return .shutdown
            case MPV_EVENT_PROPERTY_CHANGE:
                guard let p = e.data?.assumingMemoryBound(to: mpv_event_property.self).pointee, let name = p.name,
                      p.format == MPV_FORMAT_FLAG, let v = p.data?.assumingMemoryBound(to: Int32.self).pointee else { continue }
                return .flagChanged(String(cString: name), v != 0)
            case MPV_EVENT_END_FILE:
                guard let end = e.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee else {
                    return .endFile(error: nil)
                }
                return .endFile(error: end.reason == MPV_END_FILE_REASON_ERROR ? end.error : nil)
            default: continue
            }
        }
    }

    /// What a file's end with libmpv's error `code` means: with no audio decoded (`aid=no`),
    /// "nothing to play" is a file with no video track.
    func failure(_ code: Int32) -> MovieError {
        if code == MPV_ERROR_NOTHING_TO_PLAY.rawValue {
            return MovieError(.noVideo, path: path, reason: "no video track (a sound file?)")
        }
        return MovieError(.cannotPlay, path: path, reason: failureReason(code))
    }

    /// Why a file failed, for the user: libmpv's error and its last logged error.
    func failureReason(_ code: Int32) -> String {
        let base = MPVCore.errorString(code)
        guard let logged = lastLoggedError else { return base }
        return "\(base) (\(logged))"
    }

    /// The first video track's size as the demuxer reports it, or nil when there is none.
    func videoTrackSize() -> (width: Int, height: Int)? {
        let n = int("track-list/count") ?? 0
        for i in 0..<n where string("track-list/\(i)/type") == "video" {
            if flag("track-list/\(i)/albumart") == true { continue }
            let w = int("track-list/\(i)/demux-w") ?? 0, h = int("track-list/\(i)/demux-h") ?? 0
            return (w, h)
        }
        return nil
    }

    static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
        // Through FileName: a path whose name is not UTF-8 reaches libmpv as its own bytes.
        let copies = strings.map { s in FileName.withCString(s) { strdup($0) } }
        defer { copies.forEach { free($0) } }
        var ptrs: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return ptrs.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
