import GLFunKit

/// viewBox and preserveAspectRatio: the transform from a viewBox to a viewport.
struct SVGViewBox {
    var x: Double, y: Double, width: Double, height: Double

    init?(_ text: String?) {
        guard let text, let v = numberList(text), v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
        x = v[0]; y = v[1]; width = v[2]; height = v[3]
    }

    /// The transform that puts this box into (0, 0, w, h) as `aspect` (preserveAspectRatio) says.
    func transform(toWidth w: Double, height h: Double, aspect: String?) -> Transform {
        let words = (aspect ?? "").split(separator: " ").map(String.init).filter { $0 != "defer" }
        let align = words.first ?? "xMidYMid"
        let slice = words.dropFirst().first == "slice"
        var sx = w / width, sy = h / height
        if align != "none" {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
        }
        var tx = -x * sx, ty = -y * sy
        if align != "none" {
            let dw = w - width * sx, dh = h - height * sy
            if align.contains("xMid") { tx += dw / 2 } else if align.contains("xMax") { tx += dw }
            if align.contains("YMid") { ty += dh / 2 } else if align.contains("YMax") { ty += dh }
        }
        return Transform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }
}
