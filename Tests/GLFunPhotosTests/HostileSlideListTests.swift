import Foundation
import GLFunImages
import GLFunPhotos
import XCTest

/// Slide lists made to hurt, written by the tests: property lists nested past any use (XML and
/// binary, the binary one also pointing back at itself), FIFOs where files belong, an empty path.
final class HostileSlideListTests: XCTestCase {
    func kind(_ body: () throws -> Any) -> SlideListError.Kind? {
        do { _ = try body(); return nil } catch { return (error as? SlideListError)?.kind }
    }

    func names(_ bytes: [UInt8]) -> SlideListError.Kind? {
        kind { try SlideList.names(inPropertyList: Data(bytes), listPath: "/lists/show.plist") }
    }

    func testDeepXMLListsAreRefusedBeforeParsing() {
        let limit = SlideList.maxListDepth
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">"
        let deep = String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
        XCTAssertEqual(names(Array((head + deep + "</plist>").utf8)), .tooDeep(limit: limit))
        // Never closed.
        XCTAssertEqual(names(Array((head + String(repeating: "<dict><key>k</key>", count: 20_000)).utf8)), .tooDeep(limit: limit))
        // Deep inside a second element of a list that starts well.
        let second = "<array><string>a.png</string><array>" + deep + "</array></array></plist>"
        XCTAssertEqual(names(Array((head + second).utf8)), .tooDeep(limit: limit))
        // Comments and self-closing elements do not count; a list just inside the limit reads.
        let fine = "<array><!-- <array><array> --><array/>" + String(repeating: "<array>", count: limit - 3)
            + "<string>x</string>" + String(repeating: "</array>", count: limit - 3) + "<string>a.png</string></array>"
        XCTAssertEqual(names(Array((head + fine + "</plist>").utf8)), .badPropertyList(reason: "[0] is not a file name (a non-empty string)"))
    }

    /// A binary list of `count` objects: object i an array holding `refs(i)`.
    func binaryList(_ count: Int, _ refs: (Int) -> [Int]) -> [UInt8] {
        var out = Array("bplist00".utf8), offsets: [Int] = []
        func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * (n - 1 - $0))) } }
        for i in 0..<count {
            offsets.append(out.count)
            let r = refs(i)
            out += r.count < 15 ? [0xA0 | UInt8(r.count)] : [0xAF, 0x13] + be(r.count, 8)
            for ref in r { out += be(ref, 4) }
        }
        let table = out.count
        for o in offsets { out += be(o, 4) }
        out += [0, 0, 0, 0, 0, 0, 4, 4] + be(count, 8) + be(0, 8) + be(table, 8)
        return out
    }

    func testDeepAndCyclicBinaryListsAreRefused() {
        let limit = SlideList.maxListDepth
        XCTAssertEqual(names(binaryList(10_000) { $0 + 1 < 10_000 ? [$0 + 1] : [] }), .tooDeep(limit: limit))
        XCTAssertEqual(names(binaryList(1) { _ in [0] }), .tooDeep(limit: limit))
        XCTAssertEqual(names(binaryList(3) { [($0 + 1) % 3] }), .tooDeep(limit: limit))
        // Shared (not cyclic) objects are fine: each is measured once; 60 levels each holding
        // the next twice would be 2^60 paths walked naively.
        let shared = names(binaryList(60) { $0 + 1 < 60 ? [$0 + 1, $0 + 1] : [] })
        XCTAssertNotEqual(shared, .tooDeep(limit: limit))
        XCTAssertNotNil(shared)
    }

    func testFIFOsAreRefusedNotWaitedOn() throws {
        let folder = try makeFolder("fifo")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(kind { try SlideList(reading: [fifo]) }, .notARegularFile)
        let list = folder + "/list.plist"
        XCTAssertEqual(mkfifo(list, 0o600), 0)
        XCTAssertEqual(kind { try SlideList(reading: [list]) }, .notARegularFile)
        // In a folder it is listed (by its name) and skipped when its turn comes.
        XCTAssertEqual(try SlideList(reading: [folder]).paths, [fifo])
        XCTAssertEqual(SlideKind(file: fifo), .photo)
        XCTAssertThrowsError(try Image(contentsOfFile: fifo, fitting: ImageFit(width: 64, height: 64))) { e in
            XCTAssertEqual(e as? ImageError, .io(path: fifo, problem: .notARegularFile))
        }
        let loader = PhotoLoader(slides: SlideList(paths: [fifo]), fit: ImageFit(width: 64, height: 64))
        guard case let .failure(error) = loader.image(at: 0) else { return XCTFail("a FIFO decoded") }
        XCTAssertEqual(error.kind, .unreadable)
        XCTAssertEqual(error.underlying, .io(path: fifo, problem: .notARegularFile))
    }

    func testAnEmptyPathIsRefused() {
        XCTAssertEqual(kind { try SlideList(reading: [""]) }, .emptyPath)
        XCTAssertEqual(kind { try SlideList(reading: [".", ""]) }, .emptyPath)
    }
}

/// File names that are not UTF-8 (and names holding the characters that stand for such bytes)
/// are listed, opened and decoded as the files they are.
final class FileNameTests: XCTestCase {
    func testNamesThatAreNotUTF8AreOpenedAsTheyAre() throws {
        let folder = try makeFolder("names")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let raw: [[UInt8]] = [[0xFF, 0xFE] + Array(".png".utf8), Array("caf\u{E9}".utf8) + [0xE9] + Array(".jpg".utf8),
                              Array("\u{F7FF}pua.png".utf8)]
        for (i, name) in raw.enumerated() {
            XCTAssertEqual(FileName.bytes(FileName.string(name)), name)
            let path = folder + "/" + FileName.string(name)
            let fd = FileName.withCString(path) { open($0, O_CREAT | O_WRONLY | O_EXCL, 0o600) }
            XCTAssertGreaterThanOrEqual(fd, 0, "\(name)")
            let bytes: [UInt8] = i == 1 ? smallJPEG : try Image(width: 4, height: 4, fill: (9, 9, 9, 255)).pngData()
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let list = try SlideList(reading: [folder])
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(Set(list.paths.map { Array(FileName.bytes($0).dropFirst(folder.utf8.count + 1)) }), Set(raw))
        let loader = PhotoLoader(slides: list, fit: ImageFit(width: 64, height: 64))
        for i in 0..<list.count {
            guard case .success = loader.image(at: i) else { return XCTFail("\(list[i].debugDescription) did not decode") }
        }
    }
}
