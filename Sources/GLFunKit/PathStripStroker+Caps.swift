import Foundation

/// A stroke's caps (`PathStripStroker`): round ends as half fans, butt and square ends as the
/// strip stopped half a pixel inside the end and a product-coded band taking it half a pixel
/// out (`endPiece`), and the dot of a one-point subpath.
extension PathStripStroker {
    func startCap(_ p: Vec, _ t: Vec, strip: inout Strip, into out: inout MeshBuilder) {
        // The strip's direction of travel is -t; its left side is (-t).perpendicular.
        switch style.cap {
        case .round:
            strip.start(squarePair(p, -t), into: &out)
            fan(p, from: (-t).perpendicular, angle: Double.pi, into: &out)
        case .butt:
            strip.start(squarePair(p - t * (pixel / 2), -t), into: &out)
            endPiece(p, t, into: &out)
        case .square:
            let end = p + t * (Double(style.width) / 2)
            strip.start(squarePair(end - t * (pixel / 2), -t), into: &out)
            endPiece(end, t, into: &out)
        }
    }

    func endCap(_ p: Vec, _ t: Vec, strip: inout Strip, into out: inout MeshBuilder) {
        switch style.cap {
        case .round:
            strip.add(squarePair(p, t), into: &out)
            fan(p, from: t.perpendicular, angle: -Double.pi, into: &out)
        case .butt:
            strip.add(squarePair(p - t * (pixel / 2), t), into: &out)
            endPiece(p, t, into: &out)
        case .square:
            let end = p + t * (Double(style.width) / 2)
            strip.add(squarePair(end - t * (pixel / 2), t), into: &out)
            endPiece(end, t, into: &out)
        }
    }

    /// Across a flat end at p facing `t`: the band from half a pixel inside the end (where the
    /// strip stops) to half a pixel out, the strip's width across, product-coded: the along term
    /// 1 at its inner side and 0 at its outer, the across term `reach` on the centre line and 0
    /// at the strip's edges (two triangles a side of the centre line, where |distance| is linear).
    func endPiece(_ p: Vec, _ t: Vec, into out: inout MeshBuilder) {
        guard out.room(6) else { return }
        let n = t.perpendicular * outer, inside = p - t * (pixel / 2), outside = p + t * (pixel / 2)
        let il = out.productVertex(inside + n, across: 0, along: 1)
        let ic = out.productVertex(inside, across: reach, along: 1)
        let ir = out.productVertex(inside - n, across: 0, along: 1)
        let ol = out.productVertex(outside + n, across: 0, along: 0)
        let oc = out.productVertex(outside, across: reach, along: 0)
        let or = out.productVertex(outside - n, across: 0, along: 0)
        out.fringeTriangle(il, ic, oc)
        out.fringeTriangle(il, oc, ol)
        out.fringeTriangle(ic, ir, or)
        out.fringeTriangle(ic, or, oc)
    }

    /// A subpath of one point: a disc (round caps) or a square (square caps) a width across.
    func dot(_ p: Vec, into out: inout MeshBuilder) {
        switch style.cap {
        case .butt: return
        case .round: fan(p, from: Vec(1, 0), angle: 2 * Double.pi, into: &out)
        case .square:
            let h = Double(style.width) / 2
            var strip = Strip(reach: reach)
            let inset = min(h, pixel / 2)
            strip.start(squarePair(p - Vec(h - inset, 0), Vec(1, 0)), into: &out)
            strip.add(squarePair(p + Vec(h - inset, 0), Vec(1, 0)), into: &out)
            endPiece(p + Vec(h, 0), Vec(1, 0), into: &out)
            endPiece(p - Vec(h, 0), Vec(-1, 0), into: &out)
        }
    }
}
