import GLFunFileOutput
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunPhotos
import GLFunSVG
import GLFunTransitions
import GLFunWindow
import GLFunSlideShowApp
import GLFunSoak

/// The one line the CLI prints for a failure: `glfun: error: ` and the first line of
/// `message` (ArgumentParser's "Error: " prefix dropped), with the bulleted list of values that
/// ArgumentParser puts under a line ending in ":" (six values or more) folded onto it.
/// main.swift and a batch's scenes use it.
func errorLine(_ message: String) -> String {
    let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    var m = lines.first ?? "failed"
    if m.hasPrefix("Error: ") { m.removeFirst(7) }
    let values = lines.dropFirst().prefix { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    if m.hasSuffix(":"), !values.isEmpty { m += " " + values.joined(separator: ", ") + "." }
    return "glfun: error: " + m
}

/// Every way a command fails, typed up to the one `glfun: error:` line `main.swift` prints.
/// Each case carries the file it is about and the typed error underneath.
enum GLFunError: Error, CustomStringConvertible {
    /// A scene file could not be read or is invalid (the error names the file and key path).
    case scene(SceneError)
    /// An SVG file is not well-formed, not SVG, or hostile (the error names the element).
    case svg(path: String, SVGError)
    /// A scene's canvas is over the pixel limit at the scale asked for.
    case canvasTooLarge(path: String, reason: String)
    /// No headless EGL context could be opened.
    case headlessContext(GLESError)
    /// A scene's images could not be loaded, or it could not be rendered.
    case render(path: String, RenderError)
    /// GL failed while drawing for `path` (a replay, a benchmark).
    case gl(path: String, GLESError)
    /// A file that should be read is not there or not readable.
    case unreadable(path: String)
    /// The event log is invalid (the error names the file and line).
    case eventLog(EventLogError)
    /// An output file's extension names a format glfun does not write.
    case unknownOutputFormat(path: String, extension: String)
    /// `-o -` with standard output on a terminal: a picture's bytes are not for a terminal.
    case pictureToTerminal
    /// `glfun replay` was given a scene (JSON with "shapes"), not a recording.
    case sceneNotRecording(path: String)
    /// A recording names an app this glfun does not have.
    case unknownApp(path: String, name: String, known: [String])
    /// An output file could not be written.
    case write(FileWriteError)
    /// The window could not be opened or kept.
    case window(WindowError)
    /// No display to open a window on (`why`), and what the app can do without one.
    case noDisplay(why: String, hint: String)
    /// A recording names a relative path (`missing`'s) that is not there: it is read relative to
    /// the current folder (`folder`), as it was when recorded (`RecordedPaths`).
    indirect case recordedRelativePath(recording: String, folder: String, missing: GLFunError)
    /// An app failed in a way of its own: its error, type intact.
    case app(path: String, any Error)
    /// An app's settings (from the command line or a recording's session line) are not what it accepts.
    case settings(path: String, SessionOptionsError)
    /// A soak drew too few frames for a verdict.
    case soakTooShort(frames: Int)
    /// A soak's memory or GL objects grew.
    case soakGrowing(SoakVerdict)
    /// A picture could not be loaded as a slide (the error names the file).
    case picture(GLESError)
    /// A transition file could not be read or its parameters' defaults are not values (the error names the file).
    case transition(TransitionError)
    /// A slide show's list could not be made (no such path, an empty folder, a bad plist).
    case slides(SlideListError)
    /// A movie could not be opened, played or drawn, or a time asked for is not in it (the error names the file).
    case movie(MovieError)
    /// Options that cannot go together or a value out of range, found past the parser (a
    /// command's own `validate()` usually finds them first).
    case option(String)

    var description: String {
        switch self {
        case let .scene(e): return "\(e)"
        case let .slides(e): return "\(e)"
        case let .svg(path, e): return "\(path): \(e)"
        case let .canvasTooLarge(path, reason): return "\(path): \(reason)"
        case let .headlessContext(e): return "cannot open a headless GL context: \(e)"
        case let .render(path, e): return "\(path): \(e)"
        case let .gl(path, e): return "\(path): \(e)"
        case let .unreadable(path): return "\(path): cannot read (no such file, or not readable)"
        case let .eventLog(e): return "\(e)"
        case let .unknownOutputFormat(path, ext):
            return "\(path): glfun writes PNG (.png) and JPEG (.jpg, .jpeg) pictures, not \(ext)"
        case .pictureToTerminal:
            return "-o - writes the picture's bytes to standard output, which is a terminal here: "
                + "redirect it (-o - > out.png) or name a file"
        case let .sceneNotRecording(path):
            return "\(path) is a scene, not a recording (an event log): glfun render \(path) -o OUT.png draws it, "
                + "glfun draw --open \(path) opens it in the window"
        case let .unknownApp(path, name, known):
            return "\(path): unknown app \"\(name)\" (\(known.joined(separator: ", ")))"
        case let .write(e): return "\(e)"
        case let .window(e): return "\(e)"
        case let .noDisplay(why, hint): return "\(why); \(hint)"
        case let .recordedRelativePath(recording, folder, missing):
            return "\(missing) (\(recording) names it relative to the current folder, \(folder): "
                + "replay from the folder it was recorded in)"
        case let .app(path, e): return "\(path): \(e)"
        case let .settings(path, e): return "\(path): \(e)"
        case let .soakTooShort(frames): return "soak: too few frames for a verdict (\(frames))"
        case let .soakGrowing(verdict): return "soak: \(verdict.summary)"
        case let .picture(e): return "\(e)"
        case let .transition(e): return "\(e)"
        case let .movie(e): return "\(e)"
        case let .option(why): return why
        }
    }

    /// An app's error (from its setup, `prepare` or `draw`) as the command's: its own case where
    /// glfun has one (a GL error, a movie, a slide list, a transition file, settings), else
    /// `.app` with the error kept whole. `path` is the file the command was about.
    init(_ error: any Error, path: String) {
        switch error {
        case let e as GLFunError: self = e
        case let e as GLESError: self = .gl(path: path, e)
        case let e as ImageError: self = .gl(path: path, .image(e))
        case let e as FontError: self = .gl(path: path, .text(e))
        case let e as MovieError: self = .movie(e)
        case let e as SlideListError: self = .slides(e)
        case let e as TransitionError: self = .transition(e)
        case let e as TransitionFileError: self = .gl(path: e.path, e.error)
        case let e as SessionOptionsError: self = .settings(path: path, e)
        default: self = .app(path: path, error)
        }
    }
}
