import ArgumentParser
import GLFunDrawingApp
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a recorded session (any app's --record) headlessly and write the last frame as PNG.",
        discussion: "The recording's first line names its app (\(AppRegistry.names.joined(separator: ", "))); a recording without one is the drawing app's.")

    @Argument(help: "The event log (JSON Lines).")
    var events: String

    @Option(name: .shortAndLong, help: "The PNG file to write (written atomically; - for standard output).")
    var output: String

    @Option(help: "Canvas size in points, WxH, until the log's first resize event.")
    var size: Size?

    @Option(help: "Also write the resulting document as scene JSON (the drawing app); written together with the PNG, or neither.")
    var saveScene: String?

    @Option(help: "Start from this scene JSON (as `glfun draw --open` did).")
    var open: String?

    func run() throws {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: events), options: .alwaysMapped) else {
            throw GLFunError.unreadable(path: events)
        }
        let log: [TimedEvent]
        do { log = try EventLog.parse(data, file: events) } catch {
            if Self.looksLikeAScene(data) { throw GLFunError.sceneNotRecording(path: events) }
            throw GLFunError.eventLog(error)
        }
        let canvas = Canvas(width: size?.width ?? defaultWindowSize.width, height: size?.height ?? defaultWindowSize.height)
        let name = EventLog.appName(of: log)
        guard let entry = AppRegistry.entry(named: name) else {
            throw GLFunError.unknownApp(path: events, name: name, known: AppRegistry.names)
        }
        MallocTuning.applyForPhotos()  // a slide show's photos; nothing else makes blocks this large
        // Every output is made in memory first, then written together: all or none.
        var outputs = Outputs()
        if entry.name == DrawingApp.name, open != nil || saveScene != nil {
            var document: Scene? = nil
            if let open { document = try readScene(open) }
            let app = DrawingApp(canvas: canvas, document: document)
            let loadImages = documentImagesLoader(document, openedFrom: open)
            try outputs.add(replay({ () throws(GLFunError) in app }, log, canvas: canvas,
                                   prepare: { _, renderer throws(GLFunError) in try loadImages(renderer) }), to: output)
            if let saveScene { outputs.add([UInt8](app.document.jsonData()), to: saveScene) }
        } else {
            try outputs.add(replay(entry.type, log, canvas: canvas), to: output)
        }
        try outputs.write()
    }

    /// Replays a registered app: made from the recording's session line (its settings checked
    /// as the command line checks them), by the recording's clock.
    func replay<A: GLFunApp>(_ type: A.Type, _ log: [TimedEvent], canvas: Canvas) throws(GLFunError) -> Image {
        let session = log.lazy.compactMap { e -> Session? in if case let .session(s) = e.event { s } else { nil } }.first
        var (settings, seed) = A.sessionless
        if let session {
            do { settings = try A.settings(from: session) } catch { throw .settings(path: events, error) }
            seed = session.seed
        }
        let start = AppStart(canvas: canvas, clock: .recorded, warn: printWarning)
        return try replay({ () throws(GLFunError) in
            do { return try A(settings: settings, seed: seed, start: start) } catch {
                throw GLFunError.relativeToCurrentFolder(GLFunError(error, path: events), recording: events)
            }
        }, log, canvas: canvas, prepare: { app, renderer throws(GLFunError) in
            do { try app.prepare(renderer) } catch {
                throw GLFunError.relativeToCurrentFolder(GLFunError(error, path: events), recording: events)
            }
        })
    }

    /// Feeds the log to the app in a headless host and returns its last frame. The app is made
    /// once the GL context is current (the slide show bounds its pictures by the context's
    /// GL_MAX_TEXTURE_SIZE: made before, it read 0 and shrank every picture to one pixel).
    func replay<A: InteractiveApp>(_ makeApp: () throws(GLFunError) -> A, _ log: [TimedEvent], canvas: Canvas,
                                   prepare: (A, Renderer) throws(GLFunError) -> Void) throws(GLFunError) -> Image
    where A.Frame == FrameTarget {
        let context: Context
        do { context = try Context.headless() } catch { throw GLFunError.headlessContext(error) }
        let renderer: Renderer
        do { renderer = try Renderer(context: context) } catch { throw GLFunError.gl(path: events, error) }
        let app = try makeApp()
        try prepare(app, renderer)
        let host = HeadlessHost(app: app, renderer: renderer, canvas: canvas)
        host.feed(log)
        do { return try host.renderFrame() } catch { throw GLFunError(error, path: events) }
    }

    /// Whether `data`, which is no event log, reads as a scene (the scene reader's own limits
    /// of size and depth hold; a recording's errors stay its own otherwise).
    static func looksLikeAScene(_ data: Data) -> Bool {
        (try? Scene(json: data)) != nil
    }
}
