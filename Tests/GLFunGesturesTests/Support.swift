import GLFunGestures
import XCTest

/// Records every state a recognizer enters, `.failed` included, and how often its typed
/// action ran.
final class StateLog {
    private(set) var states: [GestureState] = []
    private(set) var actionCount = 0

    init(_ recognizer: GestureRecognizer) {
        recognizer.onStateChange = { [unowned self] _, state in self.states.append(state) }
        recognizer.addAction { [unowned self] _ in self.actionCount += 1 }
    }
}

/// Short names for synthetic touch streams. Times are seconds, by hand.
extension GestureArena {
    @discardableResult
    func down(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> Bool {
        handle(phase: .began, id: id, x: x, y: y, time: t)
    }

    @discardableResult
    func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> Bool {
        handle(phase: .moved, id: id, x: x, y: y, time: t)
    }

    @discardableResult
    func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> Bool {
        handle(phase: .ended, id: id, x: x, y: y, time: t)
    }

    @discardableResult
    func cancel(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> Bool {
        handle(phase: .cancelled, id: id, x: x, y: y, time: t)
    }

    /// A quick tap: down, and up 0.05 s later at the same place.
    func tap(_ id: Int = 1, _ x: Double, _ y: Double, at t: Double) {
        down(id, x, y, at: t)
        up(id, x, y, at: t + 0.05)
    }
}

/// An arena holding `recognizers`, in order.
func arena(_ recognizers: GestureRecognizer...) -> GestureArena {
    let a = GestureArena()
    for r in recognizers { a.add(r) }
    return a
}

func XCTAssertClose(
    _ a: Double, _ b: Double, accuracy: Double = 1e-9, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(a, b, accuracy: accuracy, message, file: file, line: line)
}
