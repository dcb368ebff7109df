import ArgumentParser
import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunKit

/// Options every command that renders a scene shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: "A scene JSON file (the format is below).")
    var scene: String

    @Option(help: "Pixels per point (overrides the scene's scale), 0.25...8.")
    var scale: Float?

    @Option(help: "Antialiased edges, on or off (overrides the scene's \"antialias\"; a scene without it is off).")
    var aa: Switch?

    func validate() throws {
        try validateScale(scale)
    }

    /// The scene, and a headless renderer with its images loaded.
    func load() throws(GLFunError) -> (Scene, SceneRenderer) {
        let scene = try readSceneToRender(self.scene, scale: scale, aa: aa)
        let renderer: SceneRenderer
        do { renderer = try SceneRenderer() } catch { throw .headlessContext(error) }
        try loadImages(of: scene, from: self.scene, into: renderer)
        return (scene, renderer)
    }
}

/// A scene's images loaded into `renderer`, relative to its file.
func loadImages(of scene: Scene, from path: String, into renderer: SceneRenderer) throws(GLFunError) {
    do { try renderer.loadImages(for: scene, relativeTo: directory(of: path)) } catch {
        throw .render(path: path, error)
    }
}

/// The picture `glfun render` makes of a scene read from `path` (`readSceneToRender`): its
/// images loaded, rendered at `scale` (nil: the scene's), its images freed after (a batch
/// renders many with one renderer).
func renderScene(_ scene: Scene, from path: String, scale: Float?, with renderer: SceneRenderer) throws(GLFunError) -> Image {
    try loadImages(of: scene, from: path, into: renderer)
    defer { renderer.unloadImages(for: scene) }
    renderer.renderer.keepsPathMeshes = false  // one frame: no path's triangles are drawn again
    do { return try renderer.render(scene, scale: scale) } catch { throw .render(path: path, error) }
}

/// A scene as a command renders it: read (an error names the file and the key path; an SVG's
/// images from its folder, or from `svgFiles` too), `--aa` applied, and its canvas at `scale` (nil: the scene's own) checked against the pixel limit.
func readSceneToRender(_ path: String, scale: Float?, aa: Switch?, svgFiles: String? = nil) throws(GLFunError) -> Scene {
    var scene: Scene
    if let svg = try SVGInput.bytesIfSVG(path) {
        scene = try SVGInput.scene(path, bytes: svg, scale: scale ?? 1, files: svgFiles)
    } else {
        scene = try readScene(path)
    }
    if let aa { scene.antialias = aa == .on }
    let canvas = Canvas(width: Float(scene.width), height: Float(scene.height), scale: scale ?? scene.scale)
    if let why = Scene.pixelSizeProblem(width: scene.width, height: scene.height, scale: canvas.scale) {
        throw .canvasTooLarge(path: path, reason: why)
    }
    return scene
}

/// A setting that is on or off (`--aa on`).
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

/// A size "WxH" in points.
struct Size: ExpressibleByArgument {
    var width: Float
    var height: Float
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (64...8192).contains(w), (64...8192).contains(h) else { return nil }
        width = Float(w)
        height = Float(h)
    }
    /// How `--help` and the man pages show a default: `1280x720`, as it is typed.
    var defaultValueDescription: String { "\(Int(width))x\(Int(height))" }
}

/// What a scene file is, for the commands that read one (their help and man pages; DESIGN.md
/// is not installed).
let sceneFormatHelp = """
    A scene is JSON, as `glfun draw` saves it (Ctrl+S): {"version": 1, "width": 320, "height": 480, \
    "background": [0.76, 0.76, 0.76, 1], "shapes": [{"type": "rect", "from": [40, 60], "to": [200, 170], \
    "color": "blue"}, ...]}; a shape's "type" is line, rect or ellipse ("from", "to", "color"), image \
    ("at", and "image": a file relative to the scene's) or path ("d": SVG path data, "fill", "stroke").
    """

/// --scale's ranges: the window's, transitions' and bench's (a display's scale), and `glfun
/// render`'s, wider, for an icon drawn large or a big drawing as a thumbnail (a 24-unit SVG at
/// 512 pixels is 21.3); a picture's size is bounded on its own (`Scene.pixelSizeProblem`: 16384
/// pixels a side, 2^26 in all).
enum ScaleRange {
    case display, render

    var bounds: ClosedRange<Float> { self == .display ? 0.25...8 : 1.0 / 64...256 }
    var said: String { self == .display ? "0.25...8" : "1/64...256 (0.015625...256)" }
}

/// Checks --scale against `range`.
func validateScale(_ scale: Float?, _ range: ScaleRange = .display) throws {
    if let scale, !(scale.isFinite && range.bounds.contains(scale)) {
        throw ValidationError("--scale must be \(range.said), not \(scale)")
    }
}

/// The folder a scene's image paths are relative to.
func directory(of scenePath: String) -> String {
    PathName.folder(of: scenePath)
}

/// `path` from the root: as it is when it starts with "/" (or is empty, for its own error),
/// else in the current folder.
func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") || path.isEmpty ? path : PathName.joining(FileManager.default.currentDirectoryPath, path)
}

func readScene(_ path: String) throws(GLFunError) -> Scene {
    do { return try Scene(contentsOfFile: path) } catch { throw .scene(error) }
}

/// The median of timings (sorted here).
func median(_ values: [Double]) -> Double {
    let v = values.sorted()
    return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
}

/// What a window or a replay does to its renderer before the drawing app's first frame: load
/// the images of the document it opened (`--open`), relative to that file.
func documentImagesLoader(_ document: Scene?, openedFrom path: String?) -> (Renderer) throws(GLFunError) -> Void {
    { renderer throws(GLFunError) in
        guard let path, let document else { return }
        do throws(RenderError) { try renderer.loadImages(for: document, relativeTo: directory(of: path)) } catch {
            throw .render(path: path, error)
        }
    }
}
