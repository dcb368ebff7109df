import GLFunFileOutput
import Foundation
import GLFunGLES

/// What the process does with the signals that would otherwise end it in the middle of an
/// output (DESIGN.md, "CLI"), set once at start:
/// - SIGXFSZ (over `ulimit -f`) and SIGPIPE (the reader of a pipe or FIFO went away) are
///   ignored: the write fails with EFBIG or EPIPE, and the command fails with its one
///   `glfun: error:` line, its temporary file removed;
/// - SIGINT, SIGTERM and SIGHUP remove the temporary files being written, then end the process
///   as they would have (exit status 128 + the signal). The window host replaces these
///   handlers with its own, which save the drawing first.
/// - `GLFUN_TEST_WRITE_PAUSE_MS=N` (tests only) makes every output file be written slowly,
///   4 KiB every N ms, so a test can signal a write in the middle.
func prepareSignalsForOutputs() {
    signal(SIGXFSZ, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
    AtomicFile.removeTemporaryFilesOnSignals()
    if let ms = ProcessInfo.processInfo.environment["GLFUN_TEST_WRITE_PAUSE_MS"].flatMap({ UInt32($0) }) {
        AtomicFile.testPauseMicroseconds = min(ms, 10_000) * 1000
    }
}
