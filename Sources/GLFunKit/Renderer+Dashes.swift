import GLFunGLES

/// Dashed strokes dashed per pixel (`StrokeDash`): the undashed stroke's mesh with its dash
/// terms (`PathMesh.dashTerms`) in the gradient stream, drawn by the dash program
/// (`PathDash.fsh`), strokes of any pattern sharing calls; a translucent one as one layer of
/// paint, in two passes as any path (`dashCore`, then the rest: `Renderer+Paths`). Only for a
/// solid paint and with 32-bit indices; elsewhere the path's mesh is cut by `Path.dashed`
/// (`PathTessellator.mesh`).
extension Renderer {
    /// Whether `s`'s stroke may be dashed by the shader in this frame.
    func takesDashRoute(_ s: Shape, _ p: PathShape) -> Bool {
        p.dash != nil && indexedPaths && s.gradient == nil && s.pattern == nil
    }

    /// The mesh's vertices into the gradient stream with their dash terms and `pattern`
    /// (pixels), and its triangles in a run of the dash program (`oneLayer`: two, the core
    /// first, at depth `z`).
    func emitDashed(_ mesh: PathMesh, pattern: SIMD4<Float>, z: Float, rgba: UInt32, oneLayer: Bool) {
        let n = mesh.vertexCount
        let base = UInt32(gradientCount)
        reserveGradient(n)
        let o = gradientVertices + gradientCount
        let h = (pattern[0], pattern[1], pattern[2], pattern[3]), none: (Float, Float, Float, Float) = (0, 0, 0, 0)
        mesh.vertices.withUnsafeBufferPointer { v in
            mesh.dashTerms.withUnsafeBufferPointer { d in
                for k in 0..<n {
                    let t = d[k]
                    o[k] = GradientVertex(x: v[k].x, y: v[k].y, z: z, u: v[k].u, v: v[k].v, rgba: rgba,
                                          g: (t.s, t.lo, t.hi, t.flags), h: h, k: (t.w, 0, 0, 0), l: none)
                }
            }
        }
        gradientCount += n
        for program in oneLayer ? [Pipe.Program.dashCore, .dash] : [.dash] {
            begin(Pipe(program: program, blend: true, depthWrite: oneLayer, indexed: true, layered: oneLayer))
            appendIndices(mesh, base: base)
            end()
        }
    }
}
