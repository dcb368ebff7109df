import GLFunImages
import XCTest

/// `Memory.require` says no, as an error, to what the address space cannot hold.
final class MemoryTests: XCTestCase {
    func testImpossibleAmountsAreOutOfMemoryErrors() {
        XCTAssertNoThrow(try Memory.require(1 << 20, for: "a megabyte"))
        for bytes in [1 << 50, Int.max / 2, Int.max] {
            XCTAssertThrowsError(try Memory.require(bytes, for: "the impossible")) { e in
                XCTAssertEqual(e as? OutOfMemory, OutOfMemory(what: "the impossible", bytes: bytes))
            }
        }
    }
}
