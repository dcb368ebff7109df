import Foundation
import GLFunFileOutput
import XCTest

/// `AtomicFile` on real files, FIFOs, devices, sockets and links: outputs written together or
/// not at all, never replacing what is not a regular file, and no temporary file left.
final class AtomicFileTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("atomicfile")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    func assertKind(_ kind: FileWriteError.Kind, _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard let e = error as? FileWriteError else { return XCTFail("expected FileWriteError, got \(error)", file: file, line: line) }
            XCTAssertEqual(e.kind, kind, "\(e)", file: file, line: line)
        }
    }

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & S_IFMT
    }

    func testOutputsAreWrittenTogetherOrNotAtAll() throws {
        let old = dir + "/scene.json", png = dir + "/out.png"
        try AtomicFile.write("old", to: old)
        try FileManager.default.createDirectory(atPath: dir + "/taken", withIntermediateDirectories: false)
        // The second output is a directory: neither is written, nothing is left.
        assertKind(.isDirectory) { try AtomicFile.write([(png, [1, 2, 3]), (dir + "/taken", [4])]) }
        // The second output's folder is missing: the first is not replaced.
        assertKind(.noSuchDirectory) { try AtomicFile.write([(old, Array("new".utf8)), (dir + "/no/x.png", [4])]) }
        XCTAssertEqual(try String(contentsOfFile: old, encoding: .utf8), "old")
        XCTAssertEqual(try listing(), ["scene.json", "taken"])
        try AtomicFile.write([(png, [1, 2, 3]), (old, Array("new".utf8))])
        XCTAssertEqual(try readBytes(png), [1, 2, 3])
        XCTAssertEqual(try String(contentsOfFile: old, encoding: .utf8), "new")
        XCTAssertEqual(try listing(), ["out.png", "scene.json", "taken"])
    }

    func testTheSameFileTwiceIsRefused() throws {
        assertKind(.sameOutputTwice) { try AtomicFile.write([(dir + "/a.png", [1]), (dir + "/./a.png", [2])]) }
        assertKind(.sameOutputTwice) { try AtomicFile.write([("-", [1]), ("-", [2])]) }
        XCTAssertEqual(try listing(), [])
    }

    func testADeviceIsRefusedAndLeftAlone() throws {
        assertKind(.notARegularFile) { try AtomicFile.write([1, 2, 3], to: "/dev/null") }
        XCTAssertEqual(fileType("/dev/null"), S_IFCHR, "/dev/null is still a character device")
        // Through a symbolic link too.
        XCTAssertEqual(symlink("/dev/null", dir + "/null-link"), 0)
        assertKind(.notARegularFile) { try AtomicFile.write([1], to: dir + "/null-link") }
        XCTAssertEqual(fileType(dir + "/null-link"), S_IFLNK)
        XCTAssertEqual(try listing(), ["null-link"])
    }

    func testADirectoryAndASocketAreRefused() throws {
        assertKind(.isDirectory) { try AtomicFile.write([1], to: dir) }
        assertKind(.notAFileName) { try AtomicFile.write([1], to: dir + "/new/") }
        let sock = dir + "/s.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in sock.utf8.enumerated() where i < raw.count - 1 { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        assertKind(.notARegularFile) { try AtomicFile.write([1], to: sock) }
        XCTAssertEqual(fileType(sock), S_IFSOCK)
        XCTAssertEqual(try listing(), ["s.sock"])
    }

    func testAFIFOIsStreamedInto() throws {
        let fifo = dir + "/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let bytes = (0..<300_000).map { UInt8($0 % 251) }
        let received = expectation(description: "the reader got everything")
        nonisolated(unsafe) var got: [UInt8] = []
        Thread.detachNewThread {
            let fd = open(fifo, O_RDONLY)
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fd, &buf, buf.count)
                if n <= 0 { break }
                got += buf[..<n]
            }
            close(fd)
            received.fulfill()
        }
        try AtomicFile.write(bytes, to: fifo)
        wait(for: [received], timeout: 10)
        XCTAssertEqual(got, bytes)
        XCTAssertEqual(fileType(fifo), S_IFIFO, "the FIFO is not replaced")
        XCTAssertEqual(try listing(), ["pipe"])
    }

    func testASymbolicLinkIsWrittenThroughAndKept() throws {
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
        try AtomicFile.write("old", to: dir + "/real/target.json")
        XCTAssertEqual(symlink("real/target.json", dir + "/link.json"), 0)
        try AtomicFile.write("new", to: dir + "/link.json")
        XCTAssertEqual(fileType(dir + "/link.json"), S_IFLNK)
        XCTAssertEqual(try String(contentsOfFile: dir + "/real/target.json", encoding: .utf8), "new")
        // A dangling link: its target is made.
        XCTAssertEqual(symlink("real/made.json", dir + "/dangling.json"), 0)
        try AtomicFile.write("made", to: dir + "/dangling.json")
        XCTAssertEqual(try String(contentsOfFile: dir + "/real/made.json", encoding: .utf8), "made")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/real").sorted(), ["made.json", "target.json"])
        // A loop is an error, not a hang.
        XCTAssertEqual(symlink("loop-b", dir + "/loop-a"), 0)
        XCTAssertEqual(symlink("loop-a", dir + "/loop-b"), 0)
        assertKind(.symlinkLoop) { try AtomicFile.write("x", to: dir + "/loop-a") }
    }

    func testAnExistingFileKeepsItsPermissions() throws {
        let path = dir + "/private.json"
        try AtomicFile.write("old", to: path)
        XCTAssertEqual(chmod(path, 0o600), 0)
        try AtomicFile.write("new", to: path)
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
    }

    func testANulInThePathIsRefused() throws {
        assertKind(.nulInPath) { try AtomicFile.write([1], to: dir + "/a.png\0.txt") }
        assertKind(.nulInPath) { try AtomicFile.write([(dir + "/ok.png", [1]), (dir + "/a\0b", [2])]) }
        XCTAssertEqual(try listing(), [], "nothing written, not even at the path cut at the NUL")
    }

    /// Temporary files of dead processes (kill -9) are removed when the file is written again;
    /// those of live processes, of other files, and other names are kept.
    func testStaleTemporaryFilesOfDeadProcessesAreRemoved() throws {
        let pidMax = Int32(try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines))!
        let dead = pidMax  // pids are below pid_max: no process has this one
        let stale = [".out.png.tmp-\(dead)-123", ".out.png.tmp-\(dead)-9"]
        let kept = [".out.png.tmp-1-5", ".out.png.tmp-\(getppid())-7", ".out.png.tmp-\(dead)-x", ".out.png.tmp-\(dead)",
                    ".other.png.tmp-\(dead)-1", "out.png.tmp-\(dead)-1", ".out.png.tmp-\(dead)-1-2"]
        for n in stale + kept { try AtomicFile.write("x", to: dir + "/" + n) }
        try FileManager.default.createDirectory(atPath: dir + "/.out.png.tmp-\(dead)-77", withIntermediateDirectories: false)
        try AtomicFile.write([1], to: dir + "/out.png")
        XCTAssertEqual(try listing(), (kept + ["out.png", ".out.png.tmp-\(dead)-77"]).sorted())
        // Files named once (autosaves): by the start of their names.
        let once = [".autosave-1-\(dead).json.tmp-\(dead)-5", ".autosave-2-\(dead).json.tmp-\(dead)-6"]
        for n in once { try AtomicFile.write("x", to: dir + "/" + n) }
        XCTAssertEqual(AtomicFile.removeStaleTemporaryFiles(in: dir, forNamesStartingWith: "autosave-"), 2)
        XCTAssertEqual(AtomicFile.removeStaleTemporaryFiles(in: dir, forNamesStartingWith: "other"), 1, ".other.png.tmp-DEAD-1")
        XCTAssertEqual(try listing().count, kept.count + 1)
    }

    /// Over RLIMIT_FSIZE (`ulimit -f`), with SIGXFSZ ignored as glfun does: an error of its
    /// kind, and the temporary file removed.
    func testOverTheFileSizeLimitIsAnErrorAndLeavesNothing() throws {
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var old = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &old)
        var small = old
        small.rlim_cur = 10_000
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small), 0)
        defer {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &old)
            signal(SIGXFSZ, oldHandler)
        }
        assertKind(.tooLarge) { try AtomicFile.write([UInt8](repeating: 7, count: 50_000), to: dir + "/big.png") }
        XCTAssertEqual(try listing(), [])
    }
}

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory(_ tag: String) throws -> String {
    let path = NSTemporaryDirectory() + "/\(tag)-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
