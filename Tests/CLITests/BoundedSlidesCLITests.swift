import Foundation
import GLFunGLES
import TestFixtures
import XCTest

/// A show bounded by what it shows (`DecodeBudget`): few-KB files that claim huge pictures are
/// exported at 96x64 in the memory of a small picture's export, and one that cannot be decoded
/// within the budget is a warning and the next slide, even under an address-space limit.
extension CLITests {
    struct Measured {
        var status: Int32
        var stderr: String
        var peakMiB: Int
    }

    /// glfun run by /usr/bin/time (its peak RSS), under `ulimit -v addressSpaceKiB` when given.
    func measuredGlfun(_ arguments: [String], addressSpaceKiB: Int? = nil) throws -> Measured {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { throw MissingTool(name: "/usr/bin/time (scripts/setup --test installs time)") }
        let rss = dir + "/.rss-\(UUID().uuidString)", err = dir + "/.stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let limit = addressSpaceKiB.map { "ulimit -v \($0) && " } ?? ""
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", limit + "exec /usr/bin/time -f %M -o '\(rss)' \"$0\" \"$@\"", try Self.glfunPath()] + arguments
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try p.run()
        p.waitUntilExit()
        let text = (try? String(contentsOfFile: rss, encoding: .utf8)) ?? ""
        let kib = text.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.last ?? 0
        return Measured(status: p.terminationStatus, stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "",
                        peakMiB: kib / 1024)
    }

    /// The files: a GIF of a 16384x4096 and one of an 8192x8192 screen whose frames
    /// dispose to "previous", a JPEG whose SOF claims 65500x65500, an AVIF grid 16384 px wide.
    func hugeClaims() throws -> [String] {
        var files: [String] = []
        for (w, h) in [(16384, 4096), (8192, 8192)] {
            let frames = (0..<4).map { GIFBuilder.Frame(x: 100 * $0, y: 100 * $0, width: 16, height: 16, index: 1 + $0 % 3, disposal: 3) }
            let gif = GIFBuilder.gif(width: w, height: h, palette: [[0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255]], frames: frames)
            files.append(try write(gif, to: "screen-\(w)x\(h).gif"))
        }
        var jpeg = try JPEGBuilder.encode(width: 16, height: 16, rgb: Array(repeating: 90, count: 16 * 16 * 3))
        if let sof = (0..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) {
            jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFF, 0xDC, 0xFF, 0xDC])
        }
        files.append(try write(jpeg, to: "sof-65500.jpg"))
        if let grid = try? AVIFGridBuilder.grid(columns: 32, rows: 8, tile: 512, width: 16384, height: 4096) {
            files.append(try write(grid, to: "grid-16384.avif"))
        }
        return files
    }

    func testExportsOfHugeClaimsStayWithinTheMemoryOfASmallOne() throws {
        let small = try picture("small.png", [200, 40, 40])
        let baseline = try measuredGlfun(["slideshow", small, "--export", dir + "/base", "--size", "96x64", "--fps", "2",
                                          "--interval", "1"])
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        for file in try hugeClaims() {
            let out = dir + "/frames-" + (file as NSString).lastPathComponent
            let r = try measuredGlfun(["slideshow", small, file, "--export", out, "--size", "96x64", "--fps", "2", "--interval", "1"])
            XCTAssertEqual(r.status, 0, "\(file): \(r.stderr)")
            XCTAssertLessThan(r.peakMiB, baseline.peakMiB + 96, "\(file): peak RSS \(r.peakMiB) MiB, a small export's \(baseline.peakMiB)")
            try? FileManager.default.removeItem(atPath: out)
        }
    }

    /// A show of a picture, an AVIF grid over the budget, a GIF of a 16384x4096 screen and a JPEG,
    /// exported under `ulimit -v` 1.5 GiB (where the GIF's full-size canvases once aborted the
    /// export half written): the grid is one warning and the next slide, the GIF is played, the
    /// export is whole. Run without the limit too, and the limited run skipped on a machine
    /// where a small export needs more address space than that.
    func testASlideThatCannotBeDecodedWithinTheBudgetIsAWarningAndTheNextSlide() throws {
        let grid: [UInt8]
        do { grid = try AVIFGridBuilder.grid(columns: 32, rows: 8, tile: 512, width: 16384, height: 4096) } catch {
            throw MissingTool(name: "avifenc, which made no tile (scripts/setup --test installs libavif-bin)")
        }
        let a = try picture("a.png", [200, 40, 40]), m = try write(grid, to: "m.avif")
        let claims = try hugeClaims()
        let gif = try XCTUnwrap(claims.first { $0.hasSuffix("16384x4096.gif") })
        let b = try write(try JPEGBuilder.encode(width: 48, height: 32, rgb: Array(repeating: 60, count: 48 * 32 * 3)), to: "b.jpg")
        let limit = 3 << 19  // KiB: 1.5 GiB of address space
        let small = try measuredGlfun(["slideshow", a, "--export", dir + "/small", "--size", "96x64"], addressSpaceKiB: limit)
        for limited in small.status == 0 ? [false, true] : [false] {
            let out = dir + "/frames"
            let r = try measuredGlfun(["slideshow", a, m, gif, b, "--export", out, "--size", "96x64", "--fps", "2", "--interval", "1"],
                                      addressSpaceKiB: limited ? limit : nil)
            XCTAssertEqual(r.status, 0, "limited: \(limited): \(r.stderr)")
            let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("glfun: warning:") }
            XCTAssertEqual(warnings.count, 1, r.stderr)
            XCTAssertTrue(warnings.first?.contains("m.avif") ?? false, r.stderr)
            let frames = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
            XCTAssertGreaterThanOrEqual(frames.count, 6, "the other three slides exported")
            try? FileManager.default.removeItem(atPath: out)
        }
    }
}
