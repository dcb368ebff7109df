import GLFunHost
import GLFunPhotos
import XCTest

/// `--shuffle`: the order comes from the session's seed only, so a replay shuffles the same way.
final class ShuffleTests: XCTestCase {
    let list = SlideList(paths: (1...10).map { "img\($0).jpg" })

    func shuffled(_ seed: UInt64) -> [String] {
        var g = SplitMix64(seed: seed)
        return list.shuffled(using: &g).paths
    }

    func testSameSeedSameOrderAndEverySlideOnce() {
        XCTAssertEqual(shuffled(42), shuffled(42))
        XCTAssertEqual(Set(shuffled(42)), Set(list.paths))
        XCTAssertEqual(shuffled(42).count, 10)
        XCTAssertNotEqual(shuffled(42), shuffled(43))
        XCTAssertNotEqual(shuffled(42), list.paths)
    }

    func testTheOrderIsPinned() {
        // Recordings replay with this order: a change to the algorithm would change old shows.
        XCTAssertEqual(shuffled(7), ["img9.jpg", "img2.jpg", "img6.jpg", "img10.jpg", "img1.jpg", "img5.jpg", "img4.jpg",
                                     "img3.jpg", "img7.jpg", "img8.jpg"])
    }

    func testEmptyAndSingle() {
        var g = SplitMix64(seed: 1)
        XCTAssertEqual(SlideList(paths: []).shuffled(using: &g).paths, [])
        XCTAssertEqual(SlideList(paths: ["a"]).shuffled(using: &g).paths, ["a"])
    }
}
