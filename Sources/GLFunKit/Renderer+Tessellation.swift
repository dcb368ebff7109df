import Dispatch
import GLFunGLES

/// Building the vertex buffer: shapes tessellated into runs of vertices that share GL state,
/// with the culling walk's hidden shapes left out and partly hidden ones cut to their visible pieces.
extension Renderer {

    // The capacity is checked before the buffers are passed inout: an inout access to a class's
    // property is checked for exclusivity at run time, and these are called a few times a shape.

    /// Room for `k` more vertices.
    @inline(__always)
    func reserve(_ k: Int) {
        guard vertexCount + k > vertexCapacity else { return }
        Renderer.grow(&vertices, count: vertexCount, capacity: &vertexCapacity, toFit: k)
    }

    /// Room for `k` more coverage vertices.
    @inline(__always)
    func reserveCoverage(_ k: Int) {
        guard coverageCount + k > coverageCapacity else { return }
        Renderer.grow(&coverageVertices, count: coverageCount, capacity: &coverageCapacity, toFit: k)
    }

    /// Room for `k` more indices.
    @inline(__always)
    func reserveIndices(_ k: Int) {
        guard indexCount + k > indexCapacity else { return }
        Renderer.grow(&indices, count: indexCount, capacity: &indexCapacity, toFit: k)
    }

    /// Doubles a buffer (at least) until `k` more elements fit after its `count`.
    static func grow<T>(_ buffer: inout UnsafeMutablePointer<T>, count: Int, capacity: inout Int, toFit k: Int) {
        guard count + k > capacity else { return }
        let cap = max(capacity * 2, count + k)
        let p = UnsafeMutablePointer<T>.allocate(capacity: cap)
        p.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = p
        capacity = cap
    }

    /// Starts (or goes on with) a run of `pipe` for the next vertices. With `reorder.item` set
    /// (the antialiased painter's pass), a shape whose run is not the last one's may join the
    /// one before it instead, drawn earlier than the last run's shapes: when its stream has had
    /// nothing added since and its bounds meet none of the last run's (so the pixels are the
    /// same): fringes and images, which alternate there, then take a draw call a few dozen
    /// shapes instead of one each.
    func begin(_ pipe: Pipe) {
        runIsOpen = true
        var n = runs.count
        // A run left empty gives way (a path's, whose mesh went on in a pipe of its own).
        if n > 0, runs[n - 1].count == 0, Int(runs[n - 1].first) == streamCount(runs[n - 1].pipe) {
            runs.removeLast()
            n -= 1
        }
        if n > 0 && runs[n - 1].pipe == pipe {
            openRun = n - 1
            reorder.joinedLast()
            return
        }
        if let box = reorder.item, n >= 2, runs[n - 2].pipe == pipe,
           Int(runs[n - 2].first + runs[n - 2].count) == streamCount(pipe), reorder.canPass(box) {
            openRun = n - 2
            return
        }
        runs.append(Run(pipe: pipe, first: Int32(streamCount(pipe)), count: 0))
        openRun = n
        reorder.startedRun()
    }

    func end() {
        runIsOpen = false
        runs[openRun].count = Int32(streamCount(runs[openRun].pipe)) - runs[openRun].first
    }

    /// How much of the stream `pipe` draws from is filled: indices, coverage vertices or vertices.
    @inline(__always)
    private func streamCount(_ pipe: Pipe) -> Int {
        if pipe.indexed { return indexCount }
        switch pipe.program.stream {
        case .vertices: return vertexCount
        case .coverage: return coverageCount
        case .gradient: return gradientCount
        }
    }


    /// Two triangles p0 p1 p2, p0 p2 p3: the order in which llvmpipe
    /// recognizes an axis-aligned pair as one rectangle.
    @inline(__always)
    func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float,
                      _ x3: Float, _ y3: Float, z: Float, uv: (Float, Float, Float, Float), rgba: UInt32) {
        reserve(6)
        let o = vertices + vertexCount
        let (u0, v0, u1, v1) = uv
        o[0] = Vertex(x: x0, y: y0, z: z, u: u0, v: v0, rgba: rgba)
        o[1] = Vertex(x: x1, y: y1, z: z, u: u1, v: v0, rgba: rgba)
        o[2] = Vertex(x: x2, y: y2, z: z, u: u1, v: v1, rgba: rgba)
        o[3] = o[0]
        o[4] = o[2]
        o[5] = Vertex(x: x3, y: y3, z: z, u: u0, v: v1, rgba: rgba)
        vertexCount += 6
    }

    @inline(__always)
    func emit(_ s: Shape, z: Float) {
        flushIfFull()
        let rgba = s.color.rgba8
        switch s.kind {
        case .line:
            let dx = s.to.x - s.from.x, dy = s.to.y - s.from.y
            let len = (dx * dx + dy * dy).squareRoot()
            if len == 0 { return }
            let nx = -dy / len * s.width / 2, ny = dx / len * s.width / 2
            quad(s.from.x + nx, s.from.y + ny, s.to.x + nx, s.to.y + ny, s.to.x - nx, s.to.y - ny,
                 s.from.x - nx, s.from.y - ny, z: z, uv: (0, 0, 0, 0), rgba: rgba)
        case .rect:
            quad(s.from.x, s.from.y, s.to.x, s.from.y, s.to.x, s.to.y, s.from.x, s.to.y, z: z, uv: (0, 0, 0, 0),
                 rgba: rgba)
        case .ellipse:
            quad(s.from.x, s.from.y, s.to.x, s.from.y, s.to.x, s.to.y, s.from.x, s.to.y, z: z, uv: (-1, -1, 1, 1),
                 rgba: rgba)
        case .image:
            guard let name = s.image, let t = textures[name] else { return }
            let w = Float(t.width), h = Float(t.height)
            let (l, top) = spriteOrigin(center: s.from, width: w, height: h, scale: scale)
            quad(l, top, l + w, top, l + w, top + h, l, top + h, z: z, uv: (0, 0, t.maxS, t.maxT), rgba: rgba)
        case .path:
            emitPath(s, z: z)
        }
    }

    func pipe(for s: Shape, depth: Bool) -> Pipe {
        switch s.kind {
        case .image:
            let t = s.image.flatMap { textures[$0] }
            return Pipe(program: t?.format == .a8 ? .alphaTexture : .texture, texture: t, blend: true,
                        depthWrite: false)
        case .ellipse:
            return Pipe(program: .ellipse, blend: !s.isOpaque, depthWrite: depth && s.isOpaque)
        case .line, .rect:
            return Pipe(program: .flat, blend: !s.isOpaque, depthWrite: depth && s.isOpaque)
        case .path:
            return Pipe(program: .path, blend: true, depthWrite: false, indexed: indexedPaths)
        }
    }

    /// The frame's pixels per point, pixel grid and window map, for `canvas` and `view`.
    func setFrameGeometry(_ canvas: Canvas) {
        scale = canvas.scale
        pixelGrid = PixelGrid(canvas: canvas, view: view)
        frameWindow = Renderer.windowToDocument(projection: projection(canvas), canvas: canvas)
    }

    /// Builds the frame's runs; `drawFlat` has set its geometry and prepared its opaque fills.
    func build(_ shapes: [Shape], canvas: Canvas, depth: Bool) {
        frameDepth = depth
        layerStep = 2 / Float(shapes.count + 1)
        layerDepth = 1 - layerStep
        vertexCount = 0
        indexCount = 0
        coverageCount = 0
        gradientCount = 0
        reorder = RunReordering()
        runs.removeAll(keepingCapacity: true)
        let n = shapes.count
        stats = FrameStats(shapes: n, usedDepth: depth)
        if n == 0 { return }
        shapes.withUnsafeBufferPointer { s in
            defer {
                fillMeshes.removeAll(keepingCapacity: true)
                fillCores.removeAll(keepingCapacity: true)
            }
            // The coverage walk works in canvas pixels: it needs shapes there (no view transform).
            if cullingEnabled && view.isIdentity {
                coverage.reset(width: canvas.pixelWidth, height: canvas.pixelHeight)
                coverage.cull(s, scale: canvas.scale, antialias: antialias, spriteSize: { [textures] name in
                    guard let t = textures[name] else { return (0, 0) }
                    return (Float(t.width), Float(t.height))
                }, pathCore: { i in self.fillCore(i) })
            } else {
                coverage.showAll(n)
            }
            let hid = coverage.hidden
            if antialias {
                buildAntialiased(s, hidden: hid, depth: depth)
                return
            }
            if !depth {
                for i in 0..<n where !hid[i] {
                    begin(pipe(for: s[i], depth: false))
                    emitVisible(s[i], i, z: 0)
                    end()
                }
                stats.culled = (0..<n).reduce(0) { $0 + (hid[$1] ? 1 : 0) }
                return
            }
            let step = rankDrawnShapes(n, hidden: hid)
            rank.withUnsafeBufferPointer { r in
                // Opaque fills, then opaque ellipses, each nearest first.
                begin(Pipe(program: .flat, blend: false, depthWrite: true))
                for i in stride(from: n - 1, through: 0, by: -1) where !hid[i] {
                    let k = s[i].kind
                    if (k == .rect || k == .line) && s[i].color.a >= 1 {
                        emitVisible(s[i], i, z: 1 - step * Float(r[i] + 1))
                    }
                }
                end()
                begin(Pipe(program: .ellipse, blend: false, depthWrite: true))
                for i in stride(from: n - 1, through: 0, by: -1) where !hid[i] {
                    if s[i].kind == .ellipse && s[i].color.a >= 1 {
                        emitVisible(s[i], i, z: 1 - step * Float(r[i] + 1))
                    }
                }
                end()
                // Then what blends, in painter's order, depth-tested against the opaque shapes.
                for i in 0..<n where !hid[i] && !s[i].isOpaque {
                    begin(pipe(for: s[i], depth: true))
                    emitVisible(s[i], i, z: 1 - step * Float(r[i] + 1))
                    end()
                }
            }
        }
    }

    /// Emits shape i whole, or only the pieces the coverage walk left visible.
    @inline(__always)
    func emitVisible(_ s: Shape, _ i: Int, z: Float) {
        let count = Int(coverage.pieceCount[i])
        if count == 0 {
            emit(s, z: z)
            return
        }
        flushIfFull()
        let first = Int(coverage.pieceFirst[i])
        let rgba = s.color.rgba8
        // The shape's own rect and texture-coordinate range, mapped linearly onto each piece.
        var x0 = min(s.from.x, s.to.x), x1 = max(s.from.x, s.to.x)
        var y0 = min(s.from.y, s.to.y), y1 = max(s.from.y, s.to.y)
        var uv: (Float, Float, Float, Float) = (-1, -1, 1, 1)
        if s.from.x > s.to.x { uv.0 = 1; uv.2 = -1 }
        if s.from.y > s.to.y { uv.1 = 1; uv.3 = -1 }
        if s.kind == .image {
            guard let name = s.image, let t = textures[name] else { return }
            (x0, y0) = spriteOrigin(center: s.from, width: Float(t.width), height: Float(t.height), scale: scale)
            x1 = x0 + Float(t.width)
            y1 = y0 + Float(t.height)
            uv = (0, 0, t.maxS, t.maxT)
        }
        let du = (uv.2 - uv.0) / (x1 - x0), dv = (uv.3 - uv.1) / (y1 - y0)
        for k in first..<(first + count) {
            let p = coverage.pieces[k]
            let pu = s.kind == .rect ? (Float(0), Float(0), Float(0), Float(0))
                : (uv.0 + (p.x0 - x0) * du, uv.1 + (p.y0 - y0) * dv, uv.0 + (p.x1 - x0) * du, uv.1 + (p.y1 - y0) * dv)
            quad(p.x0, p.y0, p.x1, p.y0, p.x1, p.y1, p.x0, p.y1, z: z, uv: pu, rgba: rgba)
        }
    }

    /// Numbers the shapes that are drawn (rank[i], later = higher) and returns the depth
    /// step: shape i is drawn at 1 - step × (rank[i] + 1) in clip space (later = nearer).
    func rankDrawnShapes(_ n: Int, hidden hid: UnsafeMutablePointer<Bool>) -> Float {
        if rank.count < n { rank = [Int32](repeating: 0, count: n) }
        var m: Int32 = 0
        rank.withUnsafeMutableBufferPointer { r in
            for i in 0..<n where !hid[i] {
                r[i] = m
                m += 1
            }
        }
        stats.culled = n - Int(m)
        return 2 / Float(m + 1)
    }
}
