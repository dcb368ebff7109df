internal import CMPV
import Foundation

/// What a movie file is, found without GL and without decoding a frame (a libmpv core with no
/// video output, paused): for a command that must know the file plays before it opens a window.
public enum MovieProbe {
    /// The file can be opened for reading and is not a folder; else `.cannotRead` with the reason.
    public static func checkReadable(_ path: String) throws(MovieError) {
        guard !path.utf8.contains(0) else { throw MovieError(.cannotRead, path: path, reason: "the path has a NUL byte") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MovieError(.cannotRead, path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw MovieError(.cannotRead, path: path, reason: "is a folder, not a movie")
        }
    }

    /// Opens `path` in libmpv far enough to know its video track, size, length and rate, or
    /// why it cannot be played; at most `timeout` seconds.
    public static func info(_ path: String, timeout: Double = 20) throws(MovieError) -> MovieInfo {
        try checkReadable(path)
        let core = try MPVCore(path: path, options: [("vo", "null"), ("ao", "null"), ("aid", "no"), ("pause", "yes")])
        try core.command(["loadfile", path])
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw MovieError(.timedOut, path: path, reason: "not loaded after \(timeout) s") }
            switch core.nextEvent(timeout: left) {
            case .fileLoaded:
                guard let size = core.videoTrackSize(), size.width > 0, size.height > 0 else {
                    throw MovieError(.noVideo, path: path, reason: "no video track (a sound file?)")
                }
                return MovieInfo(width: size.width, height: size.height, duration: core.double("duration") ?? 0,
                                 frameRate: core.double("container-fps") ?? 0)
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
