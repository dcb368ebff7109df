import GLFunGLES

/// Path shapes in the vertex buffer: the path's cached mesh (`PathShape.mesh`), its vertices
/// once and its triangles as indices (`Pipe.indexed`), drawn by the path program, which works
/// out each pixel's coverage (`PathMesh.Vertex`). Paths are drawn blended, in painter's order;
/// an opaque antialiased fill's core also goes in the opaque pass and covers in the culling
/// walk (`Renderer+OpaqueFills`).
///
/// One layer of paint: pieces of a path overlap (a stroke's joins over its strips, the inner
/// side of a sharp turn, a self-crossing stroke, fringes that meet). An opaque path blends its
/// one colour over itself, which changes nothing where it is fully covered; a translucent one,
/// with a depth buffer, is drawn in two passes at its own depth with depth writes on: first
/// only the pixels it covers fully (`PathCore.fsh`; the depth test lets each be painted once),
/// then the rest (`Path.fsh`), each pixel once more at most (the first piece to reach it). So a
/// translucent path is exactly as dark where its pieces overlap as anywhere else. Later shapes
/// are nearer, so they still draw over it. This needs only a depth buffer, not the depth pass:
/// a frame with `depthEnabled` off still clears depth and tests it for translucent paths alone
/// (each at its own depth), so the picture is the same either way. Without a depth buffer (a
/// target without one, or a draw with no background), the pieces blend in order.
extension Renderer {
    /// One pixel of the frame being built, in document points.
    var pixelInPoints: Float { 1 / (scale * max(abs(view.scale), 1e-6)) }

    /// `mesh`: the frame's mesh of `s` when already made (an opaque fill's, `Renderer+OpaqueFills`).
    func emitPath(_ s: Shape, z: Float, mesh given: PathMesh? = nil) {
        guard let p = s.pathShape else { return }
        let mesh = given ?? pathMesh(s, p, dashRoute: takesDashRoute(s, p))
        let n = mesh.vertexCount
        if n == 0 && mesh.mask == nil { return }
        let c = s.color
        let alpha = c.a * mesh.opacity
        let gradient = s.gradient
        let pattern = gradient == nil ? s.pattern : nil
        // A gradient's (a pattern's) colour comes from its texture: the vertices carry only the opacity.
        let painted = gradient != nil || pattern != nil
        let rgba = (painted ? Color(1, 1, 1, alpha) : Color(c.r, c.g, c.b, alpha)).rgba8
        // A layer plane's composite is rects on whole pixels that never overlap: one layer as it is.
        let oneLayer = pathLayers && (alpha < 1 || gradient.map { !$0.isOpaque } ?? false || pattern != nil)
            && !(pattern?.isLayerPlane ?? false)
        // A gradient goes with the vertices (`Renderer+GradientStream`), not in the pipe.
        let paint = gradient.map { gradientPaint($0) }
        if let m = mesh.mask {
            return emitMask(m, z: z, rgba: rgba, snap: oneLayer, gradient: gradient, pattern: pattern, paint: paint)
        }
        if oneLayer, antialias, meshMasks, !mesh.hasFringe, mesh.dashPattern == nil, !p.aliased, case .fill = p.paint,
           emitWhole(mesh, z: z, rgba: rgba, gradient: gradient, pattern: pattern, paint: paint) {
            return
        }
        var z = z
        if oneLayer && !frameDepth {
            // Depth is this frame's only for translucent paths: each its own, later ones nearer.
            z = layerDepth
            layerDepth -= layerStep
        }
        if let dashes = mesh.dashPattern { return emitDashed(mesh, pattern: dashes, z: z, rgba: rgba, oneLayer: oneLayer) }
        let core = Pipe.Program.path(gradient, pattern, .core), rest = Pipe.Program.path(gradient, pattern, .rest)
        let programs: [Pipe.Program] = oneLayer ? (mesh.hasFringe ? [core, rest] : [core]) : [rest]
        guard indexedPaths else {
            return emitExpanded(mesh, z: z, rgba: rgba, programs: programs, oneLayer: oneLayer, pattern: pattern,
                                paint: paint)
        }
        let base: UInt32
        if let paint {
            base = UInt32(gradientCount)
            mesh.vertices.withUnsafeBufferPointer { v in
                appendGradientVertices(v, indices: nil, z: z, rgba: rgba, paint: paint)
            }
        } else {
            base = UInt32(vertexCount)
            reserve(n)
            let o = vertices + vertexCount
            mesh.vertices.withUnsafeBufferPointer { v in
                for k in 0..<n {
                    o[k] = Vertex(x: v[k].x, y: v[k].y, z: z, u: v[k].u, v: v[k].v, rgba: rgba)
                }
            }
            vertexCount += n
        }
        for program in programs {
            begin(Pipe(program: program, blend: true, depthWrite: oneLayer, indexed: true, layered: oneLayer,
                       pattern: pattern, ramps: paint?.ramps))
            appendIndices(mesh, base: base)
            end()
        }
    }

    /// The mesh's triangles into the index stream, its vertices starting at `base` in their stream.
    func appendIndices(_ mesh: PathMesh, base: UInt32) {
        let m = mesh.indices.count
        reserveIndices(m)
        let out = indices + indexCount
        mesh.indices.withUnsafeBufferPointer { ix in
            for k in 0..<m { out[k] = base &+ ix[k] }
        }
        indexCount += m
    }

    /// Without 32-bit indices: the triangles written out vertex by vertex, in runs of their own.
    private func emitExpanded(_ mesh: PathMesh, z: Float, rgba: UInt32, programs: [Pipe.Program], oneLayer: Bool,
                              pattern: ImagePattern?, paint: GradientPaint?) {
        for program in programs {
            begin(Pipe(program: program, blend: true, depthWrite: oneLayer, layered: oneLayer, pattern: pattern,
                       ramps: paint?.ramps))
            if let paint {
                mesh.vertices.withUnsafeBufferPointer { v in
                    mesh.indices.withUnsafeBufferPointer { ix in
                        appendGradientVertices(v, indices: ix, z: z, rgba: rgba, paint: paint)
                    }
                }
                end()
                continue
            }
            let m = mesh.indices.count
            reserve(m)
            let o = vertices + vertexCount
            mesh.vertices.withUnsafeBufferPointer { v in
                mesh.indices.withUnsafeBufferPointer { ix in
                    for k in 0..<m {
                        let a = v[Int(ix[k])]
                        o[k] = Vertex(x: a.x, y: a.y, z: z, u: a.u, v: a.v, rgba: rgba)
                    }
                }
            }
            vertexCount += m
            end()
        }
    }
}
