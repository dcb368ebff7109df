import Foundation
import GLFunImages
import GLFunKit

// SVG text's characters placed: shaped by text chunk (SVGTextShaping: kerning and ligatures
// kept, across tspans too), each character with its own glyphs and advance; then each
// character goes where the pen is (after its x, y, dx, dy), turned by its rotate about its
// origin, raised by its baseline shift, and the pen moves on by its advance plus
// letter-spacing (and word-spacing after a space). A chunk (from a character with an absolute
// x or y to the next) is moved by its text-anchor once placed.

struct SVGTextPiece {
    let node: SVGNode
    let props: SVGProperties
    var path: Path
    /// A colour glyph's layer colour or picture, filled instead of the element's fill (`SVGColorGlyphs`).
    var color: SVGGlyphInk? = nil
    /// Its span (`SVGTextPlacer.spanOf`): a text is painted span by span, each span's
    /// decorations with it (usvg's).
    var span = 0
}

/// Where a character went: its origin (baseline shift applied), turn, advance (spacing in), and its
/// run's face metrics scaled to user units per font unit.
struct SVGPlacedChar {
    let index: Int
    let origin: Point
    let rotate: Double
    let advance: Float
    let metrics: FaceMetrics?
    let scale: Float
    /// In a vertical line (its origin on the line, turned with it; SVGTextVertical).
    var vertical = false
}

struct SVGTextPlacer {
    private(set) var pieces: [SVGTextPiece] = []
    /// Each character's span, by its first character: the characters of one element in one
    /// chunk (usvg's spans).
    private(set) var spanOf: [Int] = []
    /// The span of the pieces being made.
    private var span = 0
    private(set) var placedChars: [SVGPlacedChar] = []
    /// Each character's cell (its advance across the face's ascent and descent, turned with
    /// it): what the text's bounding box is made of, as resvg makes it.
    private(set) var cells = Path()

    /// The paths of the <textPath>s, by element.
    var paths: [ObjectIdentifier: SVGPathGeometry] = [:]

    /// What a percentage letter- or word-spacing is of: the viewport's diagonal (as usvg).
    var percentBase: Double?

    /// From `SVGTextCollector.textLengths`.
    var textLengths: [(chars: Range<Int>, length: Double, stretch: Bool)] = []

    /// Laid out top to bottom (`SVGTextVertical`): the pen runs along each chunk's turned line.
    var vertical = false

    mutating func place(_ chars: [SVGTextChar]) {
        var shaped = shape(chars)
        // textLength: the characters' steps made to add up to it, or their glyphs stretched.
        var fixedStep = [Float?](repeating: nil, count: chars.count)
        var stretch = [Float](repeating: 1, count: chars.count)
        // Each node's characters in a chunk take the length (as usvg's spans: a node cut by an
        // absolute position is two, each of that length).
        let spans = textLengths.filter { $0.chars.upperBound <= chars.count }.flatMap { tl in
            var cuts = [tl.chars.lowerBound]
            for k in tl.chars.dropFirst() where Self.startsChunk(chars, at: k) { cuts.append(k) }
            cuts.append(tl.chars.upperBound)
            return zip(cuts, cuts.dropFirst()).map { (chars: $0.0..<$0.1, length: tl.length, stretch: tl.stretch) }
        }
        for tl in spans {
            let width = tl.chars.reduce(Float(0)) { $0 + shaped[$1].advance }
            if tl.stretch {
                guard width > 0, Float(tl.length) / width >= 0.001 else { continue }
                for k in tl.chars { stretch[k] = Float(tl.length) / width; shaped[k].advance *= stretch[k] }
            } else {
                let gap = tl.chars.count > 1 ? (Float(tl.length) - width) / Float(tl.chars.count - 1) : 0
                for k in tl.chars { fixedStep[k] = shaped[k].advance + gap }
            }
        }
        var pen = Point.zero
        var chunkStart = 0
        var chunkX: Float = 0
        var placed: [(origin: Point, index: Int)] = []
        var lineStart = Point.zero  // vertical: the chunk's start, which its line turns about
        var lineStarts: [Point] = []
        var steps: [Float] = []
        var spacings: [Float] = []
        /// Moves the chunk ending at `end` by its text-anchor; returns how far.
        @discardableResult
        func closeChunk(_ end: Int, _ penX: Float) -> Float {
            guard end > chunkStart else { return 0 }
            let width = penX - chunkX - spacings[end - 1]  // the last one's spacing left out
            let dx: Float
            switch SVGDrawer.inherited(chars[chunkStart].node, "text-anchor") {
            case "middle": dx = -width / 2
            case "end": dx = -width
            default: dx = 0
            }
            if dx != 0 { for k in chunkStart..<end { placed[k].origin.x += dx } }
            return dx
        }
        for (i, c) in chars.enumerated() {
            let pathStart = i == 0 ? c.onPath != nil : c.onPath !== chars[i - 1].onPath
            if Self.startsChunk(chars, at: i) {
                // The next chunk goes on from where the last one ended once anchored (as usvg).
                pen.x += closeChunk(i, pen.x)
                chunkStart = i
            }
            if pathStart || Self.startsChunk(chars, at: i), let tp = c.onPath, let g = paths[ObjectIdentifier(tp)] {
                // Each chunk on a path starts at the startOffset, further along by its own x (as
                // usvg: a chunk's absolute x is a distance along the path, its y is none).
                pen = Point(Float(Self.startOffset(tp, g.length, c.props.fontSize) + (c.x ?? 0)), 0)
            } else if i > 0, let tp = chars[i - 1].onPath, c.onPath == nil, let g = paths[ObjectIdentifier(tp)] {
                // After a text path: on from its last character drawn, as usvg goes on: the
                // point on the path under that character's middle, its advance to the right.
                var k = i - 1
                var after: Point?
                while k >= 0, chars[k].onPath === tp, after == nil {
                    if let at = g.at(Double(placed[k].origin.x + shaped[k].advance / 2)) {
                        after = Point(at.point.x + steps[k], at.point.y)
                    }
                    k -= 1
                }
                pen = after ?? g.at(min(max(Double(pen.x), 0), g.length))?.point ?? pen
            }
            let down = vertical && c.onPath == nil
            if down, c.x != nil || c.y != nil {
                // Where the last chunk left off, as resvg counts it (across and along swapped).
                let here = Point(lineStart.x + pen.y, lineStart.y + pen.x)
                lineStart = Point(c.x.map { Float($0) } ?? here.x, c.y.map { Float($0) } ?? here.y)
                pen = .zero
            } else if c.onPath == nil {
                if let x = c.x { pen.x = Float(x) }
                if let y = c.y { pen.y = Float(y) }
            }
            pen.x += Float(down ? c.dy ?? 0 : c.dx ?? 0)
            pen.y += Float(down ? -(c.dx ?? 0) : c.dy ?? 0)
            lineStarts.append(lineStart)
            if i == chunkStart { chunkX = pen.x }
            placed.append((pen, i))
            let fs = c.props.fontSize
            // A reordered run's spacing is in its glyphs' places already (SVGTextShaping).
            let letterSpacing = shaped[i].spaced ? 0 : letterSpacing(c)
            var step = shaped[i].advance + letterSpacing
            if c.char == " " { step += Float(Self.spacing(c.node, "word-spacing", fs, percentOf: percentBase)) }
            // A character that letter-spacing leaves no advance (or less) is not drawn and takes
            // none, but the chunk's last (as usvg, after Chrome).
            let last = i + 1 == chars.count || Self.startsChunk(chars, at: i + 1)
            if letterSpacing != 0, !(shaped[i].advance + letterSpacing > 0), !last, fixedStep[i] == nil {
                step = 0
                shaped[i].glyphs = []
                shaped[i].owners = nil
            }
            if let f = fixedStep[i] { step = f }
            pen.x += step
            steps.append(step)
            spacings.append(step - shaped[i].advance)
        }
        closeChunk(chars.count, pen.x)
        spanOf = Array(chars.indices)
        for k in chars.indices.dropFirst() where chars[k].node === chars[k - 1].node && !Self.startsChunk(chars, at: k) {
            spanOf[k] = spanOf[k - 1]
        }
        // One path per run of one element.
        for (origin, i) in placed {
            let c = chars[i]
            span = spanOf[i]
            var path = Path()
            if vertical && c.onPath == nil {
                placeDown(chars, i, origin, lineStarts[i], shaped[i], step: steps[i], stretch: stretch[i], into: &path)
                addPiece(c, path)
                continue
            }
            var colored: [(SVGTextChar, Path, SVGGlyphInk)] = []
            var o = Point(origin.x, origin.y - Float(c.shift) + Self.baseline(c.node, shaped[i].metrics, shaped[i].scale))
            var along: Transform?
            var turn = c.rotate ?? 0
            if let tp = c.onPath, let g = paths[ObjectIdentifier(tp)] {
                let half = shaped[i].advance / 2
                guard let at = g.at(Double(o.x + half)) else { continue }
                along = Transform.translation(Double(at.point.x), Double(at.point.y)).rotated(by: at.angle)
                    .translated(by: Double(-half), Double(o.y))
                let (cs, sn) = (Float(cos(at.angle)), Float(sin(at.angle)))
                o = Point(at.point.x - half * cs - o.y * sn, at.point.y - half * sn + o.y * cs)
                turn += at.angle * 180 / .pi
            }
            placedChars.append(SVGPlacedChar(index: i, origin: o, rotate: turn, advance: steps[i],
                                             metrics: shaped[i].metrics, scale: shaped[i].scale))
            addCell(shaped[i], steps[i], Transform.translation(Double(o.x), Double(o.y)).rotated(by: turn * .pi / 180), mid: false)
            // A reordered run's glyphs each go in their own character's element's piece, and
            // where its characters are turned, each cluster turns about its own origin (its
            // first glyph's, as drawn), as usvg turns its clusters.
            var painter = c
            let owners = along == nil && shaped[i].owners?.contains(where: { chars[$0.char].rotate != nil }) == true
                ? shaped[i].owners : nil
            var clusterX: [Int: Float] = [:]
            for (k, g) in shaped[i].glyphs.enumerated() {
                var t = along ?? Transform.translation(Double(o.x), Double(o.y))
                if let owner = owners?[k] {
                    let x = clusterX[owner.char] ?? g.at.x
                    clusterX[owner.char] = x
                    t = t.translated(by: Double(x), 0)
                    if let r = chars[owner.char].rotate, r != 0 { t = t.rotated(by: r * .pi / 180) }
                    t = t.translated(by: Double(g.at.x - x), Double(g.at.y))
                } else {
                    if let r = c.rotate, r != 0 { t = t.rotated(by: r * .pi / 180) }
                    if vertical, along != nil {
                        // Top to bottom on a path: upright characters turned back about their em
                        // box's middle, the others moved across, as in a column (usvg).
                        let m = shaped[i].metrics, k = shaped[i].scale
                        t = t.concatenating(SVGTextVertical.glyphTransform(
                            c.char, width: shaped[i].advance / stretch[i], ascent: (m?.ascender ?? 0) * k,
                            descent: (m?.descender ?? 0) * k, degrees: 0, stretch: stretch[i]))
                    } else if stretch[i] != 1 {
                        t = t.scaled(by: Double(stretch[i]), 1)
                    }
                    t = t.translated(by: Double(g.at.x), Double(g.at.y))
                }
                if let owner = shaped[i].owners?[k], chars[owner.char].node !== painter.node {
                    addPiece(painter, path)
                    path = Path()
                    painter = chars[owner.char]
                    span = spanOf[owner.char]
                }
                if let color = g.color {
                    colored.append((painter, g.outline.applying(t), color.applying(t)))
                } else {
                    path.append(g.outline.applying(t))
                }
            }
            addPiece(painter, path)
            for (p, outline, color) in colored { pieces.append(SVGTextPiece(node: p.node, props: p.props, path: outline, color: color, span: span)) }
        }
    }

    /// A character's cell in `frame` (its origin on the baseline; `mid`: on the middle of its em box).
    private mutating func addCell(_ shaped: SVGShapedChar, _ step: Float, _ frame: Transform, mid: Bool) {
        guard let m = shaped.metrics else { return }
        let a = m.ascender * shaped.scale, h = (m.ascender - m.descender) * shaped.scale
        let top = mid ? -h / 2 : -a
        cells.append(SVGTextDecorations.rect(0, top, step > 0 ? step : 1, h).applying(frame))
    }

    private mutating func addPiece(_ c: SVGTextChar, _ path: Path) {
        // No copy of the last piece is held while its path grows: one would share its arrays,
        // and each append would copy them whole (a line of thousands of glyphs took seconds).
        let k = pieces.count - 1
        if k >= 0, pieces[k].node === c.node, pieces[k].color == nil, pieces[k].span == span {
            pieces[k].path.append(path)
        } else {
            pieces.append(SVGTextPiece(node: c.node, props: c.props, path: path, span: span))
        }
    }

    /// A character of a vertical line: at `pen` along the line turned about `start`.
    private mutating func placeDown(_ chars: [SVGTextChar], _ i: Int, _ pen: Point, _ start: Point, _ shaped: SVGShapedChar,
                                    step: Float, stretch: Float, into path: inout Path) {
        let c = chars[i], m = shaped.metrics
        let ascent = (m?.ascender ?? 0) * shaped.scale, descent = (m?.descender ?? 0) * shaped.scale
        let line = Transform.translation(Double(start.x), Double(start.y)).rotated(by: .pi / 2)
        let t = line.translated(by: Double(pen.x), Double(pen.y - Float(c.shift)))
            .concatenating(SVGTextVertical.glyphTransform(c.char, width: shaped.advance / stretch, ascent: ascent, descent: descent,
                                                          degrees: c.rotate ?? 0, stretch: stretch))
        // Decorations run from the first glyph's line: a character on its side's is moved with it.
        let upright = c.char.unicodeScalars.first.map(SVGTextVertical.isUpright) ?? false
        let o = line.apply(Point(pen.x, pen.y - Float(c.shift) + (upright ? 0 : (ascent + descent) / 2)))
        var frame = line.translated(by: Double(pen.x), Double(pen.y - Float(c.shift)))
        if let r = c.rotate, r != 0 { frame = frame.rotated(by: r * .pi / 180) }
        addCell(shaped, step, frame, mid: true)
        placedChars.append(SVGPlacedChar(index: i, origin: o, rotate: 90 + (c.rotate ?? 0), advance: step,
                                          metrics: m, scale: shaped.scale, vertical: true))
        if let owners = shaped.owners {
            // A reordered run: each glyph along the line turned as its own character is.
            let start = line.translated(by: Double(pen.x), Double(pen.y - Float(c.shift)))
            for (g, o) in zip(shaped.glyphs, owners) {
                let t = start.translated(by: Double(g.at.x), 0)
                    .concatenating(SVGTextVertical.glyphTransform(chars[o.char].char, width: o.width, ascent: o.ascent, descent: o.descent,
                                                                  degrees: chars[o.char].rotate ?? 0, stretch: 1))
                place(g, t.translated(by: 0, Double(g.at.y)), c, into: &path)
            }
            return
        }
        for g in shaped.glyphs {
            place(g, t.translated(by: Double(g.at.x), Double(g.at.y)), c, into: &path)
        }
    }

    /// A vertical line's glyph put by `t`: its outline into `path`, or a colour glyph's picture
    /// as a piece of its own (upright, as an emoji stands in vertical text).
    private mutating func place(_ g: (outline: Path, at: Point, color: SVGGlyphInk?), _ t: Transform, _ c: SVGTextChar,
                                into path: inout Path) {
        if let ink = g.color, ink.isPicture {
            pieces.append(SVGTextPiece(node: c.node, props: c.props, path: g.outline.applying(t), color: ink.applying(t), span: span))
        } else {
            path.append(g.outline.applying(t))
        }
    }

    /// Down from the alphabetic baseline to the one the character sits on: its element's
    /// alignment-baseline, or when that is auto or baseline the dominant-baseline in force.
    static func baseline(_ n: SVGNode, _ m: FaceMetrics?, _ scale: Float) -> Float {
        guard let m else { return 0 }
        // alignment-baseline is not inherited, but "inherit" takes the parent's; dominant-baseline
        // is, and SVG 1.1's "no-change" keeps the parent's too.
        var v = n.declared["alignment-baseline"]?.trimmingCharacters() ?? "auto"
        var up = n.parent
        while v == "inherit", let p = up {
            v = p.declared["alignment-baseline"]?.trimmingCharacters() ?? "auto"
            up = p.parent
        }
        if v == "auto" || v == "baseline" || v == "inherit" {
            v = SVGDrawer.inherited(n, "dominant-baseline", alsoInheriting: "no-change") ?? "auto"
        }
        let ascent = m.ascender * scale, descent = m.descender * scale
        switch v {
        case "before-edge", "text-before-edge": return ascent
        case "middle": return m.xHeight * scale / 2
        case "central": return ascent - (ascent - descent) / 2
        case "after-edge", "text-after-edge", "ideographic": return descent
        case "hanging": return ascent * 0.8
        case "mathematical": return ascent / 2
        default: return 0
        }
    }

    /// A <textPath>'s startOffset along a path of `length`.
    static func startOffset(_ tp: SVGNode, _ length: Double, _ fontSize: Double) -> Double {
        guard let v = tp.attributes["startOffset"], let l = SVGLength(v.trimmingCharacters()) else { return 0 }
        if l.unit == .percent { return l.value / 100 * length }
        return l.resolved(reference: length, fontSize: fontSize)
    }

    /// letter-spacing or word-spacing: a length (em relative to the font size, a percentage
    /// to `percentOf`, else to the font size), 0 for normal.
    static func spacing(_ n: SVGNode, _ name: String, _ fontSize: Double, percentOf: Double? = nil) -> Double {
        guard let v = SVGDrawer.inherited(n, name), v != "normal", let l = SVGLength(v) else { return 0 }
        if l.unit == .percent { return l.value / 100 * (percentOf ?? fontSize) }
        return l.resolved(reference: fontSize, fontSize: fontSize)
    }

    /// The letter-spacing `c` takes: none in a cursive script, whose letters join (CSS Text's
    /// cursive tracking; the scripts usvg leaves unspaced, after HarfBuzz's list: Arabic,
    /// Syriac, N'Ko, Mandaic, Mongolian, Phags-pa, Devanagari, Bengali, Gurmukhi, Ogham, Syloti
    /// Nagri, Manichaean, Psalter Pahlavi, Sharada, Tirhuta, Modi), judged by its first code point.
    func letterSpacing(_ c: SVGTextChar) -> Float {
        if let u = c.char.unicodeScalars.first?.value, Self.cursive.contains(where: { $0.contains(u) }) { return 0 }
        return Float(Self.spacing(c.node, "letter-spacing", c.props.fontSize, percentOf: percentBase))
    }

    private static let cursive: [ClosedRange<UInt32>] = [
        0x0600...0x06FF, 0x0700...0x074F, 0x0750...0x077F, 0x07C0...0x07FF, 0x0840...0x085F, 0x0860...0x08FF,
        0x0900...0x097F, 0x0980...0x09FF, 0x0A00...0x0A7F, 0x1680...0x169F, 0x1800...0x18AF, 0xA800...0xA82F,
        0xA840...0xA87F, 0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x10AC0...0x10AFF, 0x10B80...0x10BAF,
        0x11180...0x111DF, 0x11480...0x114DF, 0x11600...0x1165F,
    ]
}
