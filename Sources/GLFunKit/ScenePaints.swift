import Foundation
import GLFunJSONText

// The scene format's paints and transforms (DESIGN.md "Scene document"): what the readers
// make of a `{"linear": ...}` or `{"radial": ...}` object, a transform, and their validation.

/// A paint object as read: its keys (exactly one is valid), and the gradient under it.
struct RawPaint {
    var keys: [String] = []
    var gradient: Field<RawGradient> = .missing
}

/// The object under "linear" or "radial".
struct RawGradient {
    var from: Field<[Double]> = .missing
    var to: Field<[Double]> = .missing
    var center: Field<[Double]> = .missing
    var radius: Field<Double> = .missing
    var focal: Field<[Double]> = .missing
    var focalRadius: Field<Double> = .missing
    var angle: Field<Double> = .missing
    var stops: Field<[RawStop]> = .missing
    var spread: Field<String> = .missing
    var transform: Field<RawTransform> = .missing
    /// An image paint's keys.
    var src: Field<String> = .missing
    var repetition: Field<String> = .missing
    var sampling: Field<String> = .missing
    var opacity: Field<Double> = .missing
    /// An image paint's own pixels: `width` x `height`, premultiplied RGBA in base64.
    var width: Field<Double> = .missing
    var height: Field<Double> = .missing
    var rgba: Field<String> = .missing
}

/// One of "stops": `{"offset": 0.5, "color": "red"}`.
struct RawStop {
    var isObject = true
    var offset: Field<Double> = .missing
    var color: Field<RawColor> = .missing
}

/// A transform: `[a, b, c, d, e, f]` or an SVG transform list.
enum RawTransform {
    case numbers([Double])
    case text(String)
}

extension Scene {
    /// The most stops a gradient may have.
    static let maxStops = 256
    /// The most lengths a dash pattern may have.
    static let maxDashes = 256

    /// A "fill" or "stroke": a colour or a paint object; nil when absent.
    static func paint(_ f: Field<RawColor>, _ path: String,
                      _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> Paint? {
        func fail(_ p: String, _ message: String) -> SceneError { report(p, message, .invalidValue) }
        guard case let .value(.paint(raw)) = f else {
            return try color(f, path, report).map { .solid($0) }
        }
        guard raw.keys.count == 1, let kind = raw.keys.first else {
            throw fail(path, "expected a colour or one paint, {\"linear\": {...}}, {\"radial\": {...}}, {\"conic\": {...}} or {\"image\": {...}}, not \(raw.keys.count) keys")
        }
        let at = path + "." + kind
        guard ["linear", "radial", "conic", "image"].contains(kind) else {
            throw fail(at, "unknown paint \(JSONText.excerpt(kind)) (expected linear, radial, conic or image)")
        }
        guard case let .value(g) = raw.gradient else { throw fail(at, "expected an object") }
        if kind == "image" { return try imagePaint(g, at, report) }
        func point(_ f: Field<[Double]>, _ key: String) throws(SceneError) -> Point? {
            switch f {
            case .missing: return nil
            case .invalid: throw fail(at + "." + key, "expected [x, y]")
            case let .value(v):
                guard v.count == 2 else { throw fail(at + "." + key, "expected [x, y]") }
                guard v.allSatisfy({ $0.isFinite && abs($0) <= Double(Scene.maxCoordinate) }) else {
                    throw fail(at + "." + key, "coordinates must be finite and within ±\(Int(Scene.maxCoordinate)), not \(v)")
                }
                return Point(Float(v[0]), Float(v[1]))
            }
        }
        func length(_ f: Field<Double>, _ key: String) throws(SceneError) -> Float? {
            switch f {
            case .missing: return nil
            case .invalid: throw fail(at + "." + key, "expected a number (finite, in range)")
            case let .value(v):
                guard v.isFinite, v >= 0, v <= Double(Scene.maxCoordinate) else {
                    throw fail(at + "." + key, "must be a number in [0, \(Int(Scene.maxCoordinate))], not \(v)")
                }
                return Float(v)
            }
        }
        let stops = try gradientStops(g.stops, at + ".stops", report)
        var spread = GradientSpread.pad
        switch g.spread {
        case .missing: break
        case .invalid: throw fail(at + ".spread", "expected \"pad\", \"repeat\" or \"reflect\"")
        case let .value(v):
            guard let s = GradientSpread(rawValue: v) else {
                throw fail(at + ".spread", "unknown spread \(JSONText.excerpt(v)) (expected pad, repeat or reflect)")
            }
            spread = s
        }
        let t = try transform(g.transform, at + ".transform", report) ?? .identity
        if kind == "linear" {
            guard let from = try point(g.from, "from") else { throw fail(at + ".from", "missing") }
            guard let to = try point(g.to, "to") else { throw fail(at + ".to", "missing") }
            return .gradient(.linear(from: from, to: to, stops: stops, spread: spread, transform: t))
        }
        guard let center = try point(g.center, "center") else { throw fail(at + ".center", "missing") }
        if kind == "conic" {
            var angle = 0.0
            switch g.angle {
            case .missing: break
            case .invalid: throw fail(at + ".angle", "expected a number of degrees")
            case let .value(v):
                guard v.isFinite, abs(v) <= Double(Scene.maxCoordinate) else {
                    throw fail(at + ".angle", "must be a number of degrees within ±\(Int(Scene.maxCoordinate)), not \(v)")
                }
                angle = v
            }
            return .gradient(.conic(center: center, angle: Float(angle * .pi / 180), stops: stops, spread: spread,
                                    transform: t))
        }
        guard let radius = try length(g.radius, "radius") else { throw fail(at + ".radius", "missing") }
        let focal = try point(g.focal, "focal") ?? center
        // The focal circle may be the larger (a two-point conical gradient, as SVG 2's fr).
        let focalRadius = try length(g.focalRadius, "focalRadius") ?? 0
        return .gradient(.radial(center: center, radius: radius, focal: focal, focalRadius: focalRadius,
                                 stops: stops, spread: spread, transform: t))
    }

    /// "stops": 1...`maxStops` objects, offsets 0...1 (each below the one before is raised to it, as SVG does).
    private static func gradientStops(_ f: Field<[RawStop]>, _ path: String,
                                      _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> [GradientStop] {
        func fail(_ p: String, _ message: String) -> SceneError { report(p, message, .invalidValue) }
        guard case let .value(list) = f else {
            if case .missing = f { throw fail(path, "missing") }
            throw fail(path, "expected an array of {\"offset\": 0...1, \"color\": ...}")
        }
        guard (1...maxStops).contains(list.count) else {
            throw fail(path, "a gradient has 1...\(maxStops) stops, not \(list.count)")
        }
        var stops: [GradientStop] = []
        for (i, s) in list.enumerated() {
            let at = path + "[\(i)]"
            guard s.isObject else { throw fail(at, "expected {\"offset\": 0...1, \"color\": ...}") }
            let offset: Double
            switch s.offset {
            case .missing: throw fail(at + ".offset", "missing")
            case .invalid: throw fail(at + ".offset", "expected a number 0...1")
            case let .value(v):
                guard v.isFinite, v >= 0, v <= 1 else { throw fail(at + ".offset", "must be a number 0...1, not \(v)") }
                offset = v
            }
            guard let c = try color(s.color, at + ".color", report) else { throw fail(at + ".color", "missing") }
            stops.append(GradientStop(Float(offset), c))
        }
        return stops
    }

    /// A "transform": `[a, b, c, d, e, f]` (SVG's matrix) or an SVG transform list; nil when absent.
    static func transform(_ f: Field<RawTransform>, _ path: String,
                          _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> Transform? {
        func fail(_ message: String) -> SceneError { report(path, message, .invalidValue) }
        switch f {
        case .missing: return nil
        case .invalid: throw fail("expected [a, b, c, d, e, f] or a transform list such as \"translate(10 20) rotate(30)\"")
        case let .value(.numbers(v)):
            guard v.count == 6 else { throw fail("expected [a, b, c, d, e, f], not \(v.count) numbers") }
            guard v.allSatisfy({ $0.isFinite && abs($0) <= Double(Scene.maxCoordinate) }) else {
                throw fail("numbers must be finite and within ±\(Int(Scene.maxCoordinate)), not \(v)")
            }
            return Transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        case let .value(.text(s)):
            do { return try Transform(svg: s) } catch { throw fail(error.description) }
        }
    }

    /// "dash" and "dashOffset" of a stroked shape: the pattern (empty: solid) and the offset.
    static func dash(_ r: RawShape, _ path: String,
                     _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> ([Float], Float) {
        func fail(_ key: String, _ message: String) -> SceneError { report(path + "." + key, message, .invalidValue) }
        var pattern: [Float] = []
        switch r.dash {
        case .missing: break
        case .invalid: throw fail("dash", "expected an array of lengths, [on, off, ...]")
        case let .value(v):
            guard v.count <= maxDashes else { throw fail("dash", "a dash pattern has at most \(maxDashes) lengths, not \(v.count)") }
            guard v.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Double(Scene.maxCoordinate) }) else {
                throw fail("dash", "lengths must be numbers in [0, \(Int(Scene.maxCoordinate))], not \(v)")
            }
            pattern = v.map(Float.init)
        }
        var offset: Float = 0
        switch r.dashOffset {
        case .missing: break
        case .invalid: throw fail("dashOffset", "expected a number (finite, in range)")
        case let .value(v):
            guard v.isFinite, abs(v) <= Double(Scene.maxCoordinate) else {
                throw fail("dashOffset", "must be a number within ±\(Int(Scene.maxCoordinate)), not \(v)")
            }
            offset = Float(v)
        }
        return (pattern, offset)
    }
}

extension Scene {
    /// `{"image": {"src": ..., "transform": ..., "repeat": ..., "sampling": ..., "opacity": ...}}`:
    /// a pattern of the named image (loaded as image shapes' are, relative to the scene), its
    /// pixel space placed by "transform" (default: pixel (0, 0) at the origin, one pixel a
    /// point); or of its own pixels, "width", "height" and "rgba" in place of "src" (what a
    /// scene writes for a pixel pattern: a colour emoji of its text).
    static func imagePaint(_ g: RawGradient, _ at: String,
                           _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> Paint {
        func fail(_ p: String, _ message: String) -> SceneError { report(at + "." + p, message, .invalidValue) }
        let source: ImagePattern.Source
        if case .missing = g.rgba {
            switch g.src {
            case .missing: throw fail("src", "missing")
            case .invalid: throw fail("src", "expected an image file name")
            case let .value(v):
                guard !v.isEmpty else { throw fail("src", "expected an image file name, not \"\"") }
                source = .image(v)
            }
        } else {
            guard case .missing = g.src else { throw fail("src", "an image paint has \"src\" or \"rgba\", not both") }
            source = try imagePixels(g, at, report)
        }
        var repetition = ImagePattern.Repetition.repeat
        switch g.repetition {
        case .missing: break
        case .invalid: throw fail("repeat", "expected \"none\", \"repeat-x\", \"repeat-y\", \"repeat\", \"reflect\" or \"pad\"")
        case let .value(v):
            guard let r = ImagePattern.Repetition(rawValue: v) else {
                throw fail("repeat", "unknown repeat \(JSONText.excerpt(v)) (expected none, repeat-x, repeat-y, repeat, reflect or pad)")
            }
            repetition = r
        }
        var sampling = ImagePattern.Sampling.linear
        switch g.sampling {
        case .missing: break
        case .invalid: throw fail("sampling", "expected \"nearest\", \"linear\" or \"cubic\"")
        case let .value(v):
            guard let s = ImagePattern.Sampling(rawValue: v) else {
                throw fail("sampling", "unknown sampling \(JSONText.excerpt(v)) (expected nearest, linear or cubic)")
            }
            sampling = s
        }
        let opacity = try Scene.opacity(g.opacity) { fail("opacity", $0) }
        let t = try transform(g.transform, at + ".transform", report) ?? .identity
        return .pattern(ImagePattern(source, transform: t, repetition: repetition, sampling: sampling, opacity: opacity))
    }

    /// An "opacity" (a group's, an image paint's): 0...1, default 1; `fail` makes the error of a
    /// message.
    static func opacity(_ f: Field<Double>, _ fail: (String) -> SceneError) throws(SceneError) -> Float {
        switch f {
        case .missing: return 1
        case .invalid: throw fail("expected a number from 0 to 1")
        case let .value(v):
            guard v.isFinite, v >= 0, v <= 1 else { throw fail("expected a number from 0 to 1, not \(v)") }
            return Float(v)
        }
    }

    /// An image paint's own pixels: "width" and "height" (whole, 1...`maxSide`, at most
    /// `maxPixels` in all) and "rgba", their premultiplied RGBA bytes, rows top first, in base64.
    private static func imagePixels(_ g: RawGradient, _ at: String,
                                    _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError)
        -> ImagePattern.Source {
        func fail(_ p: String, _ message: String) -> SceneError { report(at + "." + p, message, .invalidValue) }
        func side(_ f: Field<Double>, _ key: String) throws(SceneError) -> Int {
            guard case let .value(v) = f else { throw fail(key, "expected a whole number of pixels, 1...\(Scene.maxSide)") }
            guard v.isFinite, v >= 1, v <= Double(Scene.maxSide), v == v.rounded() else {
                throw fail(key, "must be a whole number of pixels, 1...\(Scene.maxSide), not \(v)")
            }
            return Int(v)
        }
        let w = try side(g.width, "width"), h = try side(g.height, "height")
        guard w * h <= Scene.maxPixels else { throw report(at, "\(w) x \(h) pixels is over \(Scene.maxPixels)", .tooLarge) }
        guard case let .value(text) = g.rgba, let data = Data(base64Encoded: text) else {
            throw fail("rgba", "expected the pixels' RGBA bytes in base64")
        }
        guard data.count == 4 * w * h else { throw fail("rgba", "expected \(4 * w * h) bytes (\(w) x \(h) RGBA), not \(data.count)") }
        let bytes = [UInt8](data)
        for i in stride(from: 0, to: bytes.count, by: 4) where max(bytes[i], bytes[i + 1], bytes[i + 2]) > bytes[i + 3] {
            throw fail("rgba", "pixel \(i / 4) is not premultiplied (a colour above its alpha)")
        }
        return .pixels(width: w, height: h, rgba: bytes)
    }
}
