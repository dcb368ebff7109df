// PinchApp in a window on the session's window system (GLFunWindowSystem: Wayland when
// WAYLAND_DISPLAY is set, else X11; GLFUN_WINDOW_SYSTEM forces one) run by WindowHost,
// recording the session, or a recording replayed headlessly (HeadlessHost) to the same pixels:
//
//     WindowApp [--record EVENTS.jsonl]
//     WindowApp --replay EVENTS.jsonl --output OUT.png
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunWindowSystem

func option(_ name: String) -> String? {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("WindowApp: error: \(message)\n".utf8))
    exit(1)
}

if let events = option("--replay") {
    guard let output = option("--output") else { fail("--replay needs --output OUT.png") }
    do {
        guard let data = FileManager.default.contents(atPath: events) else { fail("cannot read \(events)") }
        let log = try EventLog.parse(String(decoding: data, as: UTF8.self), file: events)
        let canvas = Canvas(width: 640, height: 480)   // until the log's resize event
        let renderer = try Renderer(context: try Context.headless())
        let host = HeadlessHost(app: PinchApp(canvas: canvas), renderer: renderer, canvas: canvas)
        host.feed(log)
        try host.renderFrame().writePNG(to: output)
        print("wrote \(output): scale \(host.app.scale)")
    } catch {
        fail("\(error)")   // an EventLogError names the file and the line
    }
} else {
    do {
        let request = WindowRequest(width: 640, height: 480, title: "GLFun pinch example", appID: "GLFun")
        let window = try WindowSystem.open(request) { fallback in
            FileHandle.standardError.write(Data("WindowApp: warning: \(fallback.reason): opened on X11 instead\n".utf8))
        }
        let cv = window.canvas
        let app = PinchApp(canvas: Canvas(width: cv.width, height: cv.height, scale: cv.scale))
        let host = try WindowHost(window: window, app: app, options: HostOptions(recordPath: option("--record")))
        exit(try host.run())
    } catch {
        fail("\(error)")
    }
}
