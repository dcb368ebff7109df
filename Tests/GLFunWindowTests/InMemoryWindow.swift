import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
@testable import GLFunWindow

/// A test double of `WindowSystemWindow` for WindowHost's unit tests: no display, no server.
/// Its "protocol" is a list of steps the test posts; each is translated with the shared
/// `InputTranslation`, as X11Window and WaylandWindow translate theirs. It presents nothing
/// (it counts the frames and keeps their damage) and keeps the effects asked of it.
/// It says nothing about whether a real server works: integration/x11 and integration/wayland do.
final class InMemoryWindow: WindowSystemWindow {
    /// What the window system does next, as the host reads it.
    enum Step {
        /// Events the window system sends, as its window would translate them.
        case events((InputTranslation) -> [WindowEvent])
        /// The server or compositor goes away: what a real window does before its `_exit(1)`
        /// (`ConnectionLoss.report`: the host's handler); the double then ends the session
        /// with `.close` where the real process would have exited.
        case loseConnection
        /// The process is sent `signal` (SIGTERM, SIGINT, SIGHUP).
        case signal(Int32)
    }

    let context: Context
    let pixelWidth: Int
    let pixelHeight: Int
    let scale: Float
    var systemName: String { "InMemory" }
    let translation = InputTranslation()
    /// A pipe's read end that nothing writes: what the host polls beside its own descriptors.
    let connectionFD: Int32
    private let writeEnd: Int32
    private var steps: [Step] = []

    /// Frames presented, with their damage (nil: all of it).
    private(set) var presented: [[PixelRect]?] = []
    private(set) var titles: [String] = []
    private(set) var isFullScreen = false
    private(set) var cursors: [PointerShape] = []
    private(set) var keptAwake: [Bool] = []
    /// Whether the connection was lost (the real process would have exited with status 1).
    private(set) var connectionLost = false
    var readyToDraw = true

    init(context: Context, width: Int = 320, height: Int = 240, scale: Float = 1) {
        self.context = context
        pixelWidth = width
        pixelHeight = height
        self.scale = scale
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        connectionFD = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(connectionFD)
        close(writeEnd)
    }

    /// Adds steps the host reads next.
    func post(_ more: Step...) { steps += more }

    var hasPendingEvents: Bool { !steps.isEmpty }

    func nextEvent() -> [WindowEvent] {
        guard !steps.isEmpty else { return [] }
        switch steps.removeFirst() {
        case let .events(make):
            return make(translation)
        case .loseConnection:
            connectionLost = true
            ConnectionLoss.handler?()
            steps.removeAll()
            return [.close]
        case let .signal(sig):
            raise(sig)
            return []
        }
    }

    func present(damage: [PixelRect]?) throws(GLESError) { presented.append(damage) }
    func setTitle(_ title: String) { titles.append(title) }
    func setFullScreen(_ on: Bool) { isFullScreen = on }
    func setCursor(_ cursor: PointerShape) { cursors.append(cursor) }
    func keepAwake(_ on: Bool) { keptAwake.append(on) }
}

extension InMemoryWindow.Step {
    /// A key press at the server's `ms`.
    static func key(_ name: String, _ mods: Modifiers = [], ms: UInt) -> Self {
        .events { [$0.event(.key(Key(name), mods), serverMs: ms)] }
    }

    /// A left-button drag through `points`, the first at the server's `ms`, the others `step` ms apart
    /// (the release where the last motion was).
    static func drag(_ points: [Point], ms: UInt, step: UInt = 16, modifiers: Modifiers = [], center: Point) -> Self {
        .events { t in
            guard let first = points.first, let last = points.last else { return [] }
            var out = t.buttonPressed(at: first, center: center, modifiers: modifiers, serverMs: ms)
            for (i, p) in points.enumerated().dropFirst() {
                out += t.pointerMoved(to: p, center: center, serverMs: ms + UInt(i) * step)
            }
            return out + t.buttonReleased(at: last, center: center, serverMs: ms + UInt(points.count - 1) * step)
        }
    }

    /// The close button.
    static var close: Self { .events { _ in [.close] } }
}
