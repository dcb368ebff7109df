import GLFunGLES

/// Gradient paints (`Gradient`, `PathGradient.fsh`): the programs (`Renderer+Programs`, one a kind of
/// gradient), compiled when a frame first holds one (most never do), and per run the ramp on texture unit 0 and the paint's
/// uniforms. A run holds one gradient (`Pipe.gradient`), so shapes sharing a `Gradient` share
/// a call and others each take their own.
extension Renderer {
    /// Texels of a ramp: the stops sampled at i / (rampWidth - 1), mixed linearly between texels
    /// by the sampler (a hard stop is spread over 1/1023 of the ramp).
    static let rampWidth = 1024
    /// Ramps kept (by their stops) before the cache starts again.
    static let maxRamps = 64

    /// Binds `g`'s ramp on unit 0 (linear filter) and sets the paint's uniforms on `program`,
    /// which is in use.
    func setPaint(_ g: Gradient, program: ShaderProgram) throws(GLESError) {
        let ramp = try self.ramp(g.stops)
        ramp.bind(unit: 0)
        ramp.setFilter(.linear)
        let m = g.transform.inverted ?? Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        try program.set("paintX", .vec3(Float(m.a), Float(m.c), Float(m.tx)))
        try program.set("paintY", .vec3(Float(m.b), Float(m.d), Float(m.ty)))
        try program.set("paintSpread", .float(g.spread == .pad ? 0 : g.spread == .repeat ? 1 : 2))
        switch g.kind {
        case let .linear(from, to):
            let dx = Double(to.x - from.x), dy = Double(to.y - from.y)
            let len2 = dx * dx + dy * dy
            if len2 > 0 {
                try program.set("paintA", .vec4(from.x, from.y, Float(dx / len2), Float(dy / len2)))
            } else {
                // No length: the last stop everywhere (SVG). q is then (0, 0) and t = 1.
                try program.set("paintX", .vec3(0, 0, 0))
                try program.set("paintY", .vec3(0, 0, 0))
                try program.set("paintA", .vec4(-1, 0, 1, 0))
            }
        case let .radial(center, radius, focal, focalRadius):
            // SVG 2's two-point conical gradient (as Skia's): the focal circle may lie anywhere,
            // inside the end circle or not, and be the larger; outside the cone the two circles
            // sweep, nothing is painted (the shader's `inside`).
            let r = Double(max(radius, 0)), fr = Double(max(focalRadius, 0))
            let f = Vec(focal)
            // Both radii 0: the last stop everywhere (SVG's r = 0), not a cone of no width.
            let c = r == 0 && fr == 0 ? f : Vec(center)
            let cd = c - f, dr = r - fr
            let a = cd.dot(cd) - dr * dr
            try program.set("paintA", .vec4(Float(f.x), Float(f.y), Float(cd.x), Float(cd.y)))
            try program.set("paintB", .vec4(Float(fr), Float(dr), Float(a), 0))
        case let .conic(center, angle):
            try program.set("paintA", .vec4(center.x, center.y, angle.isFinite ? angle : 0, 0))
        }
    }

    /// The ramp texture of `stops`, made on first use.
    private func ramp(_ stops: [GradientStop]) throws(GLESError) -> Texture2D {
        if let t = ramps[stops] { return t }
        if ramps.count >= Renderer.maxRamps { ramps.removeAll() }
        let g = Gradient(.linear(from: .zero, to: .zero), stops: stops)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Renderer.rampWidth * 4)
        for i in 0..<Renderer.rampWidth {
            let c = g.color(at: Float(i) / Float(Renderer.rampWidth - 1))
            for v in [c.r, c.g, c.b, c.a] { bytes.append(UInt8(min(max(v, 0), 1) * 255 + 0.5)) }
        }
        let t = try Texture2D(context: context, rgba: bytes, width: Renderer.rampWidth, height: 1,
                              options: TextureOptions(filter: .linear, color: .keepStored))
        ramps[stops] = t
        return t
    }
}
