import GLFunGLES

/// The frame's vertex streams in GL: the vertices (`Vertex`: flat shapes, images, paths), the
/// coverage program's (`CoverageVertex`) and the gradients' (`GradientVertex`), each in
/// its own buffer, and the indices of paths' triangles. A run draws from one of them
/// (`Pipe.Program.stream`); the same attribute locations are pointed at the stream in use.
extension Renderer {
    static let layout: [VertexAttribute] = [
        VertexAttribute(location: 0, components: 3, kind: .float, offset: MemoryLayout<Vertex>.offset(of: \.x)!),
        VertexAttribute(location: 1, components: 2, kind: .float, offset: MemoryLayout<Vertex>.offset(of: \.u)!),
        VertexAttribute(location: 2, components: 4, kind: .normalizedUnsignedByte,
                        offset: MemoryLayout<Vertex>.offset(of: \.rgba)!),
    ]

    static let coverageLayout: [VertexAttribute] = [
        VertexAttribute(location: 0, components: 3, kind: .float, offset: MemoryLayout<CoverageVertex>.offset(of: \.x)!),
        VertexAttribute(location: 1, components: 4, kind: .float, offset: MemoryLayout<CoverageVertex>.offset(of: \.u)!),
        VertexAttribute(location: 2, components: 4, kind: .normalizedUnsignedByte,
                        offset: MemoryLayout<CoverageVertex>.offset(of: \.rgba)!),
    ]

    /// Locations 3 to 6 are the fill's paint (`gradient`, `gradient1` ... in PathGradient.vsh).
    static let gradientLayout: [VertexAttribute] = [
        VertexAttribute(location: 0, components: 3, kind: .float, offset: MemoryLayout<GradientVertex>.offset(of: \.x)!),
        VertexAttribute(location: 1, components: 2, kind: .float, offset: MemoryLayout<GradientVertex>.offset(of: \.u)!),
        VertexAttribute(location: 2, components: 4, kind: .normalizedUnsignedByte,
                        offset: MemoryLayout<GradientVertex>.offset(of: \.rgba)!),
        VertexAttribute(location: 3, components: 4, kind: .float, offset: MemoryLayout<GradientVertex>.offset(of: \.g)!),
        VertexAttribute(location: 4, components: 4, kind: .float, offset: MemoryLayout<GradientVertex>.offset(of: \.h)!),
        VertexAttribute(location: 5, components: 4, kind: .float, offset: MemoryLayout<GradientVertex>.offset(of: \.k)!),
        VertexAttribute(location: 6, components: 4, kind: .float, offset: MemoryLayout<GradientVertex>.offset(of: \.l)!),
    ]

    /// The attribute names of every program, in location order.
    static let attributeNames = ["position", "texcoord", "color", "gradient", "gradient1", "gradient2", "gradient3"]

    /// Uploads the streams built so far and points the attributes at the vertex stream.
    func uploadStreams() throws(GLESError) {
        if coverageCount > 0 {
            coverageBuffer.upload(coverageVertices, count: coverageCount * MemoryLayout<CoverageVertex>.stride)
        }
        if gradientCount > 0 {
            gradientBuffer.upload(gradientVertices, count: gradientCount * MemoryLayout<GradientVertex>.stride)
        }
        buffer.upload(vertices, count: vertexCount * MemoryLayout<Vertex>.stride)
        try buffer.setLayout(Renderer.layout, stride: MemoryLayout<Vertex>.stride)
        if indexCount > 0 {
            indexBuffer.upload(UnsafeBufferPointer(start: indices, count: indexCount))
        }
        IndexBuffer.unbind()
    }

    /// Points the attributes at `stream` (from `old`): only the arrays that change; locations 3
    /// to 6 are turned off again when leaving the gradient stream.
    func bind(_ stream: Pipe.Program.Stream, after old: Pipe.Program.Stream) throws(GLESError) {
        let leaving = old == .gradient
        switch stream {
        case .vertices:
            try buffer.setLayout(Renderer.layout, stride: MemoryLayout<Vertex>.stride, disablingOthers: leaving)
        case .coverage:
            try coverageBuffer.setLayout(Renderer.coverageLayout, stride: MemoryLayout<CoverageVertex>.stride,
                                         disablingOthers: leaving)
        case .gradient:
            try gradientBuffer.setLayout(Renderer.gradientLayout, stride: MemoryLayout<GradientVertex>.stride,
                                         disablingOthers: false)
        }
    }

    /// The projection of a frame on `canvas`: document points (through the view) to clip space.
    func projection(_ canvas: Canvas) -> [Float] {
        let p = Projection.orthographic(width: canvas.width, height: canvas.height)
        return view.isIdentity ? p : multiply(p, view.matrix)
    }

    /// Room for `k` more gradient vertices.
    @inline(__always)
    func reserveGradient(_ k: Int) {
        guard gradientCount + k > gradientCapacity else { return }
        Renderer.grow(&gradientVertices, count: gradientCount, capacity: &gradientCapacity, toFit: k)
    }
}
