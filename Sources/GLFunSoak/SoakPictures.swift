import GLFunFileOutput
import Foundation
import GLFunGLES

/// The pictures a slide-show soak shows, made at run time in a folder: PNGs and JPEGs of a
/// few sizes and shapes (landscape, portrait, a panorama, one smaller than the view), each a
/// different gradient with a checker so that decoders and transitions have real work, and one
/// damaged JPEG (cut short) that the show must skip.
public enum SoakPictures {
    /// File names and pixel sizes at `scale` 1 (a test passes a smaller scale).
    public static let specs: [(name: String, width: Int, height: Int)] = [
        ("photo1.jpg", 1600, 1200), ("photo2.png", 640, 480), ("photo3.jpg", 1200, 1600),
        ("photo4.png", 300, 200), ("photo5.jpg", 2400, 1000), ("photo6.jpg", 800, 600),
        ("photo7.png", 480, 640),
    ]
    /// The damaged file: a real JPEG cut to a third of its bytes.
    public static let damaged = "photo6.jpg"

    /// Writes every picture into `folder` (made if missing); returns their paths in order.
    @discardableResult
    public static func make(in folder: String, scale: Double = 1) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (k, spec) in specs.enumerated() {
            let w = max(8, Int(Double(spec.width) * scale)), h = max(8, Int(Double(spec.height) * scale))
            let image = try Image(width: w, height: h, pixels: pixels(w, h, hue: k))
            let path = folder + "/" + spec.name
            if spec.name == damaged {
                let data = try image.jpegData(quality: 85)
                try AtomicFile.write(Array(data.prefix(data.count / 3)), to: path)
            } else if spec.name.hasSuffix(".jpg") {
                try image.writeJPEG(to: path, quality: 85)
            } else {
                try image.writePNG(to: path)
            }
            paths.append(path)
        }
        return paths
    }

    /// A gradient in its own colors with a 40-pixel checker laid over it.
    static func pixels(_ w: Int, _ h: Int, hue: Int) -> [UInt8] {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        let (a, b) = (UInt8(40 + 30 * (hue % 7)), UInt8(220 - 25 * (hue % 7)))
        p.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 4, check: UInt8 = ((x / 40) + (y / 40)) % 2 == 0 ? 40 : 0
                    p[i] = UInt8(truncatingIfNeeded: Int(a) + 180 * x / w) &+ check
                    p[i + 1] = UInt8(truncatingIfNeeded: 200 * y / h) &+ check / 2
                    p[i + 2] = b &- check
                }
            }
        }
        return p
    }
}
