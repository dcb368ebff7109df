import Foundation
import XCTest

/// Compiled programs are kept across runs by Mesa's shader disk cache (on by default, in
/// `$XDG_CACHE_HOME/mesa_shader_cache`; `MESA_SHADER_CACHE_DIR` moves it): a warm cache
/// skips the GLSL compiler. A cache that is corrupt, truncated or not a folder must never
/// change a picture or fail a render.
extension CLITests {
    private func renderWithCache(_ cache: String, _ scene: String, to name: String, quiet: Bool = true,
                                 file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let out = dir + "/" + name
        let r = try glfun(["render", scene, "-o", out], environment: ["MESA_SHADER_CACHE_DIR": cache],
                          file: file, line: line)
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)", file: file, line: line)
        if quiet { XCTAssertEqual(r.stderr, "", file: file, line: line) }
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    private func cacheFiles(_ cache: String) -> [String] {
        let e = FileManager.default.enumerator(atPath: cache)
        var files: [String] = []
        while let f = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: cache + "/" + f, isDirectory: &isDir), !isDir.boolValue {
                files.append(cache + "/" + f)
            }
        }
        return files.sorted()
    }

    func testACorruptOrTruncatedShaderCacheGivesTheSamePicture() throws {
        let scene = try write(CLITests.scene, to: "scene.json")
        let cache = dir + "/cache"
        let cold = try renderWithCache(cache, scene, to: "cold.png")
        let files = cacheFiles(cache)
        XCTAssertFalse(files.isEmpty, "Mesa's disk cache wrote nothing under MESA_SHADER_CACHE_DIR")
        XCTAssertEqual(try renderWithCache(cache, scene, to: "warm.png"), cold)

        // Every byte of every file replaced (same lengths): entries whose checksums fail.
        var rng = SystemRandomNumberGenerator()
        for f in files {
            let n = try Data(contentsOf: URL(fileURLWithPath: f)).count
            try Data((0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: URL(fileURLWithPath: f))
        }
        XCTAssertEqual(try renderWithCache(cache, scene, to: "garbage.png"), cold)

        // Every file cut to half its length (a write that stopped part way).
        for f in cacheFiles(cache) {
            let d = try Data(contentsOf: URL(fileURLWithPath: f))
            try d.prefix(d.count / 2).write(to: URL(fileURLWithPath: f))
        }
        XCTAssertEqual(try renderWithCache(cache, scene, to: "truncated.png"), cold)
    }

    func testAShaderCacheThatCannotBeMadeStillRenders() throws {
        let scene = try write(CLITests.scene, to: "scene.json")
        let reference = try renderWithCache(dir + "/cache", scene, to: "reference.png")
        // Mesa says on stderr that it goes without its cache (its own line, for a setting the
        // user made), and the picture is the same.
        let notAFolder = try write("not a folder", to: "cache-file")
        XCTAssertEqual(try renderWithCache(notAFolder, scene, to: "file.png", quiet: false), reference)
        XCTAssertEqual(try renderWithCache(notAFolder + "/x", scene, to: "under.png", quiet: false), reference)
    }
}
