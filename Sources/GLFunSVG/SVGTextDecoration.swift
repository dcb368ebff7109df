import GLFunImages
import GLFunKit

// text-decoration: underline, overline and line-through, each a band under every character
// it falls on (from its origin across its advance, turned with it), centred on the face's underline
// (post table), ascender, or strikeout (OS/2) line. A character is decorated when an element
// it is in, or one above the <text>, declares the kind; the band is painted with the fill and
// stroke of the nearest such element within the <text> (else the <text>'s), each span's (the
// characters of one element in one chunk) bands a path of their own, as usvg paints them:
// span by span, its overlines and underlines under its glyphs, its line-throughs over them.

struct SVGTextDecorations {
    struct Band {
        let node: SVGNode
        var path: Path
        /// Its span (`SVGTextPlacer.spanOf`).
        let span: Int
    }

    /// The bands of `kind` ("underline", "overline", "line-through"), one path per span.
    static func bands(_ kind: String, _ chars: [SVGTextChar], _ placed: [SVGPlacedChar], spanOf: [Int], text: SVGNode) -> [Band] {
        var out: [Band] = []
        var open: (node: SVGNode, x0: Float, x1: Float, top: Float, height: Float)?
        /// The span of the characters being decorated: each span (the characters of one element
        /// in one chunk) has bands of its own, painted apart (usvg's).
        var span = -1
        func flush() {
            guard let o = open else { return }
            append(o.node, rect(o.x0, o.top, o.x1 - o.x0, o.height))
            open = nil
        }
        func append(_ node: SVGNode, _ path: Path) {
            // No copy of the last band held while its path grows (each append would copy it whole).
            let k = out.count - 1
            if k >= 0, out[k].node === node, out[k].span == span { out[k].path.append(path) } else { out.append(Band(node: node, path: path, span: span)) }
        }
        for pc in placed {
            if spanOf[pc.index] != span {
                flush()
                span = spanOf[pc.index]
            }
            guard let node = decorating(kind, chars[pc.index].node, text), let m = pc.metrics else { flush(); continue }
            let s = pc.scale
            let top: Float, height: Float
            switch kind {
            case _ where pc.vertical:
                // resvg's: half the face's height to the left (underline) or right (overline) of the line.
                let half = (m.ascender - m.descender) * s / 2
                top = kind == "underline" ? half : kind == "overline" ? -half : 0
                height = m.underlineThickness * s
            case "underline": top = -m.underlinePosition * s; height = m.underlineThickness * s
            case "overline": top = -m.ascender * s; height = m.underlineThickness * s
            default: top = -m.strikeoutPosition * s; height = m.strikeoutThickness * s
            }
            if pc.rotate != 0 {
                flush()
                let path = rect(0, top - height / 2, pc.advance, height)
                let t = Transform.translation(Double(pc.origin.x), Double(pc.origin.y)).rotated(by: pc.rotate * .pi / 180)
                append(node, path.applying(t))
                continue
            }
            let y = pc.origin.y + top - height / 2
            if let o = open, o.node === node, abs(o.top - y) < 1e-3, abs(o.height - height) < 1e-3, abs(o.x1 - pc.origin.x) < 1e-3 {
                open?.x1 = pc.origin.x + pc.advance
            } else {
                flush()
                open = (node, pc.origin.x, pc.origin.x + pc.advance, y, height)
            }
        }
        flush()
        return out
    }

    static func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> Path {
        Path.polyline([Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)], closed: true)
    }

    /// The element whose paints decorate a character in `n` with `kind`; nil when none declares it.
    static func decorating(_ kind: String, _ n: SVGNode, _ text: SVGNode) -> SVGNode? {
        var cur: SVGNode? = n
        var inside = true
        var found: SVGNode?
        var depth = 0
        while let c = cur, depth < SVGLimits.maxDepth {
            if let v = c.declared["text-decoration"], !v.contains(","), v.split(separator: " ").contains(where: { $0 == kind }) {
                found = inside ? c : text
                break
            }
            if c === text { inside = false }
            cur = c.parent
            depth += 1
        }
        return found
    }
}
