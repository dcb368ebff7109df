internal import CMPV
import Foundation
import GLFunGLES

/// What a movie file is, found without GL and without decoding a frame (a libmpv core with no
/// video output, paused): for a command that must know the file plays before it opens a window.
public enum MovieProbe {
    /// The file is a regular file that can be opened for reading (a FIFO is never waited on:
    /// `RegularFile`); else `.cannotRead` with the reason.
    public static func checkReadable(_ path: String) throws(MovieError) {
        do { try RegularFile.check(path) } catch {
            let reason: String
            switch error {
            case .nulInPath: reason = "the path has a NUL byte"
            case .isDirectory: reason = "is a folder, not a movie"
            case .noSuchFile: reason = String(cString: strerror(ENOENT))
            case .notARegularFile: reason = error.rawValue
            case .unreadable:  // the system's words, as the open that failed had them
                let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                let e = errno
                if fd >= 0 { close(fd) }
                reason = fd >= 0 ? error.rawValue : String(cString: strerror(e))
            }
            throw MovieError(.cannotRead, path: path, reason: reason)
        }
    }

    /// Opens `path` in libmpv far enough to know its video track, size, length and rate and
    /// to decode its first frame, or why it cannot be played; at most `timeout` seconds. The
    /// same file gets the same answer every time: the file stays loaded at its end
    /// (`keep-open`), so its tracks are read before libmpv could close it, and a file that
    /// ends before its first frame (cut short) is `.cannotPlay` as soon as libmpv reaches its
    /// end, not when the caller's wait runs out.
    public static func info(_ path: String, timeout: Double = 20) throws(MovieError) -> MovieInfo {
        try checkReadable(path)
        // One decoding thread: with frame threads the decoder starts on as many frames as it
        // has threads before the first comes out, and only the first is wanted here.
        let core = try MPVCore(path: path, options: [("vo", "null"), ("ao", "null"), ("aid", "no"), ("pause", "yes"),
                                                     ("keep-open", "always"), ("vd-lavc-threads", "1")])
        core.observeFlag("eof-reached")
        try core.command(["loadfile", path])
        let deadline = Date(timeIntervalSinceNow: timeout)
        var found: MovieInfo?
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw MovieError(.timedOut, path: path, reason: "not loaded after \(timeout) s") }
            switch core.nextEvent(timeout: left) {
            case .fileLoaded:
                guard let size = core.videoTrackSize(), size.width > 0, size.height > 0 else {
                    throw MovieError(.noVideo, path: path, reason: "no video track (a sound file?)")
                }
                found = MovieInfo(width: size.width, height: size.height, duration: core.double("duration") ?? 0,
                                  frameRate: core.double("container-fps") ?? 0)
            case .playbackRestarted, .flagChanged("eof-reached", true):
                // Settled (paused on a frame, or at the end): a frame decoded has reached the
                // (null) video output; at the end without one, there is none to show. (The
                // decoder's `video-params` come from the header, frame or not.)
                guard let found else { continue }
                if core.flag("vo-configured") == true { return found }
                if core.flag("eof-reached") == true {
                    throw MovieError(.cannotPlay, path: path, reason: "the file ends before its first frame (cut short?)")
                }
            case let .endFile(error):
                throw core.failure(error ?? MPV_ERROR_LOADING_FAILED.rawValue)
            case .shutdown:
                throw MovieError(.libmpv, path: path, reason: "libmpv shut down")
            default:
                continue
            }
        }
    }
}
