import Dispatch

/// Opaque antialiased fills in the opaque pass, as rects and ellipses are (`Renderer+Antialias`):
/// a fill painted opaque everywhere (a solid colour of alpha 1, or a gradient whose stops are
/// opaque and which paints every pixel) has a core, a few rectangles of pixels it covers
/// completely (`PathCoverage.coreRects`, `PathMesh.core`). In a frame with the depth pass the
/// core is drawn front to back with the other opaque cores, unblended, with depth writes (a
/// solid fill's by the flat program, a gradient's by its kind's `Opaque` program); then the fill
/// itself (its mask or its quads), in painter's order at the same depth, paints only the pixels
/// the core and later opaque shapes leave. The culling walk counts the core's pixels as covered,
/// so that shapes under it are not drawn at all. A core every pixel of the fill is in (a
/// rectangle on whole pixels) is all that is drawn of it.
///
/// The picture is the painter's-order picture: a core pixel is one the fill covers fully, and
/// an opaque paint at coverage 1 blended is the paint itself; a gradient's paint at a pixel is
/// worked out from the pixel's window position (`PathGradient.fsh`), the same whichever
/// triangle draws it.
extension Renderer {
    /// Whether this frame's fills may come as masks (`PathShape.mesh`'s `masks`): masks are on and
    /// the paths' triangles are indexed.
    var meshMasks: Bool { pathMasks && indexedPaths }

    /// Whether `s` is an antialiased fill painted opaque everywhere (its core may be drawn in
    /// the opaque pass).
    func isOpaqueFill(_ s: Shape) -> Bool {
        guard s.kind == .path, antialias, s.color.a >= 1, let p = s.pathShape, !p.aliased, p.given == nil, case .fill = p.paint
        else { return false }
        if let g = s.gradient { return g.isOpaqueEverywhere }
        return s.pattern == nil
    }

    /// The triangles (or mask) `s`, a path shape, is drawn with in this frame; an opaque
    /// fill's with its core.
    /// `dashRoute`: a dashed stroke may be dashed by the shader (`Renderer+Dashes`).
    func pathMesh(_ s: Shape, _ p: PathShape, dashRoute: Bool = false) -> PathMesh {
        // An aliased shape in an antialiased frame (crispEdges): as resvg draws it unsmoothed.
        p.aliased && antialias
            ? PathTessellator.crispMesh(p.path, paint: p.paint, pixel: pixelInPoints)
            : p.mesh(grid: pixelGrid, pixel: pixelInPoints, antialias: antialias, keep: keepsPathMeshes,
                     masks: meshMasks, core: isOpaqueFill(s), dashRoute: dashRoute)
    }

    /// Before an antialiased frame's depth choice and culling walk: the meshes of its opaque
    /// fills, kept for the frame in `fillMeshes` (the choice counts their cores, the walk
    /// covers with them, both passes draw them). A frame drawn once keeps no mesh in its paths,
    /// so the frame's hold them all at once: past `fillMeshBytes` of them, only a fill's core is
    /// kept and its mesh is made again when it is drawn (a document of thousands of big curved
    /// fills holds at most that much more than before, whatever it claims).
    func prepareOpaqueFills(_ s: UnsafeBufferPointer<Shape>) {
        fillMeshes.removeAll(keepingCapacity: true)
        fillCores.removeAll(keepingCapacity: true)
        guard antialias, s.contains(where: { isOpaqueFill($0) }) else { return }
        fillMeshes.append(contentsOf: repeatElement(nil, count: s.count))
        fillCores.append(contentsOf: repeatElement([], count: s.count))
        let grid = pixelGrid, masks = meshMasks
        var bytes = 0
        var pending: [Int] = []
        // The meshes not kept from the frame before are made a batch at a time (`meshes`), then
        // kept in order within the bound.
        func settle() {
            for (i, m) in zip(pending, meshes(pending.map { s[$0].pathShape! })) {
                if !keepsPathMeshes {
                    bytes += m.byteCount + (m.mask.map { $0.bytes.count } ?? 0)
                    if bytes > fillMeshBytes {
                        var core = PathMesh()
                        core.core = m.core
                        core.coreIsWhole = m.coreIsWhole
                        core.coreOnly = true
                        keepFillMesh(core, at: i)
                        continue
                    }
                }
                keepFillMesh(m, at: i)
            }
            pending.removeAll(keepingCapacity: true)
        }
        for i in s.indices where isOpaqueFill(s[i]) {
            guard let p = s[i].pathShape else { continue }
            if keepsPathMeshes, let m = p.keptMesh(grid: grid, masks: masks, core: true) {
                keepFillMesh(m, at: i)
                continue
            }
            pending.append(i)
            if pending.count == Renderer.meshBatch { settle() }
        }
        if !pending.isEmpty { settle() }
    }

    /// Keeps `m` as shape i's mesh for the frame, and its core apart (`fillCores`: the culling
    /// walk, the depth choice and the opaque pass ask for it shape by shape).
    private func keepFillMesh(_ m: PathMesh, at i: Int) {
        fillCores[i] = m.core
        fillMeshes[i] = m
    }

    /// How many opaque fills' meshes are made at once (the frame's bound on their bytes is
    /// checked between batches); those kept from the frame before are taken one by one.
    static let meshBatch = 64

    /// The opaque fills' meshes of `paths` (their cores with them), in order, made on two
    /// threads when there are two or more: a path's exact coverage is most of a one-shot frame
    /// of many curved fills (an SVG map), and the rasterizer's threads wait for it. Each mesh is
    /// its path's alone (the path's cache is locked), so the meshes are those made one by one.
    private func meshes(_ paths: [PathShape]) -> [PathMesh] {
        let grid = pixelGrid, pixel = pixelInPoints, keep = keepsPathMeshes, masks = meshMasks
        @Sendable func mesh(_ p: PathShape) -> PathMesh {
            p.mesh(grid: grid, pixel: pixel, antialias: true, keep: keep, masks: masks, core: true)
        }
        guard paths.count > 1 else { return paths.map(mesh) }
        var out = [PathMesh](repeating: PathMesh(), count: paths.count)
        out.withUnsafeMutableBufferPointer { buffer in
            let slots = MeshSlots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                var k = worker
                while k < paths.count {
                    slots.base[k] = mesh(paths[k])
                    k += 2
                }
            }
        }
        return out
    }

    /// Shape i's core, when it is an opaque fill with one in this frame.
    @inline(__always)
    func fillCore(_ i: Int) -> [PathMesh.CoreQuad]? {
        fillHasCore(i) ? fillCores[i] : nil
    }

    /// Whether shape i is an opaque fill with a core in this frame (`fillCore(i) != nil`,
    /// without copying the mesh out).
    @inline(__always)
    func fillHasCore(_ i: Int) -> Bool {
        i < fillCores.count && !fillCores[i].isEmpty
    }

    /// The programs opaque fills' cores are drawn with, in the order the opaque pass takes them.
    static let fillCorePrograms: [Pipe.Program] = [.flat, .linearOpaque, .radialOpaque, .conicOpaque]

    /// The program `s`'s core is drawn with: flat for a solid colour, else its gradient's kind's.
    @inline(__always)
    func fillCoreProgram(_ s: Shape) -> Pipe.Program {
        s.gradient.map { Pipe.Program.path($0, nil, .opaque) } ?? .flat
    }

    /// Draws `mesh`'s core quads at `z` in the opaque pass.
    func emitFillCore(_ s: Shape, _ core: [PathMesh.CoreQuad], z: Float) {
        let gradient = s.gradient
        let program = fillCoreProgram(s)
        let paint = gradient.map { gradientPaint($0) }
        begin(Pipe(program: program, blend: false, depthWrite: true, ramps: paint?.ramps))
        // A gradient's colour comes from its ramp; its vertices carry only the opacity, 1.
        let rgba = gradient == nil ? s.color.rgba8 : Color(1, 1, 1, 1).rgba8
        for q in core {
            paintedQuad(q.p0.x, q.p0.y, q.p1.x, q.p1.y, q.p2.x, q.p2.y, q.p3.x, q.p3.y, z: z, uv: (0, 0, 0, 0),
                        rgba: rgba, paint: paint)
        }
        end()
    }

    /// Shape i, a path, in the painter's pass: all of it, unless its core is all of it and was drawn.
    func emitFillRest(_ s: Shape, _ i: Int, z: Float, coreDrawn: Bool) {
        guard i < fillMeshes.count, let m = fillMeshes[i] else { return emitPath(s, z: z) }
        if coreDrawn && m.coreIsWhole { return }
        emitPath(s, z: z, mesh: m.coreOnly ? nil : m)
    }
}

/// Where the mesh workers write: each its own slots of one array (`Renderer.meshes`).
private struct MeshSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<PathMesh>
}
