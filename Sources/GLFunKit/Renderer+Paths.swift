import GLES

/// Path shapes in the vertex buffer: the path's cached triangles (`PathShape.mesh`), each
/// vertex's coverage multiplying the paint's alpha. Paths are drawn blended, in painter's
/// order, never in the opaque pass and never covering anything in the culling walk.
extension Renderer {
    /// One pixel of the frame being built, in document points.
    var pixelInPoints: Float { 1 / (scale * max(abs(view.scale), 1e-6)) }

    func emitPath(_ s: Shape, z: Float) {
        guard let p = s.pathShape else { return }
        let mesh = p.mesh(pixel: pixelInPoints, antialias: antialias)
        let n = mesh.vertexCount
        if n == 0 { return }
        reserve(n)
        let c = s.color
        let o = vertices + vertexCount
        mesh.positions.withUnsafeBufferPointer { pos in
            mesh.coverage.withUnsafeBufferPointer { cov in
                var last: Float = -1, rgba: UInt32 = 0
                for k in 0..<n {
                    if cov[k] != last {
                        last = cov[k]
                        rgba = Color(c.r, c.g, c.b, c.a * last).rgba8
                    }
                    o[k] = Vertex(x: pos[k].x, y: pos[k].y, z: z, u: 0, v: 0, rgba: rgba)
                }
            }
        }
        vertexCount += n
    }
}
