import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI

/// Where a window session writes things.
public struct HostOptions: Sendable {
    /// Writes every InputEvent as JSON Lines as it happens.
    public var recordPath: String?
    /// Where `.save` writes the app's document (nil: the document's default file name).
    public var savePath: String?
    /// Folder for the autosave written when the session ends with unsaved work.
    public var autosaveDirectory: String
    /// Folder of the crash-recovery copies (`RecoveryFolder`); nil: keep none.
    public var recoveryDirectory: String?
    /// Seconds between two crash-recovery copies while there are unsaved changes.
    public var recoveryInterval: Double
    /// Writes one line per frame: frame ms, input-to-frame latency ms, cached items, draw ms, present ms.
    public var statsPath: String?
    /// What the host tells the person (saves, autosaves, the display lost); by default logged
    /// (`WindowLog`), glfun prints them as `glfun: …` lines.
    public var notice: @Sendable (HostNotice) -> Void = HostOptions.logNotice
    /// Options; by default no recording, save path or statistics, and autosave and recovery copies in the default folders.
    public init(recordPath: String? = nil, savePath: String? = nil,
                autosaveDirectory: String = HostOptions.defaultAutosaveDirectory, statsPath: String? = nil,
                recoveryDirectory: String? = RecoveryFolder.defaultDirectory, recoveryInterval: Double = 5) {
        self.recordPath = recordPath
        self.savePath = savePath
        self.autosaveDirectory = autosaveDirectory
        self.recoveryDirectory = recoveryDirectory
        self.recoveryInterval = recoveryInterval
        self.statsPath = statsPath
    }

    /// Logs a notice at `notice` level (errors at `error`).
    public static func logNotice(_ notice: HostNotice) {
        if notice.isError { WindowLog.logger.error("\(notice)") } else { WindowLog.logger.notice("\(notice)") }
    }

    /// $GLFUN_AUTOSAVE_DIR, else $XDG_DATA_HOME/glfun, else ~/.local/share/glfun.
    public static var defaultAutosaveDirectory: String {
        let env = ProcessInfo.processInfo.environment
        if let d = env["GLFUN_AUTOSAVE_DIR"], !d.isEmpty { return d }
        if let x = env["XDG_DATA_HOME"], !x.isEmpty { return x + "/glfun" }
        return (env["HOME"] ?? ".") + "/.local/share/glfun"
    }
}

// The C callbacks below cannot capture context: they reach the session through these.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1
nonisolated(unsafe) private var emergencySave: (() -> Void)?

/// Runs any `InteractiveApp` in a window of any window system (`WindowSystemWindow`: X11,
/// Wayland): its events in, effects carried out, frames out.
/// It records the session, sends ticks when the app asked to be woken, redraws only the
/// damaged region when the window keeps its back buffer, and saves the app's document on
/// `.save` and on every way out (close button, `.quit`, SIGINT, SIGTERM, SIGHUP, the
/// connection to the display lost), so nothing the user made is lost; while there are unsaved changes it keeps
/// a crash-recovery copy (`CrashRecovery`) against what it cannot catch (kill -9, a crash).
/// It knows no app, and says nothing itself: what the person should know goes to
/// `HostOptions.notice`.
public final class WindowHost<App: InteractiveApp> where App.Frame == FrameTarget {
    /// The window the app is shown in.
    public let window: any WindowSystemWindow
    /// The app the window's events go to.
    public let app: App
    /// Draws the app's frames in the window's context.
    public let renderer: Renderer
    /// Recording, saving, autosave and statistics.
    public let options: HostOptions
    private var recorder: FileHandle?
    private let recovery: CrashRecovery?
    private var stats = FrameStatistics()
    private var lastSignal: Int32 = 0
    /// The window keeps its back buffer across swaps: frames may redraw only what changed.
    private var preserved = false
    /// The next frame redraws everything (the window was exposed or resized).
    private var forceFullFrame = true
    private var needsDraw = true
    private var quit = false

    /// - Parameter window: the window the app is shown in.
    /// - Parameter app: the app the window's events go to.
    /// - Parameter renderer: made for `window.context` (so the app's textures can be loaded first).
    /// - Parameter options: recording, statistics, autosave and the like.
    public init(window: any WindowSystemWindow, app: App, renderer: Renderer, options: HostOptions) {
        self.window = window
        self.app = app
        self.renderer = renderer
        self.options = options
        recovery = options.recoveryDirectory.map {
            CrashRecovery(folder: RecoveryFolder(directory: $0), interval: options.recoveryInterval)
        }
    }

    /// A host with a new renderer in the window's context.
    public convenience init(window: any WindowSystemWindow, app: App, options: HostOptions) throws(WindowError) {
        let renderer: Renderer
        do { renderer = try Renderer(context: window.context) } catch { throw .context(error) }
        self.init(window: window, app: app, renderer: renderer, options: options)
    }

    /// Runs until the window closes. Returns the process's exit status (128 + the signal
    /// that ended it, else 0).
    public func run() throws(WindowError) -> Int32 {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .system(call: "pipe", errno: errno) }
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        signalPipeWrite = fds[1]
        let onSignal: @convention(c) (Int32) -> Void = { sig in
            var b = UInt8(truncatingIfNeeded: sig)
            _ = write(signalPipeWrite, &b, 1)
        }
        signal(SIGINT, onSignal)
        signal(SIGTERM, onSignal)
        signal(SIGHUP, onSignal)
        let lost = "the \(window.systemName) connection was lost"
        emergencySave = { [unowned self] in _ = self.endSession(reason: lost) }
        let notice = options.notice, system = window.systemName
        ConnectionLoss.handler = {
            emergencySave?()
            notice(.connectionLost(system: system))
        }
        defer { emergencySave = nil }

        if let path = options.recordPath {
            // Streamed as it happens: a FIFO or - is written into, a device or a folder refused.
            do {
                let fd = try OutputDestination(path: path).openForStreaming(path: path)
                recorder = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            } catch { throw .recording(path: path, reason: error.reason) }
        }
        window.setTitle(app.title)
        let cv = window.canvas
        // The session starts now: time spent since the window opened (an app's preparation: a
        // movie's first frame decoded) is not time the app's clock has run.
        window.translation.noteTick(0)
        feed(TimedEvent(t: 0, .session(app.session)))
        feed(TimedEvent(t: 0, .resize(width: cv.width, height: cv.height, scale: cv.scale)))

        preserved = ProcessInfo.processInfo.environment["GLFUN_FULL_FRAMES"] == nil && window.context.preserveBackBuffer()
        var exitStatus: Int32 = 0
        while !quit {
            recovery?.keepIfDue(app.documentForSaving, now: WindowClock.monotonic(), notice: options.notice)
            if needsDraw && window.readyToDraw && !window.hasPendingEvents {
                try drawFrame()
                needsDraw = false
            }
            if !window.hasPendingEvents {
                var p = [pollfd(fd: window.connectionFD, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0),
                         pollfd(fd: app.wakeup?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
                // Sleep until input, or until the app wants time to pass (a message to erase).
                var timeout: Int32 = -1
                if let deadline = app.nextDeadline {
                    timeout = Int32(max(0, min(60_000, ((deadline - window.translation.now) * 1000).rounded(.up))))
                }
                // ...or until the crash-recovery copy is due.
                let mono = WindowClock.monotonic()
                if let due = recovery?.deadline(for: app.documentForSaving, now: mono) {
                    let ms = Int32(max(0, min(60_000, ((due - mono) * 1000).rounded(.up))))
                    timeout = timeout < 0 ? ms : min(timeout, ms)
                }
                let ready = poll(&p, 3, timeout)
                let clock = window.translation
                if ready == 0, let deadline = app.nextDeadline, clock.now >= deadline - 0.001 {
                    let t = max(deadline, clock.now)
                    clock.noteTick(t)
                    feed(TimedEvent(t: t, .tick))
                    continue
                }
                if p[2].revents & Int16(POLLIN) != 0, app.wakeup?.drain() == true {
                    // Another thread of the app has news (a movie's frame): a tick, recorded.
                    let t = clock.now
                    clock.noteTick(t)
                    feed(TimedEvent(t: t, .tick))
                    if p[1].revents & Int16(POLLIN) == 0 { continue }
                }
                if p[1].revents & Int16(POLLIN) != 0 {
                    var b: UInt8 = 0
                    _ = read(fds[0], &b, 1)
                    lastSignal = Int32(b)
                    exitStatus = 128 + Int32(b)
                    break
                }
            }
            // Take every event waiting before drawing again: motion is coalesced
            // into one frame, so a flood of events never leaves the picture behind.
            while window.hasPendingEvents && !quit {
                for tr in window.nextEvent() {
                    switch tr {
                    case let .input(e):
                        switch e.event {
                        case .touch, .key, .scroll: stats.noteInput(serverTime: window.translation.lastServerTime)
                        default: break
                        }
                        if case .resize = e.event { forceFullFrame = true }
                        feed(e)
                    case .close:
                        quit = true
                    case .expose:
                        needsDraw = true
                        forceFullFrame = true
                    case .none:
                        break
                    }
                }
            }
        }
        window.keepAwake(false)  // the session is over: the screen may blank again
        let why = lastSignal != 0 ? "signal \(lastSignal)" : "the window closed"
        if !endSession(reason: why) && exitStatus == 0 { exitStatus = 1 }
        try? recorder?.close()
        if let path = options.statsPath { try? AtomicFile.write(stats.text, to: path) }
        return exitStatus
    }

    /// Records an event, hands it to the app and carries out what it asks.
    private func feed(_ e: TimedEvent) {
        if let r = recorder { r.write(Data((EventLog.line(e) + "\n").utf8)) }
        for effect in app.handle(e) {
            switch effect {
            case .redraw: needsDraw = true
            case .quit: quit = true
            case .save: save()
            case let .setTitle(t): window.setTitle(t)
            case let .setFullScreen(on): window.setFullScreen(on)
            case .toggleFullScreen: window.setFullScreen(!window.isFullScreen)
            case let .setCursor(c): window.setCursor(c)
            case let .keepAwake(on): window.keepAwake(on)
            }
        }
    }

    /// A frame that takes longer than this (ms) is logged (`.debug`) as slow: two 60 Hz frames.
    public static var slowFrameMs: Double { 33.4 }

    private func drawFrame() throws(WindowError) {
        let t0 = FrameStatistics.monotonicMs()
        var tDrawn = t0
        let report: FrameReport
        do {
            try window.context.makeCurrent()
            let w = window.pixelWidth, h = window.pixelHeight
            let frame = FrameTarget(renderer: renderer, canvas: window.canvas,
                                    preserved: preserved && !forceFullFrame) { Framebuffer.bindDefault(width: w, height: h) }
            report = try app.draw(frame)
            forceFullFrame = false
            if options.statsPath != nil {
                GL.finish()  // only to split the frame's time into drawing and presenting
                tDrawn = FrameStatistics.monotonicMs()
            }
            // Opaque pixels whatever blending left in alpha (or an XRGB buffer's X byte).
            Framebuffer.bindDefault(width: w, height: h)
            GL.fillAlpha()
            // A partial frame's damage goes to the compositor; any other frame damages all.
            try window.present(damage: report.partial ? report.damage.map {
                [PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)]
            } : nil)
        } catch let e as GLESError {
            throw .draw(e)
        } catch {
            throw .app(error)
        }
        let tEnd = FrameStatistics.monotonicMs()
        if options.statsPath != nil { stats.noteFrame(start: t0, drawn: tDrawn, end: tEnd, report: report) }
        if tEnd - t0 > WindowHost.slowFrameMs {
            WindowLog.logger.debug("slow frame: \(Int(tEnd - t0)) ms (over \(Int(WindowHost.slowFrameMs)) ms)",
                                   metadata: ["app": .string(App.name)])
        }
        stats.clearInput()
    }

    /// The host's save service: the app's document at the save path.
    private func save() {
        guard let doc = app.documentForSaving else { return }
        let path = options.savePath ?? doc.defaultFileName
        do {
            let written = try doc.write(to: path, preview: true)
            doc.markSaved()
            if !doc.hasUnsavedChanges { recovery?.remove() }
            options.notice(.saved(paths: doc.namedPaths(written)))
        } catch {
            options.notice(.saveFailed(error))
            doc.saveFailed(error)  // in the window too, not on stderr alone
            needsDraw = true
        }
    }

    /// The end of a session (or the connection to the display lost): the autosave of unsaved work, and the
    /// crash-recovery copy removed once the work is kept (kept when it could not be).
    /// Returns false when the work could not be kept anywhere.
    func endSession(reason: String) -> Bool {
        let outcome = Autosave.run(app.documentForSaving, autosaveDirectory: options.autosaveDirectory, reason: reason,
                                   recoveryCopy: recovery.flatMap { $0.exists ? $0.path : nil }, notice: options.notice)
        if outcome != .lost { recovery?.remove() }
        return outcome != .lost
    }
}
