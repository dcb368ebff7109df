import Foundation
import GLFunImages
import GLFunPhotos
import TestFixtures
import XCTest

/// Movies among the slides: told by their first bytes (whatever the name says), else by the
/// extension; taken from folders by extension; never decoded as pictures by the loader.
final class SlideKindTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try makeFolder("slidekind")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testFirstBytesOfEachFormat() {
        let box: [UInt8] = [0, 0, 0, 0x20] + bytes("ftypisom") + [UInt8](repeating: 0, count: 20)
        XCTAssertEqual(SlideKind.sniff(box), .movie, "MP4: an ftyp box")
        XCTAssertEqual(SlideKind.sniff([0, 0, 0, 0x14] + bytes("ftypqt  ")), .movie, "MOV")
        XCTAssertEqual(SlideKind.sniff([0, 0, 0, 8] + bytes("wide") + [0, 0, 0, 9] + bytes("mdat")), .movie, "old QuickTime")
        XCTAssertEqual(SlideKind.sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86]), .movie, "Matroska / WebM")
        XCTAssertEqual(SlideKind.sniff(bytes("RIFF") + [1, 2, 3, 4] + bytes("AVI LIST")), .movie, "AVI")
        XCTAssertNil(SlideKind.sniff(bytes("RIFF") + [1, 2, 3, 4] + bytes("WAVEfmt ")), "a WAV is no movie")
        let page = bytes("OggS") + [0, 2] + [UInt8](repeating: 0, count: 20) + [1, 42]
        XCTAssertEqual(SlideKind.sniff(page + [0x80] + bytes("theora") + [3, 2]), .movie, "Ogg Theora")
        XCTAssertNil(SlideKind.sniff(page + [0x01] + bytes("vorbis") + [0, 0]), "Ogg Vorbis is sound")
        XCTAssertEqual(SlideKind.sniff([0, 0, 1, 0xBA, 0x44]), .movie, "MPEG program stream")
        var ts = [UInt8](repeating: 0xFF, count: 400)
        for i in [0, 188, 376] { ts[i] = 0x47 }
        XCTAssertEqual(SlideKind.sniff(ts), .movie, "MPEG transport stream")
        XCTAssertEqual(SlideKind.sniff(smallJPEG), .photo)
        XCTAssertEqual(SlideKind.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]), .photo)
        XCTAssertNil(SlideKind.sniff(bytes("just some words, not a file format")))
        XCTAssertNil(SlideKind.sniff([]))
    }

    func testContentWinsOverTheNameAndTheNameDecidesWhenTheBytesSayNothing() throws {
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestClips.counter()))
        try clip.write(to: URL(fileURLWithPath: dir + "/looks-like-a.png"))
        try write(smallJPEG, dir + "/looks-like-a.mp4")
        try write(bytes("garbage"), dir + "/broken.MKV")
        XCTAssertEqual(SlideKind(file: dir + "/looks-like-a.png"), .movie)
        XCTAssertEqual(SlideKind(file: dir + "/looks-like-a.mp4"), .photo)
        XCTAssertEqual(SlideKind(file: dir + "/broken.MKV"), .movie, "damaged: by its extension, any case")
        XCTAssertEqual(SlideKind(file: dir + "/gone.webm"), .movie, "missing: by its extension")
        XCTAssertEqual(SlideKind(file: dir + "/gone.jpg"), .photo)
    }

    func testFoldersTakeMoviesByExtensionInNaturalOrder() throws {
        for name in ["a1.jpg", "a10.MP4", "a2.mov", "a3.webm", "a4.Mkv", "a5.avi", "a6.ogv", "a7.mpg", "a8.ts",
                     "a9.m4v", "b.mpeg", "notes.txt", "sound.wav", ".hidden.mp4"] {
            try write(smallJPEG, dir + "/" + name)
        }
        let names = try SlideList(reading: [dir]).paths.map { ($0 as NSString).lastPathComponent }
        XCTAssertEqual(names, ["a1.jpg", "a2.mov", "a3.webm", "a4.Mkv", "a5.avi", "a6.ogv", "a7.mpg", "a8.ts", "a9.m4v",
                               "a10.MP4", "b.mpeg"])
    }

    func testAMovieNamedAnythingIsASlideAndSoIsADamagedOneNamedAsAMovie() throws {
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestClips.counter()))
        try clip.write(to: URL(fileURLWithPath: dir + "/clip.dat"))
        try write(bytes("not a movie"), dir + "/broken.mp4")
        try write(bytes("not a movie"), dir + "/notes.dat")
        let list = try SlideList(reading: [dir + "/clip.dat", dir + "/broken.mp4"])
        XCTAssertEqual(list.paths, [dir + "/clip.dat", dir + "/broken.mp4"])
        XCTAssertThrowsError(try SlideList(reading: [dir + "/notes.dat"])) { e in
            XCTAssertEqual((e as? SlideListError)?.kind, .notAnImageOrList)
        }
    }

    func testTheLoaderNeverDecodesAMovie() throws {
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestClips.counter()))
        try write(smallJPEG, dir + "/1.jpg")
        try clip.write(to: URL(fileURLWithPath: dir + "/2.jpg"))  // a movie named as a picture
        try write(smallJPEG, dir + "/3.jpg")
        let loader = PhotoLoader(slides: try SlideList(reading: [dir]), fit: ImageFit(width: 32, height: 32))
        loader.prefetch(around: 1)
        XCTAssertEqual(loader.kind(at: 0), .photo)
        XCTAssertEqual(loader.kind(at: 1), .movie)
        guard case let .failure(e) = loader.image(at: 1) else { return XCTFail("a movie decoded as a picture") }
        XCTAssertEqual(e.kind, .movie)
        XCTAssertEqual(e.description, dir + "/2.jpg: a movie, not a picture")
        guard case .success = loader.image(at: 2) else { return XCTFail("the next picture") }
    }
}
