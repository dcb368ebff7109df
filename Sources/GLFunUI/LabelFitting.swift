import GLFunGLES
import GLFunKit

extension LabelAtlas {
    /// `text` as a label `size` points high shows it in `width` points: as it is when it fits;
    /// else shortened in the middle with an ellipsis ("holiday-2019-…-beach.png"), keeping as
    /// much of both ends as fits. Control characters (a file name may hold a newline) show as
    /// spaces, so a label is always one line. A name thousands of characters long is cut
    /// before it is measured (no character is narrower than a fifth of the size), so what is
    /// rendered is at most about a view's width, never over `TextRasterizer.maxSide`.
    /// Results are kept: a label drawn every frame is fitted once.
    public func fitted(_ text: String, size: Float, width: Float, canvas: Canvas) throws(GLESError) -> String {
        let px = size * canvas.scale, room = Int((max(width, 0) * canvas.scale).rounded(.down))
        let key = "\(px)|\(room)|\(text)"
        if let done = fittedLabels[key] { return done }
        var chars = text.map { $0.unicodeScalars.allSatisfy { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) } ? " " : $0 }
        let most = max(2, Int(Float(room) / max(px / 5, 1)) + 2)
        if chars.count > most { chars = Array(chars.prefix(most / 2)) + Array(chars.suffix(most - most / 2)) }
        func shortened(_ keep: Int) -> String {
            String(chars.prefix((keep + 1) / 2)) + "…" + String(chars.suffix(keep / 2))
        }
        var result = String(chars)
        var fits = chars.count == text.count
        let fontName = fontName
        func measure(_ s: String) throws(GLESError) -> Int {
            try GLESError.fromText { () throws(FontError) in try TextRasterizer.measure(s, fontName: fontName, size: px).width }
        }
        if fits { fits = try measure(result) <= room }
        if !fits {
            // The most characters kept whose shortened label fits (none: just the ellipsis).
            var lo = 0, hi = chars.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                let w = try measure(shortened(mid))
                if w <= room { lo = mid } else { hi = mid - 1 }
            }
            result = shortened(lo)
        }
        if fittedLabels.count > 256 { fittedLabels.removeAll() }
        fittedLabels[key] = result
        return result
    }
}
