import Foundation
import XCTest

/// The command line as a newcomer meets it (issue 32, items 8-13): a typo is named with what
/// was meant, a negative number is a value, a scene given to replay is called a scene, an
/// output's extension picks its format, a slide that is no picture names the formats read,
/// and help for no command is an error. The error line is the product here, so its words are
/// checked.
extension CLITests {
    func testAMistypedOptionIsNamedWithTheNearestOne() throws {
        let scene = try sceneFile(shapes: "")
        try expectFailure(["render", scene, "--ouput", dir + "/a.png"],
                          mentions: ["Unknown option '--ouput'. Did you mean '--output'?"])
        try expectFailure(["render", scene, "-o", dir + "/a.png", "--jbos", "2"],
                          mentions: ["Unknown option '--jbos'. Did you mean '--jobs'?"])
        try expectFailure(["--sizee", "300x200"], mentions: ["Unknown option '--sizee'. Did you mean '--size'?"])
        try expectFailure(["render", scene, "-o", dir + "/a.png", "--frobnicate"], mentions: ["Unknown option '--frobnicate'."])
        XCTAssertEqual(try strayFiles(keeping: ["scene.json"]), [])
        // What is right still works, --name=value included.
        XCTAssertEqual(try glfun(["render", scene, "--output=" + dir + "/a.png", "--scale", "2"]).status, 0)
        XCTAssertEqual(pngSize(dir + "/a.png")?.0, 192)
    }

    func testAMistypedCommandIsNamedWithTheNearestOne() throws {
        let scene = try sceneFile(shapes: "")
        try expectFailure(["rendr", scene], mentions: ["unknown command 'rendr'. Did you mean 'render'?"])
        try expectFailure(["slidshow"], mentions: ["Did you mean 'slideshow'?"])
        try expectFailure(["help", "nonsense"], mentions: ["no command 'nonsense'", "render"])
        let help = try glfun(["help", "render"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--output-dir"), help.stdout)
    }

    func testANegativeNumberAfterAnOptionIsItsValue() throws {
        try expectFailure(["movie-frame", dir + "/clip.mp4", "--at", "-1", "-o", dir + "/f.png"],
                          mentions: ["--at must be a time in seconds, 0 or more, not -1"])
    }

    func testReplayOfASceneSaysItIsAScene() throws {
        let scene = try write(Self.scene, to: "welcome.json")
        try expectFailure(["replay", scene, "-o", dir + "/x.png"],
                          mentions: ["is a scene, not a recording", "glfun render \(scene) -o OUT.png"])
    }

    func testTheOutputsExtensionPicksItsFormat() throws {
        let scene = try write(Self.scene, to: "s.json")
        XCTAssertEqual(try glfun(["render", scene, "-o", dir + "/a.jpg"]).status, 0)
        let jpeg = [UInt8](FileManager.default.contents(atPath: dir + "/a.jpg") ?? Data())
        XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF], "a .jpg output is JPEG")
        XCTAssertEqual(try glfun(["render", scene, "-o", dir + "/b.JPEG"]).status, 0)
        XCTAssertEqual([UInt8](FileManager.default.contents(atPath: dir + "/b.JPEG") ?? Data()).prefix(2), [0xFF, 0xD8])
        XCTAssertEqual(try glfun(["render", scene, "-o", dir + "/c"]).status, 0)
        XCTAssertEqual(pngSize(dir + "/c")?.0, 96, "no extension: PNG")
        try expectFailure(["render", scene, "-o", dir + "/d.webp"], mentions: ["glfun writes PNG (.png) and JPEG (.jpg, .jpeg) pictures, not .webp"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/d.webp"))
    }

    func testASlideThatIsNoPictureNamesTheFormatsRead() throws {
        let notes = try write("hello\n", to: "notes.txt")
        try expectFailure(["slideshow", notes, "--export", dir + "/frames"],
                          mentions: ["not a picture (PNG, JPEG, WebP, GIF, HEIC, AVIF), a movie, a folder or a property list"])
    }
}
