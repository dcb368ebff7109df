import GLFunGLES

/// The box of every vertex a frame has drawn, in points (issue 34): where the frame may have
/// left pixels other than its background. On llvmpipe a clear is a pass over the whole target
/// (a 1280x720 one: about 1.1 M instructions and 0.45 ms of memory bandwidth, most of a
/// one-shape frame), so a frame drawn into a target that holds the same background outside
/// the last frame's box clears only that box when it is small (`SceneRenderer`).
struct DrawnBounds {
    var minX = Float.infinity, minY = Float.infinity
    var maxX = -Float.infinity, maxY = -Float.infinity
    /// The frame may have drawn anywhere: a layer's composite, a view transform.
    var whole = false

    /// Nothing drawn yet.
    var isEmpty: Bool { !whole && minX > maxX }

    @inline(__always)
    mutating func add(x: Float, y: Float) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    /// The box in the canvas's pixels (top-left origin), a pixel wider each side and clipped
    /// to the canvas; an empty rect when nothing was drawn, nil when anywhere.
    func pixelRect(_ canvas: Canvas) -> PixelRect? {
        if whole { return nil }
        if isEmpty { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let w = canvas.pixelWidth, h = canvas.pixelHeight
        let sx = Float(w) / canvas.width, sy = Float(h) / canvas.height
        func clamp(_ v: Float, _ hi: Int) -> Int { Int(min(max(v, 0), Float(hi))) }
        let x0 = clamp((minX * sx).rounded(.down) - 1, w), x1 = clamp((maxX * sx).rounded(.up) + 1, w)
        let y0 = clamp((minY * sy).rounded(.down) - 1, h), y1 = clamp((maxY * sy).rounded(.up) + 1, h)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension Renderer {
    /// Adds the streams' vertices, about to be drawn, to the frame's drawn box. Every shape but
    /// a layer's composite is drawn from these two streams (paths through the index stream's
    /// indices into the first), and a triangle covers no pixel outside its vertices' box.
    func noteDrawnVertices() {
        if drawn.whole { return }
        if !view.isIdentity { drawn.whole = true; return }
        var b = drawn
        for i in 0..<vertexCount { b.add(x: vertices[i].x, y: vertices[i].y) }
        for i in 0..<coverageCount { b.add(x: coverageVertices[i].x, y: coverageVertices[i].y) }
        for i in 0..<gradientCount { b.add(x: gradientVertices[i].x, y: gradientVertices[i].y) }
        drawn = b
    }

    /// Where the last frame drawn may have left pixels other than its background, in the
    /// target's pixels (top-left origin): an empty rect when it drew nothing, nil when it may
    /// have drawn anywhere (a layer, a view transform, a scissor of the caller's).
    func lastDrawnRect(_ canvas: Canvas) -> PixelRect? {
        scissor == nil ? drawn.pixelRect(canvas) : nil
    }

    /// A clear is cut to the last frame's box only when the box is at most 1/this of the target.
    static let partialClearShare = 6

    /// The frame's clear (`drawFlat`): the whole target, or, when the caller knows the target
    /// holds `background` everywhere outside `clearOnly` (`SceneRenderer`), that rect alone
    /// (the depth buffer, when the frame uses it, is cleared whole either way).
    func clearTarget(_ bg: Color, depth: Bool, state: DrawState) {
        // A scissored clear is a quad through the fragment stage, not llvmpipe's clear: about 5
        // times a whole clear's cost a pixel (a 1270x710 one 2.4 ms, the whole 1280x720 0.46 ms).
        let whole = state.viewportWidth * state.viewportHeight
        guard let rect = clearOnly, scissor == nil, rect.width * rect.height * Renderer.partialClearShare <= whole else {
            GL.clear(red: bg.r, green: bg.g, blue: bg.b, alpha: bg.a, depth: depth)
            return
        }
        if depth { GL.clearDepth() }
        if rect.width > 0 && rect.height > 0 {
            var part = state
            part.scissor = rect
            GL.apply(part, since: state)
            GL.clear(red: bg.r, green: bg.g, blue: bg.b, alpha: bg.a, depth: false)
            GL.apply(state, since: part)
        }
    }
}
