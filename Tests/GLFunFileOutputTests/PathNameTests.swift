import GLFunFileOutput
import XCTest

/// `PathName` over the paths Foundation's `NSString` methods trap on or answer wrongly.
final class PathNameTests: XCTestCase {
    /// (path, folder, last component): dirname(3) and basename(3), but "" for "".
    static let cases: [(String, String, String)] = [
        ("o", ".", "o"),
        ("ab", ".", "ab"),
        ("/", "/", "/"),
        ("//", "/", "/"),
        ("", ".", ""),
        (".", ".", "."),
        ("..", ".", ".."),
        ("a/", ".", "a"),
        ("a//", ".", "a"),
        ("/a", "/", "a"),
        ("//a", "/", "a"),
        ("./o", ".", "o"),
        ("../o", "..", "o"),
        ("a/b", "a", "b"),
        ("a/b/", "a", "b"),
        ("a//b", "a", "b"),
        ("/a/b/c.png", "/a/b", "c.png"),
        ("é", ".", "é"),
        ("d/é", "d", "é"),
        // A combining mark after the slash: one Character with it, yet the slash still parts.
        ("a/\u{301}", "a", "\u{301}"),
    ]

    func testFolderAndLastComponentAreDirnameAndBasename() {
        for (path, folder, last) in Self.cases {
            XCTAssertEqual(PathName.folder(of: path), folder, "folder of \"\(path)\"")
            XCTAssertEqual(PathName.lastComponent(of: path), last, "last component of \"\(path)\"")
        }
    }

    func testANameThatIsNotUTF8ComesBackWithItsBytes() {
        // FileName (GLES) keeps the bytes 0x80...0xFF as U+F780 + (byte - 0x80).
        let name = "\u{F87F}\u{F87E}.png"  // the bytes FF FE .png
        XCTAssertEqual(PathName.lastComponent(of: "frames/" + name), name)
        XCTAssertEqual(PathName.folder(of: name + "/x"), name)
        XCTAssertEqual(PathName.folder(of: "/" + name + "/"), "/")
        XCTAssertEqual(PathName.joining(name, "f.png"), name + "/f.png")
    }

    func testTrimmedDropsTrailingSlashesOnly() {
        for (path, want) in [("", ""), ("/", "/"), ("///", "/"), ("a/", "a"), ("a//", "a"), ("/a/", "/a"), ("o", "o")] {
            XCTAssertEqual(PathName.trimmed(path), want, "\"\(path)\"")
        }
    }

    func testJoiningPutsOneSlashBetween() {
        XCTAssertEqual(PathName.joining("o", "f.png"), "o/f.png")
        XCTAssertEqual(PathName.joining("o/", "f.png"), "o/f.png")
        XCTAssertEqual(PathName.joining("/", "f.png"), "/f.png")
        XCTAssertEqual(PathName.joining(".", "f.png"), "./f.png")
        XCTAssertEqual(PathName.joining("", "f.png"), "f.png")
        XCTAssertEqual(PathName.joining("o", "/abs/f.png"), "/abs/f.png")
        // Each case's parts joined name the same file again.
        for (path, folder, last) in Self.cases where !path.isEmpty && last != "/" {
            let joined = PathName.joining(folder, last)
            XCTAssertEqual(PathName.lastComponent(of: joined), last, "\"\(path)\"")
        }
    }
}
