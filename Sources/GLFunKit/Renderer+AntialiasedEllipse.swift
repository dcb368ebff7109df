import Foundation

/// An antialiased ellipse as geometry, like a rect's core and ring: a polygon inscribed in the
/// ellipse half a pixel smaller (the core, alpha 1) and a ring of quads from there to the same
/// angles on the ellipse half a pixel larger, whose vertex alpha falls to 0. Core and ring
/// share the inner vertices, so no pixel is drawn twice. The sides are enough to keep each
/// polygon within a quarter of a pixel of its ellipse. An ellipse thinner than a pixel is drawn
/// a pixel thick with its alpha scaled by its thickness.
extension Renderer {
    func emitEllipse(_ s: Shape, z: Float, part: Part, depth: Bool) {
        let x0 = min(s.from.x, s.to.x), x1 = max(s.from.x, s.to.x)
        let y0 = min(s.from.y, s.to.y), y1 = max(s.from.y, s.to.y)
        let rx = (x1 - x0) / 2, ry = (y1 - y0) / 2
        guard rx > 0, ry > 0 else { return }
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        let h = pixelInPoints / 2
        let ax = max(rx, h), ay = max(ry, h)
        let color = s.color
        let alpha = color.a * min(1, rx / h) * min(1, ry / h)
        let rgba = Color(color.r, color.g, color.b, alpha).rgba8, clear = Color(color.r, color.g, color.b, 0).rgba8
        // Sides: a chord of a circle of radius r (pixels) strays r(1 - cos(pi / n)) from it.
        let rpx = max(ax, ay) / (2 * h) + 0.5
        let n = min(1024, max(8, Int((Float.pi / acos(max(-1, 1 - 0.25 / rpx))).rounded(.up))))
        let ix = ax - h, iy = ay - h, ox = ax + h, oy = ay + h
        let step = 2 * Float.pi / Float(n)
        let opaqueCore = alpha >= 1 && part == .core
        if part != .fringe && ix > 0 && iy > 0 {
            begin(Pipe(program: .flat, blend: !opaqueCore, depthWrite: depth && opaqueCore))
            reserve(3 * n)
            let o = vertices + vertexCount
            let center = Vertex(x: cx, y: cy, z: z, u: 0, v: 0, rgba: rgba)
            var prev = Vertex(x: cx + ix, y: cy, z: z, u: 0, v: 0, rgba: rgba)
            for k in 0..<n {
                let a = Float(k + 1) * step
                let next = Vertex(x: cx + ix * cos(a), y: cy + iy * sin(a), z: z, u: 0, v: 0, rgba: rgba)
                o[3 * k] = center
                o[3 * k + 1] = prev
                o[3 * k + 2] = next
                prev = next
            }
            vertexCount += 3 * n
            end()
        }
        guard part != .core else { return }
        begin(Pipe(program: .flat, blend: true, depthWrite: false))
        reserve(6 * n)
        let o = vertices + vertexCount
        var c0: Float = 1, s0: Float = 0
        for k in 0..<n {
            let a = Float(k + 1) * step
            let c1 = cos(a), s1 = sin(a)
            let i0 = Vertex(x: cx + ix * c0, y: cy + iy * s0, z: z, u: 0, v: 0, rgba: rgba)
            let i1 = Vertex(x: cx + ix * c1, y: cy + iy * s1, z: z, u: 0, v: 0, rgba: rgba)
            let o0 = Vertex(x: cx + ox * c0, y: cy + oy * s0, z: z, u: 0, v: 0, rgba: clear)
            let o1 = Vertex(x: cx + ox * c1, y: cy + oy * s1, z: z, u: 0, v: 0, rgba: clear)
            o[6 * k] = i0
            o[6 * k + 1] = i1
            o[6 * k + 2] = o1
            o[6 * k + 3] = i0
            o[6 * k + 4] = o1
            o[6 * k + 5] = o0
            c0 = c1
            s0 = s1
        }
        vertexCount += 6 * n
        end()
    }
}
