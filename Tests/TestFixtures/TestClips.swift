import Foundation
import GLFunImages

/// Test clips made at test time with ffmpeg (installed by scripts/setup), in a temporary folder.
/// The counter clip shows its frame number in its colors: frame n is red (n % 16) * 16 + 8,
/// green (n / 16) * 32 + 16 everywhere, blue 255 in the top half and 0 in the bottom half.
public enum TestClips {
    public static let folder: String = {
        let d = NSTemporaryDirectory() + "glfun-movie-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    nonisolated(unsafe) private static var made: [String: String] = [:]

    /// Runs ffmpeg with `args`; fails the test with its output when it fails.
    public static func ffmpeg(_ args: [String]) throws {
        try runTool("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-y"] + args, name: "ffmpeg")
    }

    /// The counter clip: `seconds` long at `fps`, width x height, H.264 in MP4 (keyframe every
    /// second; the index, `moov`, at the end of the file as ffmpeg writes it by default).
    public static func counter(seconds: Int = 3, fps: Int = 25, width: Int = 320, height: Int = 240) throws -> String {
        let key = "counter-\(seconds)-\(fps)-\(width)x\(height)"
        if let p = made[key] { return p }
        let path = "\(folder)/\(key).mp4"
        let half = height / 2
        try ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=\(width)x\(height):r=\(fps):d=\(seconds),format=rgb24,"
                        + "geq=r='mod(N\\,16)*16+8':g='floor(N/16)*32+16':b='if(lt(Y\\,\(half))\\,255\\,0)'",
                    "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "-g", "\(fps)",
                    path])
        made[key] = path
        return path
    }

    /// The frame number the counter clip's colors at (x, y) of `image` say.
    public static func frameNumber(_ image: Image, x: Int, y: Int) -> Int {
        let i = (y * image.width + x) * 4
        let r = Double(image.pixels[i]), g = Double(image.pixels[i + 1])
        return Int(((g - 16) / 32).rounded()) * 16 + Int(((r - 8) / 16).rounded())
    }

    public static func pixel(_ image: Image, x: Int, y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    /// A file of `bytes` bytes (e.g. a clip cut short, or text).
    public static func file(_ name: String, bytes: [UInt8]) throws -> String {
        let path = "\(folder)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A sound file with no video (a 1-second tone, WAV).
    public static func soundOnly() throws -> String {
        let path = "\(folder)/tone.wav"
        if FileManager.default.fileExists(atPath: path) { return path }
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", path])
        return path
    }
}
