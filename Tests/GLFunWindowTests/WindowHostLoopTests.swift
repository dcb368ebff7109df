import Foundation
import GLFunHost
import GLFunKit
import GLFunWindow
import XCTest

/// WindowHost's loop on an in-memory window: events in order on the server's clock, ticks at
/// the app's deadline, wake-ups from other threads, keys and their effects, frames drawn.
final class WindowHostLoopTests: WindowHostTestCase {
    func testEventsReachTheAppInOrderOnTheServersClock() throws {
        let app = ScriptedApp(), window = makeWindow()
        window.post(.key("a", ms: 5000), .key("b", [.ctrl], ms: 5250), .key("q", ms: 5400))
        let (status, _) = try run(app, in: window)
        XCTAssertEqual(status, 0)
        guard case .session = app.events[0].event, case let .resize(w, h, s) = app.events[1].event else {
            return XCTFail("\(app.events)")
        }
        XCTAssertEqual([w, h, s], [320, 240, 1])
        XCTAssertEqual(app.inputs, [.key("a", []), .key("b", [.ctrl]), .key("q", [])])
        // The first event is the clock's origin; the others are seconds after it.
        for (t, want) in zip(app.events.dropFirst(2).map(\.t), [0, 0.25, 0.4]) { XCTAssertEqual(t, want, accuracy: 1e-9) }
        XCTAssertEqual(window.titles.first, "Scripted", "the app's title at the start")
        XCTAssertEqual(window.keptAwake.last, false, "the screen may blank again after the session")
    }

    func testTheMouseDragIsOneTouchAndAltDragTwoMirrored() throws {
        let app = ScriptedApp(), window = makeWindow()
        let c = Point(160, 120)
        window.post(.drag([Point(10, 20), Point(30, 40)], ms: 100, center: c),
                    .drag([Point(100, 120), Point(90, 120)], ms: 200, modifiers: [.alt], center: c),
                    .key("q", ms: 300))
        _ = try run(app, in: window)
        let m = TouchIDs.mouse, e = TouchIDs.emulated.lowerBound
        XCTAssertEqual(app.inputs.dropLast(), [
            .touch(phase: .began, id: m, x: 10, y: 20), .touch(phase: .moved, id: m, x: 30, y: 40),
            .touch(phase: .ended, id: m, x: 30, y: 40),
            .touch(phase: .began, id: e, x: 100, y: 120), .touch(phase: .began, id: e + 1, x: 220, y: 120),
            .touch(phase: .moved, id: e, x: 90, y: 120), .touch(phase: .moved, id: e + 1, x: 230, y: 120),
            .touch(phase: .ended, id: e, x: 90, y: 120), .touch(phase: .ended, id: e + 1, x: 230, y: 120),
        ])
    }

    func testARealFingerDownTakesThePointersDrag() throws {
        let app = ScriptedApp(), window = makeWindow()
        let c = Point(160, 120)
        window.post(.events { t in
            [t.touch(.began, id: 7, at: Point(5, 5), serverMs: 10)]
                + t.buttonPressed(at: Point(5, 5), center: c, modifiers: [], serverMs: 10)
                + [t.touch(.ended, id: 7, at: Point(6, 6), serverMs: 20)]
        }, .key("q", ms: 30))
        _ = try run(app, in: window)
        let id = InputTranslation.realTouchID(7)
        XCTAssertTrue(TouchIDs.real.contains(id))
        XCTAssertEqual(app.inputs.dropLast(), [.touch(phase: .began, id: id, x: 5, y: 5),
                                               .touch(phase: .ended, id: id, x: 6, y: 6)],
                       "the server's pointer emulation of the finger is not a second touch")
    }

    func testATickComesAtTheAppsDeadlineWithNoInput() throws {
        let app = ScriptedApp(), window = makeWindow()
        app.nextDeadline = 0.1
        app.answer = { e in
            guard case .tick = e.event else { return [] }
            app.nextDeadline = nil
            return [.quit]
        }
        let start = Date()
        let (status, _) = try run(app, in: window)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(app.inputs, [.tick])
        let t = try XCTUnwrap(app.events.last?.t)
        XCTAssertGreaterThanOrEqual(t, 0.1, "never before the deadline")
        XCTAssertLessThan(t, 2)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.09, "the host slept until the deadline")
    }

    func testAWakeUpFromAnotherThreadIsATick() throws {
        let app = ScriptedApp(), window = makeWindow()
        let wakeup = HostWakeup()
        app.wakeup = wakeup
        app.answer = { e in if case .tick = e.event { return [.quit] } else { return [] } }
        let waker = Thread {
            usleep(50_000)
            wakeup.wake()
        }
        waker.start()
        let (status, _) = try run(app, in: window)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(app.inputs, [.tick])
        XCTAssertGreaterThan(try XCTUnwrap(app.events.last?.t), 0.03, "at the time it came")
    }

    func testKeysEffectsReachTheWindow() throws {
        let app = ScriptedApp(), window = makeWindow()
        app.answer = { e in
            guard case let .key(k, mods) = e.event else { return [] }
            if let standard = HostEffect.standard(forKey: k, mods) { return standard }
            switch k {
            case "t": return [.setTitle("Titled")]
            case "c": return [.setCursor(.crosshair)]
            case "k": return [.keepAwake(true)]
            default: return [.redraw]
            }
        }
        window.post(.key("f11", ms: 1), .key("t", ms: 2), .key("c", ms: 3), .key("k", ms: 4), .key("x", ms: 5))
        window.post(.key("escape", ms: 6), .key("never", ms: 7))
        let (status, _) = try run(app, in: window)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(window.isFullScreen, "F11 toggled full screen")
        XCTAssertEqual(window.titles, ["Scripted", "Titled"])
        XCTAssertEqual(window.cursors, [.crosshair])
        XCTAssertEqual(window.keptAwake, [true, false], "kept awake, then let go at the end")
        XCTAssertEqual(app.inputs.last, .key(.escape, []), "nothing after Esc quit")
        XCTAssertEqual(app.framesDrawn, 0, "events waiting are all taken before a frame is drawn")
    }

    func testAFrameIsDrawnAndPresentedOnceTheEventsAreTaken() throws {
        let app = ScriptedApp(), window = makeWindow()
        app.nextDeadline = 0.2
        app.answer = { e in
            if case .tick = e.event { app.nextDeadline = nil; return [.quit] }
            return [.redraw]
        }
        window.post(.key("x", ms: 1), .key("y", ms: 2), .events { _ in [.expose, .none] })
        _ = try run(app, in: window)
        XCTAssertEqual(app.framesDrawn, 1, "one frame for the events read together")
        XCTAssertEqual(window.presented.count, 1)
        XCTAssertNil(window.presented.first ?? nil, "a whole frame: all of it damaged")
    }

    func testNothingIsDrawnUntilTheWindowIsReady() throws {
        let app = ScriptedApp(), window = makeWindow()
        window.readyToDraw = false
        window.post(.key("x", ms: 1), .key("q", ms: 2))
        _ = try run(app, in: window)
        XCTAssertEqual(app.framesDrawn, 0)
        XCTAssertTrue(window.presented.isEmpty)
    }

    func testTheRecordingIsWhatTheAppGot() throws {
        let app = ScriptedApp(), window = makeWindow()
        window.post(.key("a", ms: 1000), .drag([Point(1, 2), Point(3, 4)], ms: 1010, center: Point(160, 120)),
                    .key("q", ms: 1500))
        _ = try run(app, in: window, options: options(record: true))
        let text = try String(contentsOfFile: folder + "/events.jsonl", encoding: .utf8)
        let log = try EventLog.parse(text)
        XCTAssertEqual(log.map(\.event), app.events.map(\.event))
        for (a, b) in zip(log.map(\.t), app.events.map(\.t)) { XCTAssertEqual(a, b, accuracy: 1e-9) }
    }
}
