/// An image as a paint (nanovg's `nvgImagePattern`, Blend2D's `BLPattern`, SVG's `<pattern>`):
/// the image's pixel (i, j) covers the square [i, i+1] x [j, j+1] of its own space, which
/// `transform` takes to the space the path is drawn in; past the image it repeats (or not) per
/// `repetition`, and between texels it is sampled per `sampling`. The renderer multiplies it by
/// the path's coverage (`PathPattern.fsh`), so antialiasing stays what it is for every paint.
///
/// The image is pixels (premultiplied RGBA, top row first), a named image, or a drawing: shapes the
/// renderer draws into an offscreen image of `width` x `height` pixels (cleared transparent)
/// before the frame that uses it, once per renderer while the pattern lives (SVG's pattern
/// tile, drawn at the device scale). A final class, immutable: shapes hold one pointer to it.
public final class ImagePattern: Hashable, @unchecked Sendable {
    /// What is painted.
    public enum Source: Equatable, Sendable {
        /// Pixels: `width` x `height`, RGBA8, premultiplied, rows top first.
        case pixels(width: Int, height: Int, rgba: [UInt8])
        /// Shapes in pixels of the image (top-left origin), drawn once into it.
        case drawing([Shape], width: Int, height: Int)
        /// The picture of image shapes named so (`Renderer.setTexture(_:forImage:)`: straight
        /// alpha, as image shapes draw it); the scene's `{"image": {"src": ...}}`.
        case image(String)

        /// The image's size in pixels (nil for a named image: its texture's).
        public var size: (width: Int, height: Int)? {
            switch self {
            case let .pixels(w, h, _): return (w, h)
            case let .drawing(_, w, h): return (w, h)
            case .image: return nil
            }
        }
    }

    /// How the image goes on past its edges (CSS's background-repeat, plus reflect).
    public enum Repetition: String, Sendable, CaseIterable {
        /// Once: transparent past its edges.
        case none
        /// Repeated along x only.
        case repeatX = "repeat-x"
        /// Repeated along y only.
        case repeatY = "repeat-y"
        /// Repeated both ways (SVG's pattern).
        case `repeat`
        /// Repeated both ways, every other copy mirrored.
        case reflect
        /// Not repeated: the edge texels go on (clamp to edge; SVG's `<image>`, whose edges stay sharp).
        case pad
    }

    /// How a pixel between texel centres is coloured.
    public enum Sampling: String, Sendable, CaseIterable {
        /// The texel the point falls in.
        case nearest
        /// Bilinear, across the repeat's seams as the repetition wraps.
        case linear
        /// Bicubic (Mitchell-Netravali, B = C = 1/3: the filter resvg and Skia scale images
        /// with), 4 x 4 texels, wrapped as `linear`'s.
        case cubic
    }

    /// The image.
    public let source: Source
    /// From the image's pixel space to the drawing's.
    public let transform: Transform
    /// Past the edges.
    public let repetition: Repetition
    /// Between texels.
    public let sampling: Sampling
    /// Multiplies the image's alpha (0...1).
    public let opacity: Float
    /// A layer's plane (`LayerPlanes`), read at each pixel's own window position: the renderer's own.
    let isLayerPlane: Bool
    /// The pattern this one was made from by `transformed(by:)` or `withOpacity(_:)` (nil: none):
    /// the same image, so the renderer makes one texture for all of them (`imageKey`), and a
    /// glyph's picture placed a thousand times is one texture, not a thousand.
    let imageOwner: ImagePattern?

    /// The identity of the pattern whose image this one draws (the renderer's texture key).
    var imageKey: ObjectIdentifier { ObjectIdentifier(imageOwner ?? self) }

    /// A pattern of `source` placed by `transform`.
    public init(_ source: Source, transform: Transform = .identity, repetition: Repetition = .repeat,
                sampling: Sampling = .linear, opacity: Float = 1) {
        self.source = source
        self.transform = transform
        self.repetition = repetition
        self.sampling = sampling
        self.opacity = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        isLayerPlane = false
        imageOwner = nil
    }

    /// `owner`'s image with other settings (`transformed(by:)`, `withOpacity(_:)`).
    private init(_ owner: ImagePattern, transform: Transform, opacity: Float) {
        source = owner.source
        self.transform = transform
        repetition = owner.repetition
        sampling = owner.sampling
        self.opacity = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        isLayerPlane = owner.isLayerPlane
        imageOwner = owner.imageOwner ?? owner
    }

    /// The pattern whose image is a layer plane of `width` x `height` pixels, on a canvas of
    /// `scale` pixels a point: each pixel of the plane at its own pixel.
    init(layerPlaneWidth width: Int, height: Int, scale: Float) {
        source = .drawing([], width: width, height: height)
        transform = .scale(1 / Double(scale))
        repetition = .none
        sampling = .nearest
        opacity = 1
        isLayerPlane = true
        imageOwner = nil
    }

    /// The same pattern with `t` applied after its own transform (how a drawing context puts
    /// it in document points).
    public func transformed(by t: Transform) -> ImagePattern {
        if t == .identity { return self }
        // A layer plane moved is a plain picture of it, as it always was; any other shares its image.
        if isLayerPlane {
            return ImagePattern(source, transform: t.concatenating(transform), repetition: repetition, sampling: sampling,
                                opacity: opacity)
        }
        return ImagePattern(self, transform: t.concatenating(transform), opacity: opacity)
    }

    /// The same pattern with its opacity multiplied by `o`.
    public func withOpacity(_ o: Float) -> ImagePattern {
        if o == 1 { return self }
        if isLayerPlane {
            return ImagePattern(source, transform: transform, repetition: repetition, sampling: sampling, opacity: opacity * o)
        }
        return ImagePattern(self, transform: transform, opacity: opacity * o)
    }

    /// Whether every pixel it paints is opaque: never assumed (an image's pixels are not looked at).
    public var isOpaque: Bool { false }

    /// Equal when source, transform, repetition, sampling and opacity are.
    public static func == (a: ImagePattern, b: ImagePattern) -> Bool {
        a === b || (a.transform == b.transform && a.repetition == b.repetition && a.sampling == b.sampling
            && a.opacity == b.opacity && a.source == b.source)
    }

    /// Hashes the size, transform and settings (not the pixels).
    public func hash(into h: inout Hasher) {
        h.combine(source.size?.width ?? -1)
        h.combine(source.size?.height ?? -1)
        h.combine(transform)
        h.combine(repetition)
        h.combine(sampling)
        h.combine(opacity)
    }
}
