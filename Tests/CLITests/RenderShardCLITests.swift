import Foundation
import XCTest

/// Scale-out (issue 30, item 9): `glfun render --output-dir` split into shards (`--shard K/N`, or
/// a Kubernetes Indexed Job's environment), a status line per scene (`--status`), and a re-run
/// of only what failed (`--only-failed`).
extension CLITests {
    /// A folder of 10 good scenes and 3 broken ones, as named on a command line.
    func shardScenes() throws -> [String] {
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: false)
        var names: [String] = []
        for i in 0..<10 { names.append(try write(CLITests.scene, to: "in/good\(i).json")) }
        names.append(try write("{\"width\": 32", to: "in/cut.json"))
        names.append(try write("{\"width\": 32, \"height\": 32, \"shapes\": [{\"type\": \"star\"}]}", to: "in/star.json"))
        names.append(try write("not json", to: "in/text.json"))
        return names
    }

    /// The status file's lines as (file, status).
    func statusLines(_ path: String) throws -> [(file: String, status: String)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            XCTAssertNotNil(o["ms"] as? Int)
            return (try XCTUnwrap(o["file"] as? String), try XCTUnwrap(o["status"] as? String))
        }
    }

    func testFourShardsRenderOrReportEveryFileExactlyOnce() throws {
        let scenes = try shardScenes()
        var seen: [String: String] = [:]
        for k in 0..<4 {
            // Each shard is given the files in another order: the split does not depend on it.
            let order = k % 2 == 0 ? scenes : scenes.reversed()
            let r = try glfun(["render"] + order + ["--output-dir", dir + "/out", "--shard", "\(k)/4", "--status", dir + "/s\(k).jsonl"])
            XCTAssertEqual(r.status, 0, "a bad scene is recorded, not a failed shard: \(r.stderr)")
            for (file, status) in try statusLines(dir + "/s\(k).jsonl") {
                XCTAssertNil(seen[file], "\(file) in two shards")
                seen[file] = status
            }
        }
        XCTAssertEqual(Set(seen.keys), Set(scenes))
        XCTAssertEqual(seen.filter { $0.value == "failed" }.keys.sorted(), [dir + "/in/cut.json", dir + "/in/star.json", dir + "/in/text.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted(), (0..<10).map { "good\($0).png" }.sorted())
        // Again, only what failed: the three, once each, from all four status files.
        let again = try glfun(["render", "--output-dir", dir + "/out", "--status", dir + "/again.jsonl"]
                              + (0..<4).flatMap { ["--only-failed", dir + "/s\($0).jsonl"] })
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try statusLines(dir + "/again.jsonl").map(\.file).sorted(), [dir + "/in/cut.json", dir + "/in/star.json", dir + "/in/text.json"])
    }

    func testAnIndexedJobsEnvironmentPicksTheShard() throws {
        let scenes = try shardScenes()
        let r = try glfun(["render"] + scenes + ["--output-dir", dir + "/out", "--status", dir + "/s.jsonl"],
                          environment: ["JOB_COMPLETION_INDEX": "1", "GLFUN_SHARDS": "4"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let sorted = scenes.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        XCTAssertEqual(try statusLines(dir + "/s.jsonl").map(\.file), stride(from: 1, to: sorted.count, by: 4).map { sorted[$0] })
        try expectFailure(["render"] + scenes + ["--output-dir", dir + "/o2", "--shard", "4/4"], mentions: ["--shard takes K/N"])
        let noIndex = try glfun(["render"] + scenes + ["--output-dir", dir + "/o3"], environment: ["GLFUN_SHARDS": "4"])
        XCTAssertEqual(noIndex.status, 1)
        XCTAssertTrue(noIndex.stderr.contains("JOB_COMPLETION_INDEX"), noIndex.stderr)
    }

    /// An output that cannot be written is the run's failure, not the scene's: exit 1, recorded.
    func testAnUnwritableOutputFailsTheShardEvenWithAStatusFile() throws {
        let scene = try write(CLITests.scene, to: "a.json")
        try FileManager.default.createDirectory(atPath: dir + "/out/a.png", withIntermediateDirectories: true)
        let r = try glfun(["render", scene, "--output-dir", dir + "/out", "--status", dir + "/s.jsonl"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(try statusLines(dir + "/s.jsonl").map(\.status), ["failed"])
    }
}
