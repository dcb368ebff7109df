internal import CX11
import Foundation
import GLES
import GLFunApp
import GLFunKit

/// Where a session writes things.
public struct SessionOptions: Sendable {
    /// Writes every InputEvent as JSON Lines as it happens.
    public var recordPath: String?
    /// Where Ctrl+S writes the scene JSON (and the PNG beside it).
    public var savePath: String
    /// Folder for the autosave written when the window closes with unsaved work.
    public var autosaveDirectory: String
    /// Writes one line per frame: frame ms, input-to-frame latency ms, shapes.
    public var statsPath: String?
    public init(recordPath: String? = nil, savePath: String, autosaveDirectory: String, statsPath: String? = nil) {
        self.recordPath = recordPath
        self.savePath = savePath
        self.autosaveDirectory = autosaveDirectory
        self.statsPath = statsPath
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

/// Runs the drawing window: X events in, app state, frames out; records,
/// saves, and autosaves on every way out (close button, Esc, Ctrl+Q, SIGINT,
/// SIGTERM, the X connection lost), so nothing drawn is lost.
public final class DrawingSession {
    public let window: X11Window
    public let app: App
    public let frames: FrameRenderer
    public let options: SessionOptions
    private var recorder: FileHandle?
    private var statsLines: [String] = []
    private var pendingInputServerTime: UInt?
    private var lastSignal: Int32 = 0
    /// The window keeps its back buffer across swaps: frames may redraw only what changed.
    private var preserved = false
    /// The next frame redraws everything (the window was exposed).
    private var forceFullFrame = true

    public init(window: X11Window, app: App, frames: FrameRenderer, options: SessionOptions) {
        self.window = window
        self.app = app
        self.frames = frames
        self.options = options
    }

    /// Runs until the window closes. Returns the process's exit status.
    public func run() throws -> Int32 {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw WindowError.gl("pipe failed") }
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
        emergencySave = { [unowned self] in _ = self.autosaveIfNeeded(reason: "the X connection was lost") }
        XSetIOErrorHandler { _ in
            emergencySave?()
            _exit(1)
        }

        if let path = options.recordPath {
            guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
                throw WindowError.gl("\(path): cannot write the event log")
            }
            recorder = h
        }
        let cv = window.canvas
        feed(TimedEvent(t: 0, .session(seed: app.config.seed, classic: app.config.classic)))
        feed(TimedEvent(t: 0, .resize(width: cv.width, height: cv.height, scale: cv.scale)))

        preserved = ProcessInfo.processInfo.environment["GLFUN_FULL_FRAMES"] == nil && window.context.preserveBackBuffer()
        var needsDraw = true
        var quit = false
        var exitStatus: Int32 = 0
        while !quit {
            if needsDraw && !window.hasPendingEvents {
                try drawFrame()
                needsDraw = false
            }
            if !window.hasPendingEvents {
                var p = [pollfd(fd: window.connectionFD, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)]
                // Sleep until input, or until the app wants time to pass (a message to erase).
                var timeout: Int32 = -1
                if let deadline = app.nextDeadline {
                    timeout = Int32(max(0, min(60_000, ((deadline - window.now) * 1000).rounded(.up))))
                }
                let ready = poll(&p, 2, timeout)
                if ready == 0, let deadline = app.nextDeadline, window.now >= deadline - 0.001 {
                    let t = max(deadline, window.now)
                    window.noteTick(t)
                    feed(TimedEvent(t: t, .tick))
                    needsDraw = true
                    continue
                }
                if p[1].revents & Int16(POLLIN) != 0 {
                    var b: UInt8 = 0
                    _ = read(fds[0], &b, 1)
                    lastSignal = Int32(b)
                    quit = true
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
                        if case .touch = e.event, pendingInputServerTime == nil { pendingInputServerTime = window.lastServerTime }
                        if case .key = e.event, pendingInputServerTime == nil { pendingInputServerTime = window.lastServerTime }
                        for effect in feed(e) {
                            switch effect {
                            case .quit: quit = true
                            case .save: save()
                            }
                        }
                        needsDraw = true
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
        let why = lastSignal != 0 ? "signal \(lastSignal)" : "the window closed"
        _ = autosaveIfNeeded(reason: why)
        try? recorder?.close()
        if let path = options.statsPath {
            try? AtomicFile.write("frame_ms latency_ms layer_shapes draw_ms present_ms\n" + statsLines.joined(separator: "\n") + "\n", to: path)
        }
        emergencySave = nil
        return exitStatus
    }

    @discardableResult
    private func feed(_ e: TimedEvent) -> [Effect] {
        if let r = recorder { r.write(Data((EventLog.line(e) + "\n").utf8)) }
        return app.handle(e)
    }

    private static func monotonicMs() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    private func drawFrame() throws {
        let t0 = DrawingSession.monotonicMs()
        var tDrawn = t0
        do {
            try window.context.makeCurrent()
            let w = window.pixelWidth, h = window.pixelHeight
            try frames.drawFrame(app, incremental: preserved && !forceFullFrame) {
                Framebuffer.bindDefault(width: w, height: h)
            }
            forceFullFrame = false
            if options.statsPath != nil {
                GL.finish()  // only to split the frame's time into drawing and presenting
                tDrawn = DrawingSession.monotonicMs()
            }
            try window.present()
        } catch {
            throw WindowError.gl("\(error)")
        }
        let t1 = DrawingSession.monotonicMs()
        if options.statsPath != nil {
            var latency = -1.0
            if let server = pendingInputServerTime {
                // X server time is CLOCK_MONOTONIC in ms, modulo 2^32.
                let now = UInt(t1) & 0xffff_ffff
                latency = Double((now &- server) & 0xffff_ffff) + (t1 - t1.rounded(.down))
                if latency > 1e6 { latency = -1 }
            }
            statsLines.append(String(format: "%.3f %.3f %d %.3f %.3f", t1 - t0, latency, frames.lastLayerUpdateShapes,
                                     tDrawn - t0, t1 - tDrawn))
        }
        pendingInputServerTime = nil
    }

    /// Ctrl+S: the scene JSON at the save path and a PNG of it beside it.
    private func save() {
        let json = options.savePath
        let png = (json.hasSuffix(".json") ? String(json.dropLast(5)) : json) + ".png"
        do {
            try writeDocument(to: json)
            let image = try documentImage()
            try image.writePNG(to: png)
            app.markSaved()
            FileHandle.standardError.write(Data("glfun: saved \(json) and \(png)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("glfun: error: save failed: \(error) (the drawing is kept; it will be autosaved on exit)\n".utf8))
        }
    }

    private func writeDocument(to path: String) throws {
        try AtomicFile.write([UInt8](app.document.jsonData()), to: path)
        // Image shapes name sprite.png relative to the scene: put it beside it.
        if app.document.shapes.contains(where: { $0.image == App.spriteName }) {
            let dir = (path as NSString).deletingLastPathComponent
            let sprite = (dir.isEmpty ? "." : dir) + "/" + App.spriteName
            if !FileManager.default.fileExists(atPath: sprite) { try AtomicFile.write(Resources.spritePNG, to: sprite) }
        }
    }

    private func documentImage() throws -> Image {
        let cv = app.canvas
        let fb = try Framebuffer(context: window.context, width: cv.pixelWidth, height: cv.pixelHeight, depth: true)
        fb.bind()
        try frames.renderer.draw(app.document.shapes, canvas: cv, background: app.document.background, targetHasDepth: true)
        return try fb.readPixels()
    }

    /// Writes the document to a new autosave file if it has unsaved changes.
    /// Returns the path written.
    func autosaveIfNeeded(reason: String) -> String? {
        guard app.isDirty else { return nil }
        let dir = options.autosaveDirectory
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        let path = dir + "/autosave-\(f.string(from: Date()))-\(getpid()).json"
        do {
            try writeDocument(to: path)
            app.markSaved()
            FileHandle.standardError.write(Data("glfun: unsaved drawing (\(app.document.shapes.count) shapes) autosaved to \(path) (\(reason))\n".utf8))
            return path
        } catch {
            // Last resort: the current directory.
            let fallback = "glfun-autosave-\(getpid()).json"
            if (try? AtomicFile.write([UInt8](app.document.jsonData()), to: fallback)) != nil {
                FileHandle.standardError.write(Data("glfun: unsaved drawing autosaved to \(fallback) (\(dir) failed: \(error))\n".utf8))
                return fallback
            }
            FileHandle.standardError.write(Data("glfun: error: could not autosave the drawing: \(error)\n".utf8))
            return nil
        }
    }
}
