/// How `Image.pngData(compression:)` compresses: only the file's bytes differ, never the pixels.
public enum PNGCompression: Equatable, Sendable {
    /// Each row Sub-filtered (a pixel minus the one before it), then deflated as runs of
    /// equal bytes only (zlib's Z_RLE): 5 to 8 times faster than zlib's level 6 with libpng's
    /// adaptive filters, and about as small on drawn pictures (flat fills and edges); larger
    /// on photographs. The default.
    case fast
    /// zlib at `level` (0 none ... 9 smallest) with libpng's adaptive per-row filters.
    case zlib(level: Int)
}
