// libFuzzer target `colr`: the COLRv1 reader (GLFunImages' ColorGlyphPaintReader) fed the input as
// a font's 'COLR' table, every base glyph from 0 to 63 read with a palette of four colours. Any
// input must give a graph or none, within ColorGlyphPaint's bounds (tables read, nesting), never
// a read past the table's end, a crash or a hang (a PaintColrGlyph cycle, a paint that names
// itself). Seeds: the COLR tables of the test font (scripts/make/test_fonts.py) and, where the
// suite is beside the project, of resvg's Noto Color Emoji COLR subset. Built and run by
// scripts/fuzz/run.
@testable import GLFunImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCOLR(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let table = UnsafeRawBufferPointer(start: data, count: size)
    let palette: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 1), SIMD4(0, 0.5, 0, 1), SIMD4(0, 0, 0, 0.5)]
    for glyph in UInt32(0)..<64 {
        var reader = ColorGlyphPaintReader(table: table, palette: palette)
        _ = reader.root(glyph)
        if reader.budget < -1 || !reader.open.isEmpty { fatalError("budget \(reader.budget), open \(reader.open)") }
    }
    return 0
}
