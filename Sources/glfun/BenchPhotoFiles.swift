import Foundation
import GLFunGLES

/// The photos `glfun bench-slideshow` measures, made at run time as JPEGs (libjpeg, quality
/// 90, 4:2:0): a photo's entropy, not a flat color — smooth light across the frame, hard
/// edges, and grain in every pixel, so that a decode costs what a camera's file costs.
enum BenchPhotoFiles {
    /// Writes a width x height JPEG at `path` unless a file is there already; `seed` varies it.
    static func make(_ path: String, width: Int, height: Int, seed: UInt64) throws {
        if FileManager.default.fileExists(atPath: path) { return }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var s = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        let tone = Int(seed % 5) * 30
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    s ^= s << 7; s ^= s >> 9
                    let grain = Int(s & 15) - 8
                    let edge = (x * 7 / width + y * 5 / height) % 2 == 0 ? 50 : 0
                    let i = (y * width + x) * 4
                    p[i] = UInt8(clamping: 40 + tone + 150 * x / width + grain + edge)
                    p[i + 1] = UInt8(clamping: 30 + 170 * y / height + grain)
                    p[i + 2] = UInt8(clamping: 200 - 120 * (x + y) / (width + height) + grain - edge / 2)
                }
            }
        }
        try Image(width: width, height: height, pixels: pixels).writeJPEG(to: path, quality: 90)
    }

    /// A folder of `count` slides named img0.jpg... in natural order, symlinks to `originals` in turn.
    static func linkedShow(_ folder: String, count: Int, originals: [String]) throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<count {
            try FileManager.default.createSymbolicLink(atPath: folder + "/img\(i).jpg",
                                                       withDestinationPath: originals[i % originals.count])
        }
    }
}
