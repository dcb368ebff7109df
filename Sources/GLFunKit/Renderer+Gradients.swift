import GLFunGLES

/// Gradient paints (`Gradient`, `PathGradient.fsh`): the programs (`Renderer+Programs`, one a
/// kind of gradient), compiled when a frame first holds one (most never do); the paint at each
/// vertex (`Renderer+GradientStream`) and the ramps, rows of an atlas a spread (`RampAtlas`).
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
    /// Where a ramp of `spread` is read at t (`paintRamp`: scale, offset, and the range t is
    /// clamped to first: 0...1 for pad; +-65,536 periods otherwise, where a float still tells a
    /// ramp's texels apart, and a NaN becomes the low end, as clamp's did).
    static func rampReading(_ spread: GradientSpread) -> UniformValue {
        let n = Float(Renderer.rampWidth)
        return spread == .pad ? .vec4((n - 1) / n, 0.5 / n, 0, 1) : .vec4(1, 0, -65536, 65536)
    }

    /// A ramp's texels (RGBA, straight): the stops at i / (rampWidth - 1) padded, at
    /// (i + 1/2) / rampWidth repeated or reflected.
    static func rampBytes(_ stops: [GradientStop], spread: GradientSpread) -> [UInt8] {
        let g = Gradient(.linear(from: .zero, to: .zero), stops: stops)
        let n = Renderer.rampWidth
        var bytes: [UInt8] = []
        bytes.reserveCapacity(n * 4)
        for i in 0..<n {
            let at = spread == .pad ? Float(i) / Float(n - 1) : (Float(i) + 0.5) / Float(n)
            let c = g.color(at: at)
            for v in [c.r, c.g, c.b, c.a] { bytes.append(UInt8(min(max(v, 0), 1) * 255 + 0.5)) }
        }
        return bytes
    }
}
