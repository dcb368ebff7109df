import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunUI
import GLFunPlayerApp
import TestFixtures
import XCTest

/// The movie player driven by InputEvents alone, by time (as a replay drives it), on the
/// counter clip ffmpeg makes: which frame is on screen after each event, the bar, the keys,
/// the gestures, the end.
final class PlayerTests: XCTestCase {
    let canvas = Canvas(width: 320, height: 240)
    var clip = ""
    var info: MovieInfo!

    override func setUpWithError() throws {
        clip = try TestClips.counter()
        info = try MovieProbe.info(clip)
    }

    func makeApp(playing: Bool = true, loop: Bool = false, hidesBar: Bool = false) -> PlayerApp {
        PlayerApp(path: clip, info: info, canvas: canvas, clock: .byTime, sound: false, loop: loop, playing: playing,
                  hidesBar: hidesBar)
    }

    func host(_ app: PlayerApp) throws -> HeadlessHost<PlayerApp> {
        let h = HeadlessHost(app: app, renderer: try Renderer(context: try Context.headless()), canvas: canvas)
        h.feed(TimedEvent(t: 0, .session(app.session)))
        h.feed(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: 1)))
        return h
    }

    /// The frame number the screen shows (its top left, above the bar, below the message).
    func frameOnScreen(_ h: HeadlessHost<PlayerApp>) throws -> Int {
        TestClips.frameNumber(try h.renderFrame(), x: 40, y: 100)
    }

    @discardableResult
    func key(_ h: HeadlessHost<PlayerApp>, _ t: Double, _ k: Key, _ mods: Modifiers = []) -> [HostEffect] {
        let before = h.effects.count
        h.feed(TimedEvent(t: t, .key(k, mods)))
        return Array(h.effects.dropFirst(before))
    }

    func touch(_ h: HeadlessHost<PlayerApp>, _ t: Double, _ phase: TouchPhase, _ x: Float, _ y: Float, id: Int = 0) {
        h.feed(TimedEvent(t: t, .touch(phase: phase, id: id, x: x, y: y)))
    }

    func testPlayingShowsTheFrameOfTheTimeAndPauseHoldsIt() throws {
        let app = makeApp()
        let h = try host(app)
        XCTAssertEqual(try frameOnScreen(h), 0)
        h.feed(TimedEvent(t: 1.0, .tick))
        XCTAssertEqual(try frameOnScreen(h), 25)
        key(h, 1.5, "space")
        XCTAssertFalse(app.playhead.isPlaying)
        h.feed(TimedEvent(t: 2.5, .tick))
        XCTAssertEqual(try frameOnScreen(h), 37, "paused at 1.5 s: frame 37 (1.48 s)")
        XCTAssertEqual(app.bar.timeLabel, "0:01 / 0:03")
        key(h, 3.0, "space")
        h.feed(TimedEvent(t: 3.2, .tick))
        XCTAssertEqual(try frameOnScreen(h), 42, "1.5 s + 0.2 s")
    }

    func testLeftAndRightSeekFiveSecondsWithinTheMovie() throws {
        let app = makeApp(playing: false)
        let h = try host(app)
        key(h, 0.1, "right")
        XCTAssertEqual(app.position, 3, accuracy: 1e-9, "clamped to the end")
        XCTAssertEqual(try frameOnScreen(h), 74, "the last frame")
        key(h, 0.2, "left")
        XCTAssertEqual(app.position, 0, accuracy: 1e-9)
        XCTAssertEqual(try frameOnScreen(h), 0)
    }

    func testTheSliderSeeksWhereItIsDraggedAndPlayingGoesOnAfter() throws {
        let app = makeApp()
        let h = try host(app)
        let track = app.bar.track
        let y = track.y + 2
        touch(h, 0.5, .began, track.x + track.width / 2, y)
        XCTAssertFalse(app.playhead.isPlaying, "held still under the finger")
        XCTAssertEqual(app.position, 1.5, accuracy: 0.02)
        touch(h, 0.6, .moved, track.x + track.width / 4, y)
        XCTAssertEqual(app.position, 0.75, accuracy: 0.02)
        XCTAssertEqual(try frameOnScreen(h), 18)
        touch(h, 0.7, .ended, track.x + track.width / 4, y)
        XCTAssertTrue(app.playhead.isPlaying)
        h.feed(TimedEvent(t: 1.7, .tick))
        XCTAssertEqual(app.position, 1.75, accuracy: 0.02)
    }

    func testTheBarsButtonsPlayPauseAndMute() throws {
        let app = makeApp()
        let h = try host(app)
        let play = app.bar.buttons[0].frame, mute = app.bar.buttons[1].frame
        touch(h, 0.2, .began, play.x + 5, play.y + 5)
        touch(h, 0.25, .ended, play.x + 5, play.y + 5)
        XCTAssertFalse(app.playhead.isPlaying)
        XCTAssertEqual(app.bar.buttons[0].label, "Play")
        touch(h, 0.3, .began, mute.x + 5, mute.y + 5, id: 1)
        touch(h, 0.35, .ended, mute.x + 5, mute.y + 5, id: 1)
        XCTAssertFalse(app.muted, "sound off from the start (sound: false); the button unmutes")
        XCTAssertEqual(app.bar.buttons[1].label, "Mute")
    }

    func testOneTapTogglesTheBarTwoToggleFullScreenAndEscLeavesIt() throws {
        let app = makeApp(playing: false)
        let h = try host(app)
        touch(h, 0.1, .began, 100, 80)
        touch(h, 0.15, .ended, 100, 80)
        XCTAssertTrue(app.barVisible, "a tap waits for a second one")
        h.feed(TimedEvent(t: 0.6, .tick))
        XCTAssertFalse(app.barVisible)
        touch(h, 1.0, .began, 100, 80)
        touch(h, 1.05, .ended, 100, 80)
        let before = h.effects.count
        touch(h, 1.15, .began, 100, 80)
        touch(h, 1.2, .ended, 100, 80)
        XCTAssertEqual(Array(h.effects.dropFirst(before)), [.setFullScreen(true)])
        XCTAssertFalse(app.barVisible, "a double tap leaves the bar as it was")
        XCTAssertEqual(key(h, 1.5, "escape"), [.setFullScreen(false)])
        XCTAssertEqual(key(h, 1.6, "escape"), [.quit])
        XCTAssertEqual(key(h, 1.7, "f"), [.setFullScreen(true)])
    }

    func testAHorizontalPanScrubs() throws {
        let app = makeApp(playing: false)
        let h = try host(app)
        touch(h, 0.1, .began, 40, 100)
        for i in 1...8 { touch(h, 0.1 + 0.02 * Double(i), .moved, 40 + Float(i) * 20, 100) }
        // 160 points of a 320-point window: half the movie.
        XCTAssertEqual(app.position, 1.5, accuracy: 0.05)
        touch(h, 0.3, .ended, 200, 100)
        XCTAssertFalse(app.playhead.isPlaying, "paused before, paused after")
    }

    func testVolumeKeysAndMute() throws {
        let app = makeApp()
        let h = try host(app)
        XCTAssertTrue(app.muted, "no sound asked for")
        key(h, 0.1, "m")
        XCTAssertFalse(app.muted)
        key(h, 0.2, "down")
        key(h, 0.3, "down")
        XCTAssertEqual(app.volume, 90)
        XCTAssertEqual(app.message?.text, "Volume 90%")
        for i in 0..<5 { key(h, 0.4 + Double(i) * 0.01, "up") }
        XCTAssertEqual(app.volume, 100, "at most 100")
        h.feed(TimedEvent(t: 5, .tick))
        XCTAssertNil(app.message, "the message goes after 1.5 s")
    }

    func testTheEndHoldsTheLastFrameAndPlayStartsAgain() throws {
        let app = makeApp()
        app.quitsAtEnd = true
        let h = try host(app)
        XCTAssertEqual(app.nextDeadline ?? 99, app.info.frameDuration, accuracy: 1e-9, "by time: every frame")
        let before = h.effects.count
        h.feed(TimedEvent(t: 3.5, .tick))
        XCTAssertEqual(Array(h.effects.dropFirst(before)), [.quit, .keepAwake(false)],
                       "--quit-at-end; ended, the screen may blank")
        XCTAssertFalse(app.playhead.isPlaying)
        XCTAssertEqual(try frameOnScreen(h), 74)
        key(h, 4.0, "space")
        h.feed(TimedEvent(t: 4.4, .tick))
        XCTAssertEqual(try frameOnScreen(h), 10, "from the start again")
    }

    func testThePlayerKeepsTheScreenAwakeWhilePlayingOnly() throws {
        let app = makeApp()
        let h = try host(app)
        XCTAssertEqual(h.effects, [.setTitle(app.title), .keepAwake(true)], "playing from the start")
        XCTAssertEqual(key(h, 0.5, "space"), [.keepAwake(false)], "paused")
        XCTAssertEqual(key(h, 0.6, "right"), [], "a seek while paused asks nothing")
        XCTAssertEqual(key(h, 1.0, "space"), [.keepAwake(true)], "playing again")
        let before = h.effects.count
        touch(h, 1.1, .began, 40, 100)  // a scrub holds a playing movie still: still awake
        for i in 1...6 { touch(h, 1.1 + 0.02 * Double(i), .moved, 40 + Float(i) * 20, 100) }
        touch(h, 1.3, .ended, 160, 100)
        h.feed(TimedEvent(t: 1.4, .tick))
        XCTAssertEqual(Array(h.effects.dropFirst(before)), [], "nothing changes through a scrub")
        let atEnd = h.effects.count
        h.feed(TimedEvent(t: 3.5, .tick))
        XCTAssertEqual(Array(h.effects.dropFirst(atEnd)), [.keepAwake(false)], "the end: let go")

        let paused = makeApp(playing: false)
        XCTAssertEqual(try host(paused).effects, [.setTitle(paused.title)], "paused from the start: nothing asked")
    }

    func testTheSessionLineMakesTheSameApp() throws {
        let app = makeApp(playing: false, loop: true)
        let s = try PlayerApp.settings(from: app.session)
        XCTAssertEqual(s.path, clip)
        XCTAssertTrue(s.loop)
        XCTAssertFalse(s.playing)
        XCTAssertEqual(app.title, (clip as NSString).lastPathComponent)
    }
}
