import Foundation
import GLFunImages
import GLFunKit

// SVG text's characters shaped (the first step of `SVGTextPlacer.place`), as usvg shapes them:
// a text chunk (from a character with an absolute x or y, or the start of a textPath, to the
// next) is shaped whole in each font its elements use, and each character takes its glyphs and
// its advance from the shaping in its own element's font. So kerning and ligatures hold across
// tspans: T<tspan fill="green">e</tspan>xt keeps the T-e pair's kerning, and in
// A<tspan font-weight="bold">V</tspan>A each side's pair is kerned in its own side's face.
// Each paragraph is left to right (as usvg's): right-to-left runs in it are reordered by the
// bidirectional algorithm. A chunk in one font whose glyphs are so reordered is one piece on
// its first character, each glyph painted as its own character's element. Where the shapings
// cannot be shared out character by character (reordered glyphs in more than one font, or
// fonts whose shapings cut the chunk's characters into clusters differently), the chunk is
// shaped in runs of one element each, as a chunk of one element always is.

/// A character's glyphs about its own origin, and its advance.
struct SVGShapedChar {
    var glyphs: [(outline: Path, at: Point, color: SVGGlyphInk?)] = []
    /// A reordered run kept whole: each glyph's character and advance (for vertical text,
    /// which turns glyph by glyph).
    var owners: [(char: Int, width: Float, ascent: Float, descent: Float)]?
    var advance: Float = 0
    var metrics: FaceMetrics?
    var scale: Float = 0
    /// Of a reordered run: its letter-spacing is in its glyphs' places and the first's advance.
    var spaced = false
}

extension SVGTextPlacer {
    /// The most code points a chunk is shaped in, summed over its fonts (`shapeChunk`).
    static let maxChunkShaping = 1 << 18

    /// Whether a text chunk starts at character `k`: one with an absolute x or y, or the first
    /// on a textPath or after one.
    static func startsChunk(_ chars: [SVGTextChar], at k: Int) -> Bool {
        k > 0 && (chars[k].x != nil || chars[k].y != nil || chars[k].onPath !== chars[k - 1].onPath)
    }

    /// Whether `line`'s glyphs are in the order of their characters (left to right, none
    /// reordered), so that each character's glyphs follow the one before's.
    private static func inCharacterOrder(_ line: ShapedLine) -> Bool {
        !line.isRightToLeft && zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.cluster <= $1.cluster }
    }

    /// The metrics of the characters at `indices`: the run's primary face's (the one its font
    /// names, as resvg's span font) when one of `glyphs` is in it, else the first glyph's.
    private static func giveMetrics(_ run: TextRun, _ glyphs: [ShapedGlyph], to indices: some Sequence<Int>,
                                    _ out: inout [SVGShapedChar]) {
        let primary = run.shaped.usedFonts.first
        guard let face = glyphs.first(where: { $0.face.path == primary })?.face ?? glyphs.first?.face else { return }
        let metrics = TextShaper.metrics(of: face)
        for k in indices {
            out[k].metrics = metrics
            out[k].scale = run.shaped.font.size / Float(face.unitsPerEm)
        }
    }

    /// Each character's glyphs and advance, shaped by text chunk (`shapeChunk`), or where a
    /// chunk cannot be, in runs of one element.
    func shape(_ chars: [SVGTextChar]) -> [SVGShapedChar] {
        var out = [SVGShapedChar](repeating: SVGShapedChar(), count: chars.count)
        var start = 0
        while start < chars.count {
            var end = start + 1
            while end < chars.count, !Self.startsChunk(chars, at: end) { end += 1 }
            if !shapeChunk(chars, start..<end, &out) {
                var run = start
                while run < end {
                    var next = run + 1
                    while next < end, chars[next].node === chars[run].node { next += 1 }
                    shapeRun(chars, run..<next, &out)
                    run = next
                }
            }
            start = end
        }
        return out
    }

    /// Where each character of `range` starts among the scalars the shaper counts (controls
    /// left out), from the range's start.
    private func scalarOffsets(_ chars: [SVGTextChar], _ range: Range<Int>) -> [Int] {
        var offsets: [Int] = []
        var n = 0
        for k in range {
            offsets.append(n)
            n += chars[k].char.unicodeScalars.filter { $0.properties.generalCategory != .control }.count
        }
        return offsets
    }

    /// The chunk `range`, of more than one element, shaped whole in each of its elements'
    /// fonts, each character written from the shaping in its own. False, with nothing
    /// written, for a chunk of one element, and where the shapings cannot be shared out.
    private func shapeChunk(_ chars: [SVGTextChar], _ range: Range<Int>, _ out: inout [SVGShapedChar]) -> Bool {
        let first = chars[range.lowerBound].node
        guard chars[range].contains(where: { $0.node !== first }), chars[range].allSatisfy({ $0.props.fontSize > 0 }) else { return false }
        // The fonts in the order the chunk first uses them, each with its characters.
        var fonts: [(font: FontDescription, members: [Int])] = []
        var index: [FontDescription: Int] = [:]
        for k in range {
            let f = SVGDrawer.font(chars[k].node, chars[k].props)
            if let i = index[f] { fonts[i].members.append(k - range.lowerBound) } else {
                index[f] = fonts.count
                fonts.append((f, [k - range.lowerBound]))
            }
        }
        let text = String(chars[range].map(\.char))
        let offsets = scalarOffsets(chars, range)
        // The chunk is shaped once a font: past `maxChunkShaping` code points in all (a hostile
        // document's thousands of tspans each in a size of its own), it is shaped by runs, in
        // time linear in its length.
        guard fonts.count * text.unicodeScalars.count <= Self.maxChunkShaping else { return false }
        var shapings: [(run: TextRun, line: ShapedLine, members: [Int])] = []
        var clusters: [Bool]?
        for (font, members) in fonts {
            guard let run = try? TextRun(text, font: font, direction: .leftToRight), let line = run.lines.first else { return false }
            guard Self.inCharacterOrder(line) else {
                // Reordered (right-to-left text in it): in one font, one piece whose glyphs
                // each keep their own character's element (`owners`); in more, runs.
                guard fonts.count == 1 else { return false }
                shareReordered(run, line, chars, offsets, range, &out)
                return true
            }
            // Which characters start a cluster: the same in every font, or the chunk's
            // characters would not each get their glyphs from exactly one shaping.
            let starts = Self.clusterStarts(line.glyphs, offsets).map { $0 != nil }
            if let c = clusters, c != starts { return false }
            clusters = starts
            shapings.append((run, line, members))
        }
        for s in shapings { share(s.run, s.line, offsets, range, only: s.members, &out) }
        return true
    }

    /// Each glyph's character: its offset in the range, by cluster.
    private static func owners(_ glyphs: [ShapedGlyph], _ offsets: [Int]) -> [Int] {
        var owner: [Int] = []
        var k = 0
        for g in glyphs {
            while k + 1 < offsets.count, offsets[k + 1] <= g.cluster { k += 1 }
            owner.append(k)
        }
        return owner
    }

    /// Each character's first glyph's x (nil: it has none, its cluster began before it).
    private static func clusterStarts(_ glyphs: [ShapedGlyph], _ offsets: [Int]) -> [Float?] {
        var starts = [Float?](repeating: nil, count: offsets.count)
        for (g, o) in zip(glyphs, owners(glyphs, offsets)) where starts[o] == nil { starts[o] = g.x }
        return starts
    }

    /// Left-to-right glyphs in cluster order shared out to the characters of `range` (offsets
    /// `only`, or all): each its own glyphs about its first one's x, its advance to the next
    /// character's first glyph (the line's end after the last), its metrics from its own glyphs
    /// (`giveMetrics`).
    private func share(_ run: TextRun, _ line: ShapedLine, _ offsets: [Int], _ range: Range<Int>, only: [Int]? = nil,
                       _ out: inout [SVGShapedChar]) {
        let glyphs = line.glyphs
        let owner = Self.owners(glyphs, offsets)
        let members = only ?? Array(offsets.indices)
        var isMember = [Bool](repeating: only == nil, count: offsets.count)
        for o in members { isMember[o] = true }
        Self.giveMetrics(run, zip(glyphs, owner).filter { isMember[$0.1] }.map(\.0), to: members.map { range.lowerBound + $0 }, &out)
        let starts = Self.clusterStarts(glyphs, offsets)
        for (g, o) in zip(glyphs, owner) where isMember[o] {
            for l in SVGColorGlyphs.outlines(run, g) { out[range.lowerBound + o].glyphs.append((l.outline, Point(g.x - starts[o]!, g.y), l.color)) }
        }
        for o in members {
            guard let s = starts[o] else { continue }
            var next = line.advance
            for q in (o + 1)..<offsets.count where starts[q] != nil { next = starts[q]!; break }
            out[range.lowerBound + o].advance = next - s
        }
    }

    /// A run of one element's characters shaped on its own.
    private func shapeRun(_ chars: [SVGTextChar], _ range: Range<Int>, _ out: inout [SVGShapedChar]) {
        let c0 = chars[range.lowerBound]
        guard c0.props.fontSize > 0 else { return }
        let text = String(chars[range].map(\.char))
        guard let run = try? TextRun(text, font: SVGDrawer.font(c0.node, c0.props), direction: .leftToRight), let line = run.lines.first else { return }
        let offsets = scalarOffsets(chars, range)
        guard Self.inCharacterOrder(line) else {
            shareReordered(run, line, chars, offsets, range, &out)
            return
        }
        share(run, line, offsets, range, &out)
    }

    /// Right to left or reordered: the run as one piece on its first character.
    private func shareReordered(_ run: TextRun, _ line: ShapedLine, _ chars: [SVGTextChar], _ offsets: [Int],
                                _ range: Range<Int>, _ out: inout [SVGShapedChar]) {
        let glyphs = line.glyphs
        Self.giveMetrics(run, glyphs, to: range, &out)
        var faces: [ShapedFace: FaceMetrics] = [:]
        var placed: [(outline: Path, at: Point, color: SVGGlyphInk?)] = []
        var owners: [(char: Int, width: Float, ascent: Float, descent: Float)] = []
        // Letter-spacing after each character but the last on the line, left to right (as usvg
        // spaces its clusters in visual order).
        var spread: Float = 0
        var previous: Int?
        for k in glyphs.indices {
            let g = glyphs[k]
            let char = offsets.lastIndex { $0 <= g.cluster } ?? 0
            if let p = previous, p != char { spread += letterSpacing(chars[range.lowerBound + p]) }
            previous = char
            if faces[g.face] == nil { faces[g.face] = TextShaper.metrics(of: g.face) }
            let s = run.shaped.font.size / Float(g.face.unitsPerEm)
            let owner = (range.lowerBound + char, (k + 1 < glyphs.count ? glyphs[k + 1].x : line.advance) - g.x,
                         (faces[g.face]?.ascender ?? 0) * s, (faces[g.face]?.descender ?? 0) * s)
            for layer in SVGColorGlyphs.outlines(run, g) {
                placed.append((layer.outline, Point(g.x + spread, g.y), layer.color))
                owners.append(owner)
            }
        }
        out[range.lowerBound].glyphs = placed
        out[range.lowerBound].owners = owners
        out[range.lowerBound].advance = line.advance + spread
        for k in range { out[k].spaced = true }
    }
}
