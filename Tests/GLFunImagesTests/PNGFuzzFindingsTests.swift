import Foundation
import GLFunImages
import TestFixtures
import XCTest

/// What `scripts/fuzz/run png` found, each kept as the kind of input that showed it (made here).
final class PNGFuzzFindingsTests: XCTestCase {
    /// A 51-byte file whose text chunk states 2 GB: libpng allocated and zeroed the stated length
    /// before finding the data missing (2 GB of memory and a second for 51 bytes). Now refused
    /// first, as truncated, for every chunk type libpng does that for.
    func testAChunkLongerThanTheFileIsRefusedBeforeAnyAllocation() throws {
        let peakBefore = peakResidentBytes()
        for type in ["tEXt", "zTXt", "iTXt", "sPLT"] {
            let png = PNGBuilder.signature + PNGBuilder.ihdr(width: 1, height: 1, depth: 8, colorType: 0)
                + bigEndian(0x7FFF_FFFF) + Array(type.utf8) + [UInt8](repeating: 0, count: 16)
            XCTAssertThrowsError(try Image(pngData: png)) { error in
                XCTAssertEqual(error as? ImageError, .decode(format: .png, reason: "file is truncated"), type)
            }
        }
        XCTAssertLessThan(peakResidentBytes() - peakBefore, 256 << 20, "the peak resident size grew")
    }

    private func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
