import GLFunGLES

/// A gradient ramp's texture, by what it holds: the stops, and how it spreads them.
struct RampKey: Hashable {
    var stops: [GradientStop]
    var spread: GradientSpread
}

/// Gradient paints (`Gradient`, `PathGradient.fsh`): the programs (`Renderer+Programs`, one a kind of
/// gradient), compiled when a frame first holds one (most never do), and per run the ramp on texture unit 0 and the paint's
/// uniforms. A run holds one gradient (`Pipe.gradient`), so shapes sharing a `Gradient` share
/// a call and others each take their own.
///
/// The ramp spreads the gradient past its ends by its wrap mode, so the shader has no branch
/// for it (llvmpipe would run every branch at every pixel): a padded ramp holds the stops at
/// i / (rampWidth - 1), clamped to its edges and read at t (rampWidth - 1) / rampWidth +
/// 1 / (2 rampWidth), so t = 0 and t = 1 fall on the end texels' centres; a repeated or
/// reflected one holds them at (i + 1/2) / rampWidth, read at t itself with GL_REPEAT or
/// GL_MIRRORED_REPEAT (one period of t a texture's width; rampWidth is a power of two, as ES 2
/// wants for those modes).
extension Renderer {
    /// The map from a target's window pixels (gl_FragCoord: origin bottom left, pixel centres at
    /// halves) to document points, for `projection` (document points to clip space, the view
    /// included) over a viewport of the canvas's pixels.
    static func windowToDocument(projection m: [Float], canvas: Canvas) -> Transform {
        let hw = Double(canvas.pixelWidth) / 2, hh = Double(canvas.pixelHeight) / 2
        let toWindow = Transform(a: Double(m[0]) * hw, b: Double(m[1]) * hh, c: Double(m[4]) * hw,
                                 d: Double(m[5]) * hh, tx: (Double(m[12]) + 1) * hw, ty: (Double(m[13]) + 1) * hh)
        return toWindow.inverted ?? Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// Texels of a ramp, mixed linearly between texels by the sampler (a hard stop is spread
    /// over one texel).
    static let rampWidth = 1024
    /// Ramps kept (by their stops and spread, `RampKey`) before the cache starts again.
    static let maxRamps = 64

    /// Binds `g`'s ramp on unit 0 (linear filter) and sets the paint's uniforms on `program`,
    /// which is in use: paintX and paintY map the pixel's window position (gl_FragCoord) to the
    /// gradient's space, through `window` (window pixels to document points).
    func setPaint(_ g: Gradient, program: ShaderProgram, window: Transform) throws(GLESError) {
        let ramp = try self.ramp(RampKey(stops: g.stops, spread: g.spread))
        ramp.bind(unit: 0)
        ramp.setFilter(.linear)
        let m = g.transform.inverted?.concatenating(window) ?? Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        try program.set("paintX", .vec3(Float(m.a), Float(m.c), Float(m.tx)))
        try program.set("paintY", .vec3(Float(m.b), Float(m.d), Float(m.ty)))
        try program.set("paintRamp", Renderer.rampReading(g.spread))
        switch g.kind {
        case .linear:
            break  // drawn from the gradient stream (`Renderer+LinearGradients`)
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

    /// Where a ramp of `spread` is read at t (`paintRamp`: scale, offset, and the range t is
    /// clamped to first: 0...1 for pad; +-65,536 periods otherwise, where a float still tells a
    /// ramp's texels apart, and a NaN becomes the low end, as clamp's did).
    static func rampReading(_ spread: GradientSpread) -> UniformValue {
        let n = Float(Renderer.rampWidth)
        return spread == .pad ? .vec4((n - 1) / n, 0.5 / n, 0, 1) : .vec4(1, 0, -65536, 65536)
    }

    /// The ramp texture of `key`, made on first use.
    private func ramp(_ key: RampKey) throws(GLESError) -> Texture2D {
        if let t = ramps[key] { return t }
        if ramps.count >= Renderer.maxRamps { ramps.removeAll() }
        let t = try Texture2D(context: context, rgba: Renderer.rampBytes(key), width: Renderer.rampWidth, height: 1,
                              options: TextureOptions(filter: .linear, color: .keepStored, wrap: key.spread.wrap))
        ramps[key] = t
        return t
    }

    /// A ramp's texels (RGBA, straight): the stops at i / (rampWidth - 1) padded, at
    /// (i + 1/2) / rampWidth repeated or reflected.
    static func rampBytes(_ key: RampKey) -> [UInt8] {
        let g = Gradient(.linear(from: .zero, to: .zero), stops: key.stops)
        let n = Renderer.rampWidth
        var bytes: [UInt8] = []
        bytes.reserveCapacity(n * 4)
        for i in 0..<n {
            let at = key.spread == .pad ? Float(i) / Float(n - 1) : (Float(i) + 0.5) / Float(n)
            let c = g.color(at: at)
            for v in [c.r, c.g, c.b, c.a] { bytes.append(UInt8(min(max(v, 0), 1) * 255 + 0.5)) }
        }
        return bytes
    }
}
