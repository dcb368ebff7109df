import ArgumentParser
import DrawingApp
import Foundation
import GLES
import GLFunHost
import GLFunKit
import GLFunUI
import HappinessApp
import GLFunMovie
import PlayerApp
import SlideShowApp
import SwipesApp
import TouchExplorerApp

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a recorded session (any app's --record) headlessly and write the last frame as PNG.",
        discussion: "The recording's first line names its app (drawing, touches, swipes, slideshow, happiness, play); a recording without one is the drawing app's.")

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
            throw GlfunError.unreadable(path: events)
        }
        let log: [TimedEvent]
        do { log = try EventLog.parse(data, file: events) } catch {
            throw GlfunError.eventLog(error)
        }
        let canvas = Canvas(width: size?.width ?? 800, height: size?.height ?? 600)
        let name = EventLog.appName(of: log)
        // Every output is made in memory first, then written together: all or none.
        var outputs = Outputs()
        switch name {
        case DrawingApp.name:
            var document: Scene? = nil
            if let open { document = try readScene(open) }
            let app = DrawingApp(canvas: canvas, document: document)
            try outputs.add(replay(app, log, canvas: canvas, prepare: documentImagesLoader(document, openedFrom: open)),
                            to: output)
            if let saveScene { outputs.add([UInt8](app.document.jsonData()), to: saveScene) }
        case TouchExplorerApp.name:
            try outputs.add(replay(TouchExplorerApp(canvas: canvas), log, canvas: canvas), to: output)
        case SwipesApp.name:
            try outputs.add(replay(SwipesApp(canvas: canvas), log, canvas: canvas), to: output)
        case HappinessApp.name:
            // The start values are in the session line; the replay prints no `happiness = N`.
            try outputs.add(replay(HappinessApp(canvas: canvas, output: { _ in }), log, canvas: canvas), to: output)
        case SlideShowApp.name:
            // The pictures, their order and the show's settings are in the session line.
            let session = log.lazy.compactMap { e -> Session? in if case let .session(s) = e.event { s } else { nil } }.first
            let setup = try SlideShowSetup(settings: SlideShowSettings(options: session?.options ?? [:]),
                                           seed: session?.seed ?? 0)
            try outputs.add(replay(setup.makeApp(canvas: canvas), log, canvas: canvas, prepare: setup.checkTransition),
                            to: output)
        case PlayerApp.name:
            // The movie's path and settings are in the session line; its frames are drawn by
            // the recording's clock (`.byTime`), so the replay shows what the window showed.
            let session = log.lazy.compactMap { e -> Session? in if case let .session(s) = e.event { s } else { nil } }.first
            let s = PlayerApp.settings(from: session ?? Session(app: PlayerApp.name, seed: 0))
            let info: MovieInfo
            do { info = try MovieProbe.info(s.path) } catch { throw GlfunError.movie(error) }
            try outputs.add(replay(PlayerApp(path: s.path, info: info, canvas: canvas, clock: .byTime, sound: false,
                                             loop: s.loop, playing: s.playing), log, canvas: canvas), to: output)
        default:
            throw GlfunError.unknownApp(path: events, name: name,
                                        known: [DrawingApp.name, TouchExplorerApp.name, SwipesApp.name, SlideShowApp.name,
                                                HappinessApp.name, PlayerApp.name])
        }
        try outputs.write()
    }

    /// Feeds the log to the app in a headless host and returns its last frame. The app is made
    /// once the GL context is current (the slide show bounds its pictures by the context's
    /// GL_MAX_TEXTURE_SIZE: made before, it read 0 and shrank every picture to one pixel).
    func replay<A: InteractiveApp>(_ makeApp: @autoclosure () -> A, _ log: [TimedEvent], canvas: Canvas,
                                   prepare: (Renderer) throws(GlfunError) -> Void = { _ in }) throws(GlfunError) -> Image
    where A.Frame == FrameTarget {
        do {
            let context: Context
            do { context = try Context.headless() } catch { throw GlfunError.headlessContext(error) }
            let renderer: Renderer
            do { renderer = try Renderer(context: context) } catch { throw GlfunError.gl(path: events, error) }
            try prepare(renderer)
            let host = HeadlessHost(app: makeApp(), renderer: renderer, canvas: canvas)
            host.feed(log)
            return try host.renderFrame()
        } catch let e as GlfunError {
            throw e
        } catch let e as GLESError {
            throw .gl(path: events, e)
        } catch {
            throw .app(path: events, "\(error)")
        }
    }
}
