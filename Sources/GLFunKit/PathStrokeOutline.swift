import Foundation

/// A stroke under a transform that is not a similarity (a skew, an unequal scale), as SVG
/// makes it: stroked in user space, where the width is the same every way, then transformed,
/// so that it is wider one way than the other (`GraphicsContext.stroke`). The stroke's area is
/// the aliased stroker's triangles (`PathStroker`: quads, joins, caps), each a closed subpath
/// turning the same way, so that filling them by the nonzero rule covers their union once.
extension Path {
    /// The area a stroke of `style` covers, in this path's space, as a path to fill by the
    /// nonzero rule; curves and round joins and caps flattened to within `tolerance`. Nil when
    /// the stroke would pass the tessellator's limits (`PathTessellator.maxEdges`, `maxVertices`).
    func strokeOutline(_ style: StrokeStyle, tolerance: Double) -> Path? {
        // PathStroker flattens its arcs to a quarter of its `pixel`.
        let pixel = tolerance * 4
        guard pixel.isFinite, pixel > 0,
              let subpaths = flattened(tolerance: tolerance, limit: PathTessellator.maxEdges, tangentEnds: style.curveEnds == .tangents) else { return nil }
        var out = MeshBuilder(limit: PathTessellator.maxVertices)
        var stroker = PathStroker(style: style, pixel: pixel)
        stroker.stroke(subpaths, into: &out)
        guard !out.overflowed else { return nil }
        let mesh = out.mesh
        var outline = Path()
        let v = mesh.vertices, ix = mesh.indices
        var i = 0
        while i + 2 < ix.count {
            let a = v[Int(ix[i])], b = v[Int(ix[i + 1])], c = v[Int(ix[i + 2])]
            i += 3
            let turn = (Double(b.x) - Double(a.x)) * (Double(c.y) - Double(a.y))
                - (Double(b.y) - Double(a.y)) * (Double(c.x) - Double(a.x))
            guard turn != 0 else { continue }  // no area
            outline.move(to: Point(a.x, a.y))
            if turn > 0 {
                outline.line(to: Point(b.x, b.y))
                outline.line(to: Point(c.x, c.y))
            } else {
                outline.line(to: Point(c.x, c.y))
                outline.line(to: Point(b.x, b.y))
            }
            outline.close()
        }
        return outline
    }
}

extension Transform {
    /// How far it stretches a length at most (its larger singular value).
    var largestStretch: Double {
        let q = a * a + b * b + c * c + d * d
        let det = determinant
        return ((q + max(q * q - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
    }
}
