import Foundation

/// Fonts made at test time by scripts/make/test_fonts.py (Debian's python3 with fontTools,
/// python3-fonttools): "GLFun Test VF" (wght, wdth, slnt and opsz axes: its "I" widens from 100 units
/// at wght 400 to 500 at 900, and narrows by 50 at wdth 25), "GLFun Test COLR" (its "A" a COLRv0 glyph: red left half, blue right half)
/// and "GLFun Test Bitmap" (its "A" an sbix colour picture, 20 x 20 pixels at 20 an em: red left half, blue right half;
/// its outline a square of one em, which the picture stands for), "GLFun Test SVG" (its "A" an OT-SVG glyph, the same halves),
/// "GLFun Test COLRv1" (its "A" to "G" COLRv1 paint graphs: gradients, a transform, a composite, a cycle).
/// Made once per test process into a temporary folder, removed at exit; the caller hands the
/// files to fontconfig (`TextShaper.addFontFile`).
public enum TestFonts {
    nonisolated(unsafe) private static var folder: String?
    private static let lock = NSLock()

    /// The variable font's and the colour font's paths.
    public static func make() throws -> (variable: String, color: String) {
        lock.lock()
        defer { lock.unlock() }
        let dir = folder ?? NSTemporaryDirectory() + "glfun-fonts-\(getpid())"
        if folder == nil {
            try runMakeScript("test_fonts.py", [dir])
            atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "glfun-fonts-\(getpid())") }
            folder = dir
        }
        return (dir + "/GLFunTestVF.ttf", dir + "/GLFunTestCOLR.ttf")
    }

    /// The bitmap colour font's path (made with the others).
    public static func makeBitmap() throws -> String {
        let color = try make().color
        return (color as NSString).deletingLastPathComponent + "/GLFunTestBitmap.ttf"
    }

    /// The OT-SVG colour font's path ("GLFun Test SVG": its "A" an SVG glyph, red left half,
    /// blue right half, over an em square above the baseline; made with the others).
    public static func makeSVG() throws -> String {
        let color = try make().color
        return (color as NSString).deletingLastPathComponent + "/GLFunTestSVG.ttf"
    }

    /// The COLRv1 colour font's path ("GLFun Test COLRv1": its "A" to "G" paint graphs over
    /// the em square above the baseline, scripts/make/test_fonts.py's colrv1_font says which).
    public static func makeCOLRv1() throws -> String {
        let color = try make().color
        return (color as NSString).deletingLastPathComponent + "/GLFunTestCOLRv1.ttf"
    }

    /// The CFF bitmap colour font's path ("GLFun Test Bitmap CFF": the same picture on an "A"
    /// whose outline reaches 200 units below the baseline).
    public static func makeBitmapCFF() throws -> String {
        let color = try make().color
        return (color as NSString).deletingLastPathComponent + "/GLFunTestBitmapCFF.otf"
    }
}
