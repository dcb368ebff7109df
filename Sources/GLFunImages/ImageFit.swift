/// The box an image is shown in, in pixels, and how it goes in: whole and letterboxed
/// (`.fit`, aspect fit) or covering the box and cropped (`.fill`, aspect fill). Decoding for a
/// fit (`Image(data:fitting:limits:)`) makes the pixels no larger than the picture is shown.
public struct ImageFit: Equatable, Sendable, CustomStringConvertible {
    /// Whole and letterboxed (`fit`), or covering and cropped (`fill`).
    public enum Mode: String, Sendable {
        case fit, fill
    }

    /// The box's width in pixels.
    public var width: Int
    /// The box's height in pixels.
    public var height: Int
    /// How the image goes into the box.
    public var mode: Mode

    /// Sizes below 1 count as 1.
    public init(width: Int, height: Int, mode: Mode = .fit) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.mode = mode
    }

    /// How much a width x height image is scaled to be shown: below 1 it is shrunk, above 1
    /// enlarged (a decoder never enlarges; the GPU does, when drawing).
    public func scale(width w: Int, height h: Int) -> Double {
        let sx = Double(width) / Double(max(1, w)), sy = Double(height) / Double(max(1, h))
        return mode == .fit ? min(sx, sy) : max(sx, sy)
    }

    /// The size a width x height image is shown at, rounded, at least 1x1.
    public func shownSize(width w: Int, height h: Int) -> (width: Int, height: Int) {
        let s = scale(width: w, height: h)
        return (max(1, Int((Double(w) * s).rounded())), max(1, Int((Double(h) * s).rounded())))
    }

    /// The box and mode, as `WxH (mode)`.
    public var description: String { "\(width)x\(height) (\(mode))" }
}
