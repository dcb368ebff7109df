import Foundation
import GLFunPhotos
import XCTest

/// What `scripts/fuzz/run plist` found, kept as tests.
final class PlistFuzzFindingsTests: XCTestCase {
    /// A binary list whose root array holds an array of two strings and a set holding a
    /// dictionary: PropertyListSerialization crashed bridging the set (SIGSEGV in the Swift
    /// runtime's dynamic cast). Now it is a list whose entries are not names: an error.
    func testASetInABinaryListIsAnErrorNotACrash() {
        let bytes: [UInt8] = [
            0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xA2, 0x01, 0x04, 0xA2, 0x02, 0x03, 0x53, 0x6E,
            0x6F, 0x74, 0x55, 0x6E, 0x61, 0x6D, 0x65, 0x73, 0xC1, 0x05, 0x06, 0x56, 0x69, 0x6D, 0x61, 0x67,
            0x65, 0x73, 0xA0, 0x08, 0x0B, 0x0E, 0x12, 0x18, 0x1B, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x23,
        ]
        XCTAssertThrowsError(try SlideList.names(inPropertyList: Data(bytes), listPath: "/lists/show.plist")) { e in
            guard case .badPropertyList = (e as? SlideListError)?.kind else { return XCTFail("\(e)") }
        }
    }

    func testListsStillReadAsBefore() throws {
        let xml = try PropertyListSerialization.data(fromPropertyList: ["a.png", "/b.jpg"], format: .xml, options: 0)
        XCTAssertEqual(try SlideList.names(inPropertyList: xml, listPath: "/lists/show.plist"), ["/lists/a.png", "/b.jpg"])
        let binary = try PropertyListSerialization.data(fromPropertyList: ["images": ["c.png"]], format: .binary, options: 0)
        XCTAssertEqual(try SlideList.names(inPropertyList: binary, listPath: "show.plist"), ["c.png"])
        let notNames = try PropertyListSerialization.data(fromPropertyList: ["images": [1, 2]], format: .binary, options: 0)
        XCTAssertThrowsError(try SlideList.names(inPropertyList: notNames, listPath: "show.plist"))
    }
}
