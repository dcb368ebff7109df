import GLFunGestures
import XCTest

/// A custom recognizer written as a user would, by subclassing with public API only:
/// recognizes a touch that begins as the second tap of a quick double tap (`tapCount == 2`),
/// a discrete gesture.
final class SecondTapRecognizer: GestureRecognizer {
    private(set) var tapLocation: GesturePoint?

    override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        if all.count > 1 {
            state = .failed
        } else if let t = touches.first, t.tapCount == 2 {
            tapLocation = t.location
            state = .recognized
        }
    }

    override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        if touches.contains(where: { $0.distanceFromStart > 10 }) { state = .failed }
    }

    override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        if state == .possible { state = .failed }
    }

    override func reset() {
        tapLocation = nil
    }
}

/// A continuous custom recognizer with a timer: begins after a touch is held for 0.25 s
/// anywhere (no movement limit), changes on moves, ends on lift.
final class HoldRecognizer: GestureRecognizer {
    override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        if let t = touches.first, all.count == 1 { deadline = t.timestamp + 0.25 }
    }

    override func tick(at time: Double) {
        if state == .possible { state = .began }
    }

    override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        if state == .began || state == .changed { state = .changed }
    }

    override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        state = state == .possible ? .failed : .ended
    }
}

final class Handler {
    var translations: [GesturePoint] = []
    func handlePan(_ pan: PanGestureRecognizer) { translations.append(pan.translation) }
}

final class ArenaTests: XCTestCase {
    func testStateEnumMatchesUIKit() {
        XCTAssertEqual(GestureState.recognized, .ended)
        XCTAssertEqual(GestureState.allCases.map(\.rawValue), [0, 1, 2, 3, 4, 5])
        XCTAssertFalse(GestureState.failed.sendsActions)
        XCTAssertTrue(GestureState.cancelled.sendsActions)
    }

    func testACustomDiscreteRecognizer() {
        let custom = SecondTapRecognizer()
        let log = StateLog(custom)
        let a = arena(custom)
        a.tap(1, 50, 50, at: 0)
        XCTAssertEqual(custom.state, .failed)
        a.down(1, 52, 50, at: 0.2)
        XCTAssertEqual(custom.state, .recognized)
        XCTAssertEqual(custom.tapLocation, GesturePoint(52, 50))
        a.up(1, 52, 50, at: 0.25)
        XCTAssertEqual(log.states, [.failed, .ended])
        XCTAssertEqual(log.actionCount, 1)
    }

    func testACustomContinuousRecognizerWithATimer() {
        let hold = HoldRecognizer()
        let log = StateLog(hold)
        let a = arena(hold)
        a.down(1, 0, 0, at: 0)
        XCTAssertEqual(a.nextDeadline, 0.25)
        a.advance(to: 0.3)
        a.move(1, 100, 0, at: 0.4)
        a.move(1, 200, 0, at: 0.5)
        a.up(1, 200, 0, at: 0.6)
        XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
    }

    func testContinuousStateSequencesAndActions() {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        var seen: [(GestureState, GesturePoint)] = []
        pan.addAction { pan in seen.append((pan.state, pan.translation)) }
        let a = arena(pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 20, 0, at: 0.1)
        a.move(1, 40, 0, at: 0.2)
        a.up(1, 40, 0, at: 0.3)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertEqual(seen.map(\.0), [.began, .changed, .ended], "actions see the state they were sent for")
        XCTAssertEqual(seen.map(\.1), [GesturePoint(20, 0), GesturePoint(40, 0), GesturePoint(40, 0)])

        a.down(1, 0, 0, at: 1)
        a.move(1, 20, 0, at: 1.1)
        a.cancel(1, 20, 0, at: 1.2)
        XCTAssertEqual(log.states.suffix(2), [.began, .cancelled])
    }

    func testTargetActionHoldsTheTargetWeakly() {
        let pan = PanGestureRecognizer()
        var handler: Handler? = Handler()
        weak let weakHandler = handler
        pan.addTarget(handler!, action: Handler.handlePan)
        let a = arena(pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 30, 0, at: 0.1)
        XCTAssertEqual(handler?.translations, [GesturePoint(30, 0)])
        handler = nil
        XCTAssertNil(weakHandler)
        a.move(1, 60, 0, at: 0.2)  // the action finds no target and does nothing
        XCTAssertEqual(pan.state, .changed)
    }

    func testRemoveAction() {
        let tap = TapGestureRecognizer()
        var count = 0
        let id = tap.addAction { _ in count += 1 }
        let a = arena(tap)
        a.tap(1, 0, 0, at: 0)
        tap.removeAction(id)
        a.tap(1, 0, 0, at: 1)
        XCTAssertEqual(count, 1)
    }

    func testExclusivityTapVersusPanVersusLongPress() {
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        let press = LongPressGestureRecognizer()
        let a = arena(tap, pan, press)

        // A drag: the pan begins and fails the others.
        a.down(1, 0, 0, at: 0)
        a.move(1, 15, 0, at: 0.05)
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(tap.state, .failed)
        XCTAssertEqual(press.state, .failed)
        XCTAssertNil(a.nextDeadline)
        a.up(1, 15, 0, at: 0.1)

        // A hold: the long press begins and fails the others.
        a.down(1, 0, 0, at: 1)
        a.advance(to: 1.5)
        XCTAssertEqual(press.state, .began)
        XCTAssertEqual(tap.state, .failed)
        XCTAssertEqual(pan.state, .failed)
        a.move(1, 100, 0, at: 1.6)
        XCTAssertEqual(press.state, .changed)
        XCTAssertEqual(pan.state, .failed, "a failed recognizer stays failed until the sequence ends")
        a.up(1, 100, 0, at: 1.7)

        // A tap: recognized; the pan fails when the finger lifts without moving.
        a.tap(1, 0, 0, at: 3)
        XCTAssertEqual(tap.state, .recognized)
        XCTAssertEqual(pan.state, .failed)
        XCTAssertEqual(press.state, .failed)
    }

    func testCanPreventAndCanBePrevented() {
        final class Unpreventable: PanGestureRecognizer {
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        let press = LongPressGestureRecognizer()
        let pan = Unpreventable()
        let a = arena(press, pan)
        a.down(1, 0, 0, at: 0)
        a.advance(to: 0.6)
        XCTAssertEqual(press.state, .began)
        XCTAssertEqual(pan.state, .possible)
        a.move(1, 30, 0, at: 0.7)
        XCTAssertEqual(pan.state, .began)
    }

    func testCancelsTouchesInView() {
        let pan = PanGestureRecognizer()
        let a = arena(pan)
        var cancelled: [Int] = []
        a.onTouchCancelledInView = { cancelled.append($0.id) }
        XCTAssertTrue(a.down(1, 0, 0, at: 0))
        XCTAssertTrue(a.move(1, 5, 0, at: 0.05), "the view still owns the touch")
        XCTAssertFalse(a.move(1, 15, 0, at: 0.1), "the pan took it")
        XCTAssertEqual(cancelled, [1])
        XCTAssertTrue(a.isTouchCancelledInView(id: 1))
        XCTAssertFalse(a.up(1, 15, 0, at: 0.2))
        XCTAssertFalse(a.isTouchCancelledInView(id: 1))

        pan.cancelsTouchesInView = false
        a.down(2, 0, 0, at: 1)
        XCTAssertTrue(a.move(2, 15, 0, at: 1.1))
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(cancelled, [1])
    }

    func testDisablingCancelsAGestureInProgress() {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        let a = arena(pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 15, 0, at: 0.1)
        pan.isEnabled = false
        XCTAssertEqual(log.states, [.began, .cancelled])
        a.move(1, 30, 0, at: 0.2)
        a.up(1, 30, 0, at: 0.3)
        a.down(1, 0, 0, at: 1)
        a.move(1, 30, 0, at: 1.1)
        XCTAssertEqual(log.states, [.began, .cancelled], "a disabled recognizer sees nothing")
        pan.isEnabled = true
        a.up(1, 30, 0, at: 1.2)
        a.down(1, 0, 0, at: 2)
        a.move(1, 30, 0, at: 2.1)
        XCTAssertEqual(pan.state, .began)
    }

    func testShouldBeginAndShouldReceive() {
        let pan = PanGestureRecognizer()
        pan.shouldBegin = { $0.location.x < 100 }
        pan.shouldReceive = { $0.location.y < 500 }
        let a = arena(pan)
        a.down(1, 200, 0, at: 0)
        a.move(1, 180, 0, at: 0.1)
        XCTAssertEqual(pan.state, .failed, "shouldBegin said no")
        a.up(1, 180, 0, at: 0.2)

        a.down(1, 0, 600, at: 1)
        a.move(1, 50, 600, at: 1.1)
        XCTAssertEqual(pan.numberOfTouches, 0, "never received")
        XCTAssertEqual(pan.state, .possible)
        a.up(1, 50, 600, at: 1.2)
        XCTAssertEqual(pan.state, .failed, "still possible when the sequence ended, with nothing to wait for")
    }

    func testARequirementThatBeginsFailsTheHeldRecognizer() {
        // A swipe is held until the pan fails; the pan begins instead, so the swipe fails.
        let swipe = SwipeGestureRecognizer()
        let pan = PanGestureRecognizer()
        swipe.require(toFail: pan)
        swipe.recognizeSimultaneously(with: pan)
        let a = arena(swipe, pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 5, 0, at: 0.01)
        a.move(1, 80, 0, at: 0.05)
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(swipe.state, .failed)
    }

    func testHeldContinuousRecognizerIsReleasedWhenTheRequirementFails() {
        // The pan is held while a swipe might still happen; the swipe fails (wrong way),
        // releasing the pan, which begins at once.
        let swipe = SwipeGestureRecognizer()
        swipe.direction = .left
        let pan = PanGestureRecognizer()
        pan.require(toFail: swipe)
        let log = StateLog(pan)
        let a = arena(swipe, pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 10, 0, at: 0.01)
        XCTAssertEqual(pan.state, .possible)
        XCTAssertTrue(pan.isWaitingForFailureRequirements)
        a.move(1, 11, 0, at: 0.02)
        XCTAssertEqual(swipe.state, .failed)
        XCTAssertEqual(pan.state, .changed, "released, then this same move changed it")
        a.move(1, 20, 0, at: 0.03)
        XCTAssertEqual(log.states, [.began, .changed, .changed])
    }

    func testNextDeadlineIsTheEarliest() {
        let press = LongPressGestureRecognizer()
        let tap = TapGestureRecognizer()
        let a = arena(press, tap)
        a.recognizers.forEach { $0.recognizeSimultaneously(with: press) }
        XCTAssertNil(a.nextDeadline)
        a.down(1, 0, 0, at: 10)
        XCTAssertEqual(a.nextDeadline, 10.5)
        a.advance(to: 10.5)
        XCTAssertEqual(a.nextDeadline, 10.75, "the tap's limit is next")
    }

    func testAStaleBeganCancelsTheOldTouch() {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        let a = arena(pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 20, 0, at: 0.1)
        a.down(1, 100, 100, at: 0.2)
        XCTAssertEqual(log.states, [.began, .cancelled])
        XCTAssertEqual(a.touches.count, 1)
        XCTAssertEqual(pan.state, .possible, "reset for the new touch")
    }

    func testRemovingARecognizer() {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        let a = arena(pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 20, 0, at: 0.1)
        a.remove(pan)
        XCTAssertEqual(log.states, [.began, .cancelled])
        XCTAssertNil(pan.arena)
        XCTAssertTrue(a.recognizers.isEmpty)
        a.move(1, 40, 0, at: 0.2)
        XCTAssertEqual(log.states, [.began, .cancelled])
    }
}
