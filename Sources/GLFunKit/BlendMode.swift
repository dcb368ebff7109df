/// How a layer is put onto what is under it (its backdrop): the Porter-Duff operators and the
/// blend modes of the W3C's Compositing and Blending Level 1 (CSS `mix-blend-mode`). Raw values
/// are the scene's names: CSS's for the blend modes, `src-over` and the like for Porter-Duff
/// (`normal` is read as `srcOver`). Blend modes mix straight colours, then go source-over.
public enum BlendMode: String, CaseIterable, Sendable {
    // Porter-Duff (the shader's modes 0-12, in this order).
    /// Nothing: source and backdrop are cleared.
    case clear
    /// The source alone.
    case src
    /// The backdrop alone.
    case dst
    /// The source over the backdrop: the default (`normal`).
    case srcOver = "src-over"
    /// The backdrop over the source.
    case dstOver = "dst-over"
    /// The source where the backdrop is.
    case srcIn = "src-in"
    /// The backdrop where the source is.
    case dstIn = "dst-in"
    /// The source where the backdrop is not.
    case srcOut = "src-out"
    /// The backdrop where the source is not.
    case dstOut = "dst-out"
    /// The source over the backdrop, only where the backdrop is.
    case srcAtop = "src-atop"
    /// The backdrop over the source, only where the source is.
    case dstAtop = "dst-atop"
    /// Each where the other is not.
    case xor
    /// The sum, clamped (`plus-lighter`).
    case plus
    // Separable blend modes (13-23).
    /// cb × cs.
    case multiply
    /// cb + cs - cb × cs.
    case screen
    /// Hard light with the layers swapped.
    case overlay
    /// min(cb, cs).
    case darken
    /// max(cb, cs).
    case lighten
    /// cb / (1 - cs), at most 1.
    case colorDodge = "color-dodge"
    /// 1 - (1 - cb) / cs, at least 0.
    case colorBurn = "color-burn"
    /// Multiply or screen by the source.
    case hardLight = "hard-light"
    /// The W3C's soft light (its D(cb) above 0.25).
    case softLight = "soft-light"
    /// |cb - cs|.
    case difference
    /// cb + cs - 2 cb cs.
    case exclusion
    // Non-separable blend modes (24-27).
    /// The source's hue, the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation, the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation, the backdrop's luminosity.
    case color
    /// The source's luminosity, the backdrop's hue and saturation.
    case luminosity

    /// The mode named `name` (a raw value, or `normal` for `srcOver`).
    public init?(name: String) {
        if name == "normal" { self = .srcOver } else if let m = BlendMode(rawValue: name) { self = m } else { return nil }
    }

    /// The shader's number for it (its place in `allCases`).
    var shaderMode: Int32 { Int32(BlendMode.allCases.firstIndex(of: self)!) }
}
