import GLFunFileOutput
import Foundation
import GLFunJSONText

/// Scale-out for `glfun render --output-dir`: one shard of many (`--shard K/N`, or a Kubernetes
/// Indexed Job's `JOB_COMPLETION_INDEX` with `GLFUN_SHARDS`), a status file of what each scene
/// came to (`--status FILE`: a JSON line a scene), and a re-run of only the scenes a status file
/// lists as failed (`--only-failed FILE`). DESIGN.md "Scale-out"; docs/scale-out.md.
struct RenderShard: Equatable {
    /// This shard's number, 0..<count.
    let index: Int
    /// How many shards the scenes are split into.
    let count: Int

    /// The most shards a run may be split into.
    static let maxCount = 1_000_000

    /// "K/N" (0 <= K < N).
    init(parsing text: String) throws(GLFunError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...Self.maxCount).contains(n), (0..<n).contains(k) else {
            throw .option("--shard takes K/N, a shard's number K from 0 to N-1 of N shards (1...\(Self.maxCount)), not \(text)")
        }
        index = k
        count = n
    }

    /// The shard a Kubernetes Indexed Job's pod is (`JOB_COMPLETION_INDEX`, set by Kubernetes,
    /// and `GLFUN_SHARDS`, the job's completions), or nil when `GLFUN_SHARDS` is not set.
    static func fromEnvironment(_ environment: [String: String]) throws(GLFunError) -> RenderShard? {
        guard let shards = environment["GLFUN_SHARDS"] else { return nil }
        guard let index = environment["JOB_COMPLETION_INDEX"] else {
            throw .option("GLFUN_SHARDS=\(shards) is set but JOB_COMPLETION_INDEX (this shard's number) is not")
        }
        return try RenderShard(parsing: index + "/" + shards)
    }

    /// This shard's scenes: the list sorted by the paths' bytes (so every shard, given the same
    /// files in any order, splits them alike), every `count`-th from the `index`-th.
    func scenes(of all: [String]) -> [String] {
        let sorted = all.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return sorted.enumerated().filter { $0.offset % count == index }.map(\.element)
    }
}

/// What one scene of a batch came to, for `--status`.
struct SceneStatus {
    let file: String
    /// nil: rendered and written; else the one error line (`glfun: error: …`).
    let error: String?
    let milliseconds: Int
    /// The scene rendered but its output could not be written: a failure of the run, not of
    /// the scene (with --status, the run exits 1 for it).
    var isWriteFailure = false

    /// `{"file": …, "status": "ok" | "failed", "error": …, "ms": …}` and a newline.
    var jsonLine: String {
        var s = "{\"file\": " + JSONText.string(file) + ", \"status\": " + (error == nil ? "\"ok\"" : "\"failed\"")
        if let error { s += ", \"error\": " + JSONText.string(error) }
        return s + ", \"ms\": \(milliseconds)}\n"
    }

    /// The files a status file lists as failed, in its order. A file that is no status file
    /// (a line that is not such an object) is one error naming the line.
    static func failedFiles(in path: String) throws(GLFunError) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        var failed: [String] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.allSatisfy({ $0 == 32 }) {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line), options: [])) as? [String: Any],
                  let file = object["file"] as? String, let status = object["status"] as? String, ["ok", "failed"].contains(status)
            else {
                throw .option("\(path):\(n + 1): not a line of a --status file ({\"file\": …, \"status\": \"ok\" or \"failed\", …})")
            }
            if status == "failed" { failed.append(file) }
        }
        return failed
    }
}
