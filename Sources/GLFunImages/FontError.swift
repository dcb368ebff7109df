/// What went wrong rasterizing text (`TextRasterizer`): fontconfig or FreeType failed, or the
/// size asked for is not one it draws. GLES wraps one in `GLESError.text` (`Texture2D(text:)`).
public enum FontError: Error, CustomStringConvertible, Equatable, Sendable {
    /// fontconfig or FreeType failed: no font matches a name, a face cannot be
    /// opened, a glyph cannot be loaded. `reason` names the call and the font.
    case font(reason: String)
    /// A text size outside `TextRasterizer.sizeRange` (or not finite), in pixels.
    case badTextSize(Float, range: ClosedRange<Float>)
    /// The text image asked for has no area, or is over its side or byte bound.
    case badPixels(String)

    /// The error in words.
    public var description: String {
        switch self {
        case let .font(reason): return reason
        case let .badTextSize(size, range): return "text size \(size) px is not a finite number in \(range)"
        case let .badPixels(why): return "bad pixel data: \(why)"
        }
    }
}
