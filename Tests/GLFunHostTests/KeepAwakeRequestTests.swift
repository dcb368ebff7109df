import GLFunHost
import XCTest

final class KeepAwakeRequestTests: XCTestCase {
    func testAnEffectOnlyWhenWhatIsWantedChanges() {
        var r = KeepAwakeRequest()
        XCTAssertEqual(r.effects(wanted: false), [], "a host starts with the screen free to blank")
        XCTAssertEqual(r.effects(wanted: true), [.keepAwake(true)])
        XCTAssertEqual(r.effects(wanted: true), [])
        XCTAssertTrue(r.asked)
        XCTAssertEqual(r.effects(wanted: false), [.keepAwake(false)])
        XCTAssertEqual(r.effects(wanted: false), [])
    }
}
