import GLFunPhotos
import XCTest

final class NaturalOrderTests: XCTestCase {
    func testNumbersCountAndCaseIsIgnored() {
        XCTAssertEqual(NaturalOrder.sorted(["img10.jpg", "img2.jpg", "IMG1.jpg", "img1.png", "Img3.jpg"]),
                       ["IMG1.jpg", "img1.png", "img2.jpg", "Img3.jpg", "img10.jpg"])
        XCTAssertEqual(NaturalOrder.sorted(["b.jpg", "A.jpg", "a10b2.jpg", "a10b10.jpg", "a9.jpg"]),
                       ["a9.jpg", "a10b2.jpg", "a10b10.jpg", "A.jpg", "b.jpg"])
    }

    func testLongNumbersAndLeadingZerosAreTotallyOrdered() {
        let huge = "p" + String(repeating: "9", count: 40) + ".jpg"
        XCTAssertEqual(NaturalOrder.sorted([huge, "p12.jpg", "p012.jpg", "p0012.jpg", "p11.jpg"]),
                       ["p11.jpg", "p0012.jpg", "p012.jpg", "p12.jpg", huge])
        // Names equal but for case are still ordered, the same way whichever comes first.
        XCTAssertEqual(NaturalOrder.sorted(["a.jpg", "A.jpg"]), NaturalOrder.sorted(["A.jpg", "a.jpg"]))
        XCTAssertFalse(NaturalOrder.less("x", "x"))
    }
}
