internal import CFreeType
internal import CHarfBuzz
import Foundation

// Reading a COLRv1 glyph's paint graph from the font's 'COLR' table (OpenType 1.9: the
// BaseGlyphList, the LayerList and the 32 paint formats). FreeType 2.12 has COLRv1 calls, but
// Debian 12 ships them switched off (its patch disable_COLRv1: the 2.12 API predates the final
// one), and HarfBuzz's paint API came with 7.0, after Debian 12's 6.0; so the table is read here,
// from HarfBuzz's blob of it (no copy), each read checked against the table's end. Colours are
// looked up in the face's first palette (CPAL, through FreeType, whose COLRv0 and CPAL support is
// on). A variable paint (the odd formats) is read at the font's default: its deltas are not
// applied. Bounded by `ColorGlyphPaint.maxNodes` tables and `maxDepth` nesting; an offset or
// count past the table's end, an unknown format, or a glyph that names itself through
// PaintColrGlyph leaves the whole glyph without a graph.

extension TextShaper {
    /// The COLRv1 paint graph of `glyph` in `face` (a face `shape` returned); nil when the glyph
    /// has none (no COLR v1 table, not a base glyph there) or the graph cannot be read whole.
    public static func colorPaint(of glyph: UInt32, in face: ShapedFace) -> ColorGlyphPaint? {
        shapingFonts.withLock { fonts -> ColorGlyphPaint? in
            guard let f = fonts.face(face), glfun_ft_has_color(f.ftFace) != 0, let hbFace = hb_font_get_face(f.hbFont),
                  let blob = hb_face_reference_table(hbFace, hb_tag_t(0x434F_4C52)) else { return nil } // 'COLR'
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length >= 34 else { return nil }
            let palette = firstPalette(f.ftFace).map { SIMD4(Float($0.red), Float($0.green), Float($0.blue), Float($0.alpha)) / 255 }
            var reader = ColorGlyphPaintReader(table: UnsafeRawBufferPointer(start: data, count: Int(length)), palette: palette)
            return reader.root(glyph)
        }
    }
}

struct ColorGlyphPaintReader {
    let table: UnsafeRawBufferPointer
    let palette: [SIMD4<Float>]
    var budget = ColorGlyphPaint.maxNodes
    /// The colour glyphs being read, outermost first: one named again is a cycle.
    var open: [UInt32] = []

    init(table: UnsafeRawBufferPointer, palette: [SIMD4<Float>]) {
        self.table = table
        self.palette = palette
    }

    // MARK: Big-endian reads, nil past the table's end.

    func u8(_ at: Int) -> Int? { at >= 0 && at < table.count ? Int(table[at]) : nil }
    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= table.count else { return nil }
        return Int(table[at]) << 8 | Int(table[at + 1])
    }
    func i16(_ at: Int) -> Double? { u16(at).map { Double(Int16(truncatingIfNeeded: $0)) } }
    func u24(_ at: Int) -> Int? {
        guard at >= 0, at + 3 <= table.count else { return nil }
        return Int(table[at]) << 16 | Int(table[at + 1]) << 8 | Int(table[at + 2])
    }
    func u32(_ at: Int) -> Int? {
        guard let hi = u16(at), let lo = u16(at + 2) else { return nil }
        return hi << 16 | lo
    }
    /// F2DOT14 (a 2.14 fixed-point number).
    func f2dot14(_ at: Int) -> Double? { i16(at).map { $0 / 16384 } }
    /// Fixed (16.16).
    func fixed(_ at: Int) -> Double? { u32(at).map { Double(Int32(truncatingIfNeeded: $0)) / 65536 } }

    /// The paint whose table starts `offset` (24 bits at `at`) after `base`; nil for offset 0.
    func child(_ base: Int, _ at: Int) -> Int? {
        guard let o = u24(at), o != 0, base + o < table.count else { return nil }
        return base + o
    }

    // MARK: The graph.

    /// Glyph `glyph`'s graph, read `depth` tables deep (a PaintColrGlyph's glyph goes on from
    /// the depth of the table that names it).
    mutating func root(_ glyph: UInt32, depth: Int = 0) -> ColorGlyphPaint? {
        guard u16(0) == 1, !open.contains(glyph), depth < ColorGlyphPaint.maxDepth,
              let list = u32(14), list != 0, let count = u32(list) else { return nil }
        // BaseGlyphList: records of (glyph, Offset32 from the list), sorted by glyph.
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2, at = list + 4 + 6 * mid
            guard let g = u16(at) else { return nil }
            if g < Int(glyph) { lo = mid + 1 } else if g > Int(glyph) { hi = mid } else {
                guard let o = u32(at + 2), o != 0 else { return nil }
                open.append(glyph)
                defer { open.removeLast() }
                return paint(list + o, depth: depth + 1)
            }
        }
        return nil
    }

    private func color(_ index: Int, _ alpha: Double) -> ColorGlyphColor {
        if index == 0xFFFF { return ColorGlyphColor(rgba: nil, alpha: Float(alpha)) }
        return ColorGlyphColor(rgba: index < palette.count ? palette[index] : SIMD4(0, 0, 0, 1), alpha: Float(alpha))
    }

    /// A ColorLine (or, `variable`, a VarColorLine) at `at`.
    private mutating func line(_ at: Int, variable: Bool) -> ColorGlyphLine? {
        guard let extend = u8(at), let count = u16(at + 1) else { return nil }
        let size = variable ? 10 : 6
        var stops: [(offset: Float, color: ColorGlyphColor)] = []
        for i in 0..<count {
            budget -= 1
            let s = at + 3 + size * i
            guard budget > 0, let offset = f2dot14(s), let index = u16(s + 2), let alpha = f2dot14(s + 4) else { return nil }
            stops.append((Float(offset), color(index, alpha)))
        }
        return ColorGlyphLine(stops: stops, extend: extend == 1 ? .repeat : extend == 2 ? .reflect : .pad)
    }

    private mutating func paint(_ at: Int, depth: Int) -> ColorGlyphPaint? {
        budget -= 1
        guard budget > 0, depth < ColorGlyphPaint.maxDepth, let format = u8(at) else { return nil }
        let variable = format % 2 == 1 && format >= 3 && format <= 31 && format != 11
        switch format {
        case 1: // PaintColrLayers: numLayers, firstLayerIndex into the LayerList.
            guard let n = u8(at + 1), let first = u32(at + 2), let list = u32(18), list != 0,
                  let count = u32(list), first + n <= count else { return nil }
            var layers: [ColorGlyphPaint] = []
            for i in first..<(first + n) {
                guard let o = u32(list + 4 + 4 * i), o != 0, let layer = paint(list + o, depth: depth + 1) else { return nil }
                layers.append(layer)
            }
            return .layers(layers)
        case 2, 3: // PaintSolid
            guard let index = u16(at + 1), let alpha = f2dot14(at + 3) else { return nil }
            return .solid(color(index, alpha))
        case 4, 5: // PaintLinearGradient
            guard let l = child(at, at + 1).flatMap({ line($0, variable: variable) }),
                  let x0 = i16(at + 4), let y0 = i16(at + 6), let x1 = i16(at + 8), let y1 = i16(at + 10),
                  let x2 = i16(at + 12), let y2 = i16(at + 14) else { return nil }
            return .linear(p0: SIMD2(x0, y0), p1: SIMD2(x1, y1), p2: SIMD2(x2, y2), line: l)
        case 6, 7: // PaintRadialGradient
            guard let l = child(at, at + 1).flatMap({ line($0, variable: variable) }),
                  let x0 = i16(at + 4), let y0 = i16(at + 6), let r0 = u16(at + 8),
                  let x1 = i16(at + 10), let y1 = i16(at + 12), let r1 = u16(at + 14) else { return nil }
            return .radial(c0: SIMD2(x0, y0), r0: Double(r0), c1: SIMD2(x1, y1), r1: Double(r1), line: l)
        case 8, 9: // PaintSweepGradient: angles in half turns, biased by one (0 is -1, 360 is 1).
            guard let l = child(at, at + 1).flatMap({ line($0, variable: variable) }),
                  let cx = i16(at + 4), let cy = i16(at + 6), let a0 = f2dot14(at + 8), let a1 = f2dot14(at + 10) else { return nil }
            return .sweep(center: SIMD2(cx, cy), start: (a0 + 1) * 180, end: (a1 + 1) * 180, line: l)
        case 10: // PaintGlyph
            guard let p = child(at, at + 1), let g = u16(at + 4), let inner = paint(p, depth: depth + 1) else { return nil }
            return .glyph(UInt32(g), inner)
        case 11: // PaintColrGlyph
            guard let g = u16(at + 1) else { return nil }
            return root(UInt32(g), depth: depth + 1)
        case 12, 13: // PaintTransform: an Affine2x3 of Fixed.
            guard let t = child(at, at + 4), let xx = fixed(t), let yx = fixed(t + 4), let xy = fixed(t + 8),
                  let yy = fixed(t + 12), let dx = fixed(t + 16), let dy = fixed(t + 20) else { return nil }
            return transformed(ColorGlyphAffine(xx: xx, yx: yx, xy: xy, yy: yy, dx: dx, dy: dy), at, depth)
        case 14, 15: // PaintTranslate
            guard let dx = i16(at + 4), let dy = i16(at + 6) else { return nil }
            return transformed(ColorGlyphAffine(xx: 1, yx: 0, xy: 0, yy: 1, dx: dx, dy: dy), at, depth)
        case 16...23: // PaintScale, ...AroundCenter, ...Uniform, ...UniformAroundCenter
            let uniform = format >= 20, centred = format == 18 || format == 19 || format >= 22
            guard let sx = f2dot14(at + 4), let sy = uniform ? sx : f2dot14(at + 6) else { return nil }
            let m = ColorGlyphAffine(xx: sx, yx: 0, xy: 0, yy: sy, dx: 0, dy: 0)
            return about(m, centred ? at + (uniform ? 6 : 8) : nil, at, depth)
        case 24...27: // PaintRotate, PaintRotateAroundCenter: half turns, counter-clockwise.
            guard let turns = f2dot14(at + 4) else { return nil }
            let a = turns * Double.pi
            let m = ColorGlyphAffine(xx: cos(a), yx: sin(a), xy: -sin(a), yy: cos(a), dx: 0, dy: 0)
            return about(m, format >= 26 ? at + 6 : nil, at, depth)
        case 28...31: // PaintSkew, PaintSkewAroundCenter: x skewed by -tan(x angle), y by tan(y angle).
            guard let ax = f2dot14(at + 4), let ay = f2dot14(at + 6) else { return nil }
            let m = ColorGlyphAffine(xx: 1, yx: tan(ay * Double.pi), xy: -tan(ax * Double.pi), yy: 1, dx: 0, dy: 0)
            return about(m, format >= 30 ? at + 8 : nil, at, depth)
        case 32: // PaintComposite
            guard let s = child(at, at + 1), let modeValue = u8(at + 4), let b = child(at, at + 5),
                  let mode = ColorGlyphComposite(rawValue: modeValue),
                  let source = paint(s, depth: depth + 1), let backdrop = paint(b, depth: depth + 1) else { return nil }
            return .composite(source: source, mode: mode, backdrop: backdrop)
        default:
            return nil
        }
    }

    /// `m` about the centre (two FWORDs at `centre`; none: the origin), on the paint at `at`.
    private mutating func about(_ m: ColorGlyphAffine, _ centre: Int?, _ at: Int, _ depth: Int) -> ColorGlyphPaint? {
        guard let centre else { return transformed(m, at, depth) }
        guard let x = i16(centre), let y = i16(centre + 2) else { return nil }
        let there = ColorGlyphAffine(xx: 1, yx: 0, xy: 0, yy: 1, dx: x, dy: y)
        let back = ColorGlyphAffine(xx: 1, yx: 0, xy: 0, yy: 1, dx: -x, dy: -y)
        return transformed(there.concatenating(m).concatenating(back), at, depth)
    }

    /// The paint at `at`'s child (Offset24 just after its format) drawn through `m`.
    private mutating func transformed(_ m: ColorGlyphAffine, _ at: Int, _ depth: Int) -> ColorGlyphPaint? {
        guard [m.xx, m.yx, m.xy, m.yy, m.dx, m.dy].allSatisfy(\.isFinite), let p = child(at, at + 1),
              let inner = paint(p, depth: depth + 1) else { return nil }
        return .transform(m, inner)
    }
}
