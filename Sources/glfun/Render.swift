import ArgumentParser
import Foundation
import GLFunGLES
import GLFunKit

/// `glfun render`: one scene to one PNG (`--output`, `-` for standard output), or many scenes
/// in one process to DIR/<name>.png (`--output-dir`, `RenderBatch`).
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenes to PNG files, headless (EGL surfaceless, device or pbuffer).",
        discussion: """
            One scene: --output OUT.png. Several (or one) in one process: --output-dir DIR writes \
            DIR/<name>.png for each, <name> the scene file's base name without .json or .svg; a scene \
            that fails is one error line and the others still render (exit 1 if any failed).

            \(sceneFormatHelp)
            """)

    /// The most worker threads `--jobs` takes.
    static let maxJobs = 16

    @Argument(help: "Scene JSON files (the format is below) or SVG files (.svg: one user unit a point); more than one needs --output-dir.")
    var scenes: [String] = []

    @Option(help: "Pixels per point (overrides the scene's scale; an SVG's: pixels per user unit), 1/64...256; the picture at most 16384 pixels a side.")
    var scale: Float?

    @Option(help: "Antialiased edges, on or off (overrides the scene's \"antialias\"; a scene without it is off).")
    var aa: Switch?

    @Option(name: .shortAndLong, help: "The PNG file to write (written atomically; - for standard output).")
    var output: String?

    @Option(help: "The folder to write DIR/<name>.png into, one per scene (made when missing).")
    var outputDir: String?

    @Option(help: "Worker threads for --output-dir, 1...\(Render.maxJobs), each with its own GL context (default 1).")
    var jobs: Int?

    @Option(help: ArgumentHelp("With --output-dir: render only shard K of N (K from 0 to N-1) of the scenes, sorted by path; without it, JOB_COMPLETION_INDEX and GLFUN_SHARDS (a Kubernetes Indexed Job's) when GLFUN_SHARDS is set.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("With --output-dir: write a JSON line per scene to FILE (file, ok or failed with the error line, ms); a scene that fails is recorded and the run exits 0 (1 only when an output cannot be written).", valueName: "FILE"))
    var status: String?

    @Option(help: ArgumentHelp("Render only the scenes this --status file lists as failed (of those named, when scenes are named too); repeatable.", valueName: "FILE"))
    var onlyFailed: [String] = []

    @Option(help: ArgumentHelp("SVG <image> files may also come from inside DIR (a relative path that steps up out of the SVG's folder); by default only files in the SVG's folder or below it.", valueName: "DIR"))
    var svgFiles: String?

    func validate() throws {
        try validateScale(scale, .render)
        if output != nil, outputDir != nil {
            throw ValidationError("--output and --output-dir cannot go together")
        }
        if scenes.isEmpty && onlyFailed.isEmpty { throw ValidationError("Missing expected argument '<scenes> ...'") }
        guard let outputDir else {
            if shard != nil || status != nil || !onlyFailed.isEmpty {
                throw ValidationError("--shard, --status and --only-failed are for --output-dir")
            }
            if let output { _ = try OutputFormat(path: output) }  // before any drawing
            guard output != nil else { throw ValidationError("Missing expected argument '--output <output>' (or --output-dir <dir>)") }
            if scenes.count > 1 { throw ValidationError("\(scenes.count) scenes need --output-dir DIR (--output is one file)") }
            if jobs != nil { throw ValidationError("--jobs is for --output-dir") }
            return
        }
        if outputDir.isEmpty { throw ValidationError("--output-dir must name a folder") }
        if let jobs, !(1...Render.maxJobs).contains(jobs) {
            throw ValidationError("--jobs must be 1...\(Render.maxJobs), not \(jobs)")
        }
        if let (first, second) = RenderBatch.sameName(scenes) {
            throw ValidationError("\(first) and \(second) would both be written to \(RenderBatch.pngName(for: first))")
        }
    }

    func run() throws {
        MallocTuning.applyForScenes()
        guard let outputDir else { return try renderOne(scenes[0], to: output ?? "-") }
        let batch = RenderBatch(scenes: try batchScenes(), folder: try ExportFolder(outputDir), jobs: jobs ?? 1,
                                scale: scale, aa: aa, svgFiles: svgFiles)
        let results = try batch.run()
        if let status {
            try Outputs.write(bytes: Array(results.map(\.jsonLine).joined().utf8), to: status)
            // Recorded: a bad scene is the status file's news; only an output not written fails the run.
            if results.contains(where: \.isWriteFailure) { Foundation.exit(1) }
        } else if results.contains(where: { $0.error != nil }) {
            Foundation.exit(1)  // each failed scene has had its line; no summary line
        }
    }

    /// The batch's scenes: those named (or, with --only-failed, those the status files list
    /// as failed, of those named if any are), then this shard's of them.
    private func batchScenes() throws(GLFunError) -> [String] {
        var list = scenes
        if !onlyFailed.isEmpty {
            var failed: [String] = []
            for file in onlyFailed { failed += try SceneStatus.failedFiles(in: file) }
            let named = Set(scenes)
            list = scenes.isEmpty ? failed : failed.filter { named.contains($0) }
            var seen = Set<String>()
            list = list.filter { seen.insert($0).inserted }
        }
        let chosen: RenderShard?
        if let shard { chosen = try RenderShard(parsing: shard) } else {
            chosen = try RenderShard.fromEnvironment(ProcessInfo.processInfo.environment)
        }
        return chosen?.scenes(of: list) ?? list
    }

    /// The single-scene form: read, open the context, load the images, render, write.
    private func renderOne(_ path: String, to output: String) throws(GLFunError) {
        let scene = try readSceneToRender(path, scale: scale, aa: aa, svgFiles: svgFiles)
        let renderer: SceneRenderer
        do { renderer = try SceneRenderer() } catch { throw .headlessContext(error) }
        try Outputs.write(try renderScene(scene, from: path, scale: scale, with: renderer), to: output)
    }
}
