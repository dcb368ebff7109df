import Foundation
import GLFunImages
import GLFunPhotos
import TestFixtures
import XCTest

/// The background decoder with real files and libjpeg/libpng: what `image(at:)` returns is
/// what a direct decode gives; at most three slides are held; missing, damaged and foreign
/// files are typed failures naming the path; files vanishing during a show are no crash.
final class PhotoLoaderTests: XCTestCase {
    var dir = ""
    let fit = ImageFit(width: 32, height: 24)

    override func setUpWithError() throws {
        dir = try makeFolder("photoloader")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// A folder of `n` slides img1...imgN; slide k's JPEG is k*10 pixels wide (told apart by size).
    func show(_ n: Int) throws -> SlideList {
        for k in 1...n {
            let w = k * 10
            try write(try JPEGBuilder.encode(width: w, height: 20, rgb: JPEGBuilder.quadrantsRGB(width: w, height: 20)),
                      dir + "/img\(k).jpg")
        }
        return try SlideList(reading: [dir])
    }

    func image(_ r: Result<Image, PhotoError>, file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        switch r {
        case let .success(i): return i
        case let .failure(e):
            XCTFail("\(e)", file: file, line: line)
            throw e
        }
    }

    func testImagesAreTheDirectDecodeAtTheFit() throws {
        let list = try show(12)
        let loader = PhotoLoader(slides: list, fit: ImageFit(width: 40, height: 40))
        for i in [0, 1, 11, 5, 6] {
            loader.prefetch(around: i)
            let got = try image(loader.image(at: i))
            XCTAssertEqual(got, try Image(contentsOfFile: list[i], fitting: ImageFit(width: 40, height: 40)))
        }
        // img10 is 100x20: for a 40x40 box its 2/8 (25x5) is too small, 4/8 is 50x10.
        XCTAssertEqual(try image(loader.image(at: 9)).width, 50)
    }

    func testAtMostThreeAreHeldAndTheWindowIsPrefetched() throws {
        let list = try show(20)
        let loader = PhotoLoader(slides: list, fit: fit, wraps: true)
        for i in 0..<20 {
            loader.prefetch(around: i)
            _ = try image(loader.image(at: i))
            XCTAssertLessThanOrEqual(loader.residentIndices.count, PhotoLoader.capacity)
            XCTAssertTrue(Set(loader.residentIndices).isSubset(of: PhotoWindow.indices(around: i, count: 20, wraps: true)))
        }
        // The next and the previous come without asking: wait (bounded) for the thread.
        loader.prefetch(around: 19)
        let deadline = Date().addingTimeInterval(10)
        while !(loader.isReady(0) && loader.isReady(18)) && Date() < deadline { usleep(1000) }
        XCTAssertEqual(loader.residentIndices, [0, 18, 19], "the window wraps: the next of the last is the first")
        // Asking for a slide outside the window moves the window there.
        _ = try image(loader.image(at: 7))
        XCTAssertTrue(Set(loader.residentIndices).isSubset(of: [6, 7, 8]))
    }

    func testWindows() {
        XCTAssertEqual(PhotoWindow.indices(around: 0, count: 10, wraps: true), [0, 1, 9])
        XCTAssertEqual(PhotoWindow.indices(around: 0, count: 10, wraps: false), [0, 1])
        XCTAssertEqual(PhotoWindow.indices(around: 9, count: 10, wraps: false), [9, 8])
        XCTAssertEqual(PhotoWindow.indices(around: 1, count: 2, wraps: true), [1, 0])
        XCTAssertEqual(PhotoWindow.indices(around: 0, count: 1, wraps: true), [0])
    }

    func testMissingDamagedAndForeignFilesAreTypedFailures() throws {
        try write(smallJPEG, dir + "/good.jpg")
        try write(Array(smallJPEG.prefix(smallJPEG.count / 2)), dir + "/cut.jpg")
        try write(Array("not a picture at all".utf8), dir + "/text.png")
        let png = PNGBuilder.hugeHeader(width: 100_000, height: 100_000)
        try write(png, dir + "/huge.png")
        let list = SlideList(paths: ["good.jpg", "gone.jpg", "cut.jpg", "text.png", "huge.png"].map { dir + "/" + $0 })
        let loader = PhotoLoader(slides: list, fit: fit)
        func failure(_ i: Int) -> PhotoError? {
            if case let .failure(e) = loader.image(at: i) { return e }
            XCTFail("slide \(i) decoded")
            return nil
        }
        XCTAssertNoThrow(try loader.image(at: 0).get())
        XCTAssertEqual(failure(1)?.kind, .missing)
        XCTAssertEqual(failure(1)?.path, dir + "/gone.jpg")
        XCTAssertEqual("\(failure(1)!)", "\(dir)/gone.jpg: no such file")
        XCTAssertEqual(failure(2)?.kind, .damaged)
        XCTAssertTrue("\(failure(2)!)".hasPrefix("\(dir)/cut.jpg: the JPEG file"), "\(failure(2)!)")
        XCTAssertEqual(failure(3)?.kind, .notAnImage)
        XCTAssertEqual(failure(4)?.kind, .tooLarge)
        XCTAssertEqual(failure(4)?.underlying, .imageTooLarge(width: 100_000, height: 100_000, limit: .bytes(256 << 20)))
    }

    func testAFolderThatChangesDuringTheShow() throws {
        let list = try show(8)
        let loader = PhotoLoader(slides: list, fit: fit)
        loader.prefetch(around: 0)
        _ = try image(loader.image(at: 0))
        // Files deleted, one replaced by a folder, one cut short, while the show runs.
        try FileManager.default.removeItem(atPath: list[3])
        try FileManager.default.removeItem(atPath: list[4])
        try FileManager.default.createDirectory(atPath: list[4], withIntermediateDirectories: false)
        try write(Array(smallJPEG.prefix(100)), list[5])
        var kinds: [PhotoError.Kind?] = []
        for i in 1..<8 {
            loader.prefetch(around: i)
            if case let .failure(e) = loader.image(at: i) { kinds.append(e.kind) } else { kinds.append(nil) }
        }
        XCTAssertEqual(kinds, [nil, nil, .missing, .unreadable, .damaged, nil, nil])
    }

    func testChangingTheFitDecodesAgain() throws {
        let list = try show(3)
        let loader = PhotoLoader(slides: list, fit: ImageFit(width: 30, height: 30))
        XCTAssertEqual(try image(loader.image(at: 2)).width, 30)   // 30x20 whole
        loader.fit = ImageFit(width: 8, height: 8)
        XCTAssertEqual(try image(loader.image(at: 2)).width, 12)   // shown 8x5: 3/8 of it, 12x8
        XCTAssertEqual(loader.fit, ImageFit(width: 8, height: 8))
    }

    func testLoadersComeAndGoWithoutHanging() throws {
        let list = try show(4)
        for k in 0..<30 {
            let loader = PhotoLoader(slides: list, fit: fit)
            loader.prefetch(around: k % 4)
            if k % 3 == 0 { _ = loader.image(at: k % 4) }
        }
    }
}
