import Foundation
import GLFunPhotos
import TestFixtures
import XCTest

/// Slide lists from images, folders and property lists (XML and binary, written here by
/// PropertyListSerialization), and the errors that name the path and the trouble.
final class SlideListTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try makeFolder("slidelist")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func plist(_ object: Any, _ name: String, _ format: PropertyListSerialization.PropertyListFormat) throws -> String {
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
        let path = dir + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func kind(_ paths: [String], file: StaticString = #filePath, line: UInt = #line) -> SlideListError? {
        do {
            let list = try SlideList(reading: paths)
            XCTFail("expected an error, got \(list.paths)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testAFolderInNaturalOrderWithoutHiddenFilesOrSubfolders() throws {
        for name in ["img10.jpg", "img2.JPG", "IMG1.jpeg", "img3.png", ".hidden.jpg", "notes.txt", "img4.bmp", "img5.GIF",
                     "img6.webp", "img7.heic", "img8.avif"] {
            try write(smallJPEG, dir + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: dir + "/sub.jpg", withIntermediateDirectories: true)
        let list = try SlideList(reading: [dir])
        XCTAssertEqual(list.paths, ["IMG1.jpeg", "img2.JPG", "img3.png", "img5.GIF", "img6.webp", "img7.heic", "img8.avif",
                                    "img10.jpg"].map { dir + "/" + $0 })
        // A trailing slash does not double.
        XCTAssertEqual(try SlideList(reading: [dir + "/"]).paths, list.paths)
    }

    func testImagesByContentOrExtension() throws {
        try write(smallJPEG, dir + "/photo")              // a JPEG without an extension
        try write(Array("garbage".utf8), dir + "/broken.jpg")  // damaged: kept, skipped at show time
        let list = try SlideList(reading: [dir + "/photo", dir + "/broken.jpg", dir + "/photo"])
        XCTAssertEqual(list.paths, [dir + "/photo", dir + "/broken.jpg", dir + "/photo"], "duplicates are kept")
        try write(Array("hello".utf8), dir + "/notes.txt")
        XCTAssertEqual(kind([dir + "/notes.txt"]), SlideListError(path: dir + "/notes.txt", kind: .notAnImageOrList))
    }

    func testXMLArrayAndBinaryDictionaryPropertyLists() throws {
        let xml = try plist(["b.jpg", "sub/a.png", "/abs/c.jpg", "b.jpg"], "imageNames.plist", .xml)
        XCTAssertTrue(String(decoding: try Data(contentsOf: URL(fileURLWithPath: xml)), as: UTF8.self).contains("<plist"))
        XCTAssertEqual(try SlideList(reading: [xml]).paths, [dir + "/b.jpg", dir + "/sub/a.png", "/abs/c.jpg", dir + "/b.jpg"])
        let binary = try plist(["images": ["x.jpg", "y.jpg"], "title": "Holiday"], "show", .binary)
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: binary)).starts(with: Array("bplist".utf8)))
        XCTAssertEqual(try SlideList(reading: [binary]).paths, [dir + "/x.jpg", dir + "/y.jpg"])
        // In order, with other paths.
        try write(smallJPEG, dir + "/z.jpg")
        XCTAssertEqual(try SlideList(reading: [dir + "/z.jpg", binary]).paths, [dir + "/z.jpg", dir + "/x.jpg", dir + "/y.jpg"])
    }

    func testErrorsNameThePathAndTheKind() throws {
        XCTAssertEqual(kind([]), SlideListError(path: "", kind: .noPaths))
        XCTAssertEqual(kind([dir + "/none"]), SlideListError(path: dir + "/none", kind: .noSuchPath))
        let empty = dir + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try write(smallJPEG, empty + "/.only-hidden.jpg")
        XCTAssertEqual(kind([empty]), SlideListError(path: empty, kind: .emptyFolder))
        XCTAssertEqual("\(kind([empty])!)", "\(empty): the folder has no PNG or JPEG images or movies")
        let none = try plist([String](), "none.plist", .xml)
        XCTAssertEqual(kind([none]), SlideListError(path: none, kind: .emptyList))
    }

    func testBadPropertyLists() throws {
        func reason(_ path: String) -> String? {
            guard case let .badPropertyList(r)? = kind([path])?.kind else { return nil }
            return r
        }
        let garbage = dir + "/garbage.plist"
        try write(Array("<?xml version=\"1.0\"?><plist><array><string>a".utf8), garbage)
        XCTAssertEqual(reason(garbage), "not a property list that can be read (XML or binary)")
        XCTAssertEqual(reason(try plist(["names": ["a.jpg"]], "nokey.plist", .xml)),
                       "the dictionary has no \"images\" key (expected an array of image names)")
        XCTAssertEqual(reason(try plist(["images": "a.jpg"], "notarray.plist", .binary)),
                       "\"images\" is not an array of image names")
        XCTAssertEqual(reason(try plist(["images": ["a.jpg", 3]], "number.plist", .xml)),
                       "images[1] is not a file name (a non-empty string)")
        XCTAssertEqual(reason(try plist(["a.jpg", ""], "emptyname.plist", .binary)),
                       "[1] is not a file name (a non-empty string)")
        XCTAssertEqual(reason(try plist("just a string", "string.plist", .xml)),
                       "expected an array of image names, or a dictionary with an \"images\" array")
    }

    func testAHugeListIsNotRead() throws {
        let path = dir + "/huge.plist"
        _ = FileManager.default.createFile(atPath: path, contents: Data("bplist00".utf8))
        let h = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try h.truncate(atOffset: UInt64(SlideList.maxListBytes + 1))  // sparse: nothing written
        try h.close()
        XCTAssertEqual(kind([path]), SlideListError(path: path, kind: .tooLarge(limit: SlideList.maxListBytes)))
    }

    func testUnreadable() throws {
        // A Unix socket is a path no one can open for reading, root included (ENXIO); it is
        // refused as what it is, not a regular file.
        let path = dir + "/s.plist"  // sun_path holds 107 bytes
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "bind \(path)")
        XCTAssertEqual(kind([path]), SlideListError(path: path, kind: .notARegularFile))
    }
}
