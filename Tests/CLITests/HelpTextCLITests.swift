import Foundation
import TestFixtures
import XCTest

/// `--help` and the man pages as a newcomer reads them (issue 32, item 14): sentences whole,
/// the key table a table, defaults as they are typed, nothing pointing at files that are not
/// installed.
extension CLITests {
    func testDrawHelpKeepsSentencesWholeAndSaysDragToDrawOnce() throws {
        let wide = try glfun(["draw", "--help"], environment: ["COLUMNS": "400"])
        XCTAssertEqual(wide.status, 0, wide.stderr)
        XCTAssertEqual(wide.stdout.lowercased().components(separatedBy: "drag to draw").count - 1, 1, wide.stdout)
        // A paragraph is one line when the terminal is wide enough: no hard break mid-sentence.
        XCTAssertTrue(wide.stdout.split(separator: "\n").contains { $0.contains("Unsaved work is autosaved") && $0.contains("opens it.") },
                      wide.stdout)
        // The key table keeps a line per row, however wide.
        let rows = wide.stdout.split(separator: "\n").filter { $0.contains("1 Red") || $0.contains("L Line") || $0.contains("Ctrl+Z undo") }
        XCTAssertEqual(rows.count, 3, wide.stdout)
        let narrow = try glfun(["draw", "--help"], environment: ["COLUMNS": "80"])
        for line in narrow.stdout.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, String(line))
        }
    }

    /// The man page (generate-manual's mdoc, rendered by groff) shows the key table a row a line:
    /// the discussion goes into the page as text lines, which roff fills into one paragraph
    /// unless a line begins with a space.
    func testTheDrawManPageShowsTheKeyTableARowALine() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { throw MissingTool(name: "groff (scripts/setup --test installs groff-base)") }
        let dump = try glfun(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try XCTUnwrap(json["command"] as? [String: Any])
        let draw = try XCTUnwrap((root["subcommands"] as? [[String: Any]])?.first { $0["commandName"] as? String == "draw" })
        let discussion = try XCTUnwrap(draw["discussion"] as? String)
        // As generate-manual writes a text line: a backslash as \e, a leading dot or space guarded.
        var text = discussion.replacingOccurrences(of: "\\", with: "\\e")
        if text.hasPrefix(".") || text.hasPrefix(" ") { text = "\\&" + text }
        let page = ".Dd 2026-01-01\n.Dt GLFUN.DRAW 1\n.Os\n.Sh NAME\n.Nm glfun.draw\n.Sh DESCRIPTION\n" + text + "\n"
        let source = try write(page, to: "glfun.draw.1")
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        groff.arguments = ["-mdoc", "-Tutf8", "-P-c", "-rLL=200n", source]
        let out = Pipe()
        groff.standardOutput = out
        groff.standardError = FileHandle.nullDevice
        try groff.run()
        let rendered = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        groff.waitUntilExit()
        let lines = rendered.split(separator: "\n")
        for row in ["1 Red", "L Line", "Ctrl+Z undo", "? or F1 this help"] {
            let holding = lines.filter { $0.contains(row) }
            XCTAssertEqual(holding.count, 1, "\(row) in:\n\(rendered)")
            XCTAssertFalse(holding.first.map { $0.contains("Unsaved") || $0.contains("Keys:") } ?? true, "\(row) runs into prose:\n\(rendered)")
        }
        XCTAssertFalse(lines.contains { $0.contains("1 Red") && $0.contains("L Line") }, rendered)
    }

    func testSizeDefaultsReadAsTyped() throws {
        for command in [["bench-slideshow", "--help"], ["soak", "--help"]] {
            let r = try glfun(command, environment: ["COLUMNS": "200"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stdout.contains("Size("), r.stdout)
        }
        XCTAssertTrue(try glfun(["bench-slideshow", "--help"], environment: ["COLUMNS": "200"]).stdout.contains("(default: 1280x720)"))
        XCTAssertTrue(try glfun(["soak", "--help"], environment: ["COLUMNS": "200"]).stdout.contains("(default: 256x192)"))
    }

    func testRenderAndBenchHelpDescribeTheSceneFormatRatherThanAFileNotInstalled() throws {
        for command in ["render", "bench"] {
            let r = try glfun([command, "--help"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stdout.contains("DESIGN"), r.stdout)
            XCTAssertTrue(r.stdout.contains("\"shapes\""), r.stdout)
        }
    }
}
