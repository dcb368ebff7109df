/// A straight (non-premultiplied) RGBA color, each channel 0...1.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...1.
    public var r: Float
    /// Green, 0...1.
    public var g: Float
    /// Blue, 0...1.
    public var b: Float
    /// Alpha (opacity), 0...1.
    public var a: Float

    /// A color of red, green, blue and alpha, each 0...1 (opaque by default).
    public init(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The classic sample's palette and the scene format's names.
    public static let red = Color(1, 0, 0)
    /// Green.
    public static let green = Color(0, 1, 0)
    /// Blue.
    public static let blue = Color(0, 0, 1)
    /// Yellow.
    public static let yellow = Color(1, 1, 0)
    /// White.
    public static let white = Color(1, 1, 1)
    /// Black.
    public static let black = Color(0, 0, 0)
    /// Mid gray.
    public static let gray = Color(0.5, 0.5, 0.5)
    /// The sample's background: 0.76 gray.
    public static let background = Color(0.76, 0.76, 0.76)

    /// The names a scene may use for a color.
    public static let named: [String: Color] = [
        "red": .red, "green": .green, "blue": .blue, "yellow": .yellow,
        "white": .white, "black": .black, "gray": .gray, "grey": .gray,
    ]

    /// Parses "#rrggbb", "#rrggbbaa" or a name from `Color.named`.
    public init?(string s: String) {
        if let c = Color.named[s.lowercased()] {
            self = c
            return
        }
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9, let v = UInt32(s.dropFirst(), radix: 16) else {
            return nil
        }
        let hasAlpha = s.count == 9
        let rgba = hasAlpha ? v : (v << 8 | 0xff)
        self.init(Float(rgba >> 24 & 0xff) / 255, Float(rgba >> 16 & 0xff) / 255,
                  Float(rgba >> 8 & 0xff) / 255, Float(rgba & 0xff) / 255)
    }

    /// Whether the color covers what is under it completely.
    public var isOpaque: Bool { a >= 1 }

    /// Red, green and blue multiplied by alpha: what a framebuffer holds (its blending keeps
    /// it premultiplied), so what a clear must write. An opaque color is returned as it is.
    public var premultiplied: Color { isOpaque ? self : Color(r * a, g * a, b * a, a) }

    /// The color as 8-bit channels, rounded to nearest, packed RGBA in memory order.
    public var rgba8: UInt32 {
        func q(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 1) * 255 + 0.5) }
        return q(r) | q(g) << 8 | q(b) << 16 | q(a) << 24
    }

    /// The channels as `[r, g, b, a]`.
    public var description: String { "[\(r), \(g), \(b), \(a)]" }

    /// The color `weight` percent of the way from `from` to `to`, per channel
    /// `(to × w + from × (100 − w)) / 100`, alpha 1; `weight` is clamped to 0...100.
    ///
    /// The classic sample's tip: a control's color blended toward another by a setting's
    /// value (here the pen width preview's dot, darker as the pen gets wider).
    public static func blend(from: Color, to: Color, weight: Float) -> Color {
        let w = weight.isNaN ? 0 : min(max(weight, 0), 100)
        func mix(_ a: Float, _ b: Float) -> Float { (b * w + a * (100 - w)) / 100 }
        return Color(mix(from.r, to.r), mix(from.g, to.g), mix(from.b, to.b), 1)
    }

    /// The color `w` of the way from `self` to `other`, every channel straight (`a + (b - a) × w`,
    /// alpha too): how a gradient mixes the stops about a point of its ramp.
    func mixed(with other: Color, _ w: Float) -> Color {
        func mix(_ a: Float, _ b: Float) -> Float { a + (b - a) * w }
        return Color(mix(r, other.r), mix(g, other.g), mix(b, other.b), mix(a, other.a))
    }

    /// A color with random hue, full saturation-ish and alpha 1 (the sample's "Random").
    public static func random<G: RandomNumberGenerator>(using g: inout G) -> Color {
        Color(Float.random(in: 0...1, using: &g), Float.random(in: 0...1, using: &g), Float.random(in: 0...1, using: &g))
    }
}

/// A point in points, top-left origin, y down.
public struct Point: Equatable, Hashable, Sendable {
    /// Across, in points.
    public var x: Float
    /// Down, in points.
    public var y: Float
    /// The point (`x`, `y`).
    public init(_ x: Float, _ y: Float) {
        self.x = x
        self.y = y
    }
    /// The origin, (0, 0).
    public static let zero = Point(0, 0)
}
