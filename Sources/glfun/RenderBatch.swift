import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunKit

/// `glfun render A.json B.json … --output-dir DIR [--jobs N]`: many scenes in one process.
///
/// N workers (this thread and N-1 `JoinableThread`s) each open their own headless context and
/// `SceneRenderer` once (an EGL context is current on one thread; the shaders are compiled
/// once per worker, not per scene) and take scenes from a shared `BatchQueue` in order. Each
/// scene's images are loaded for it and freed after it (another scene's "sprite.png",
/// relative to another folder, may be another file). A scene that fails is one
/// `glfun: error:` line, its own error naming its file, and the others still render. Each
/// PNG, DIR/<name>.png, is written whole through `Outputs` on its worker's encoder thread
/// (`BatchEncoder`: the next scene is drawn meanwhile). What a
/// scene's PNG holds depends only on that scene: any number of jobs writes the same bytes as
/// one, and as `glfun render A.json -o A.png`.
struct RenderBatch {
    let scenes: [String]
    let folder: ExportFolder
    /// Worker threads asked for (no more are started than there are scenes).
    let jobs: Int
    let scale: Float?
    let aa: Switch?
    /// A folder SVG images may also be read from (`--svg-files`).
    var svgFiles: String?

    /// DIR's file for a scene: the scene file's base name without ".json" or ".svg" (any case), + ".png".
    static func pngName(for scene: String) -> String {
        var name = PathName.lastComponent(of: scene)
        if name.count > 5, name.lowercased().hasSuffix(".json") { name.removeLast(5) }
        if name.count > 4, name.lowercased().hasSuffix(".svg") { name.removeLast(4) }
        return name + ".png"
    }

    /// The first two scenes that would write the same file, if any.
    static func sameName(_ scenes: [String]) -> (String, String)? {
        var seen: [String: String] = [:]
        for s in scenes {
            if let first = seen[pngName(for: s)] { return (first, s) }
            seen[pngName(for: s)] = s
        }
        return nil
    }

    /// Renders every scene; returns what each came to, in the scenes' order (each failure has
    /// had its error line). Throws
    /// only what stops them all, before any scene is read: no headless context for a worker,
    /// or a folder that cannot be made. This thread is the first worker; the others are
    /// threads of their own, joined before this returns.
    func run() throws(GLFunError) -> [SceneStatus] {
        let queue = BatchQueue(count: scenes.count)
        var helpers: [JoinableThread] = []
        for _ in 1..<max(1, min(jobs, scenes.count)) {
            // 8 MiB of stack, as a main thread usually has. No thread to be had: fewer workers.
            guard let thread = JoinableThread.start(stackSize: 8 << 20, { helper(queue) }) else { break }
            helpers.append(thread)
        }
        func stop() {
            queue.start(false)
            for t in helpers { t.join() }
        }
        var renderer: SceneRenderer?
        var failure: GLESError?
        do { renderer = try open(queue) } catch { failure = error }
        if let failure = queue.waitForContexts(own: failure, workers: helpers.count + 1) {
            stop()
            throw .headlessContext(failure)
        }
        do { try folder.create() } catch {
            stop()
            throw error
        }
        queue.start(true)
        if let renderer { work(queue, with: renderer) }
        for t in helpers { t.join() }
        let outcomes = queue.finish()
        return scenes.indices.map { i in
            guard let o = outcomes[i] else {  // the batch stopped before it (no worker took it)
                return SceneStatus(file: scenes[i], error: errorLine("\(scenes[i]): not rendered"), milliseconds: 0)
            }
            return SceneStatus(file: scenes[i], error: o.error, milliseconds: o.milliseconds, isWriteFailure: o.isWriteFailure)
        }
    }

    /// A worker's context and renderer, opened on its thread (where the context is current).
    private func open(_ queue: BatchQueue) throws(GLESError) -> SceneRenderer {
        let context = try queue.serially { () throws(GLESError) in try Context.headless() }
        return try SceneRenderer(context: context)
    }

    /// A worker of its own thread: its renderer, then scenes until none is left. The renderer
    /// (and with it the context) goes on this thread, before the thread ends.
    private func helper(_ queue: BatchQueue) {
        let renderer: SceneRenderer
        do { renderer = try open(queue) } catch {
            _ = queue.opened(error)
            return
        }
        guard queue.opened(nil) else { return }
        work(queue, with: renderer)
    }

    /// Takes scenes from the queue until none is left; each failure is reported as its line.
    /// Each scene's PNG is encoded and written on the worker's `BatchEncoder` thread while the
    /// worker draws the next scene.
    private func work(_ queue: BatchQueue, with renderer: SceneRenderer) {
        let encoder = BatchEncoder(queue: queue)
        defer { encoder.close() }
        while let i = queue.next() {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let image = try render(scenes[i], with: renderer)
                encoder.submit(BatchEncoder.Job(item: i, image: image, path: PathName.joining(folder.path, Self.pngName(for: scenes[i])),
                                                start: start))
            } catch {
                let ms = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
                queue.finished(i, BatchQueue.Outcome(error: errorLine("\(error)"), milliseconds: ms, isWriteFailure: false))
            }
        }
    }

    /// Reads, loads the images of and renders one scene; its images are freed after.
    private func render(_ path: String, with renderer: SceneRenderer) throws(GLFunError) -> Image {
        let scene = try readSceneToRender(path, scale: scale, aa: aa, svgFiles: svgFiles)
        return try renderScene(scene, from: path, scale: scale, with: renderer)
    }
}
