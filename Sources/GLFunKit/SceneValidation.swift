import Foundation
import GLFunJSONText

// Reading a scene is two steps shared by both ways in: the JSON becomes "raw" values that
// say only what each key held (nothing, the wrong kind of JSON, or a value), and one
// validator turns those into a `Scene` or an error naming the key path. `SceneReader` makes
// the raw values straight from the bytes; `Decodable` makes them through a Decoder.

/// What one key of the document held.
enum Field<T> {
    case missing
    /// Present, but not the JSON kind this key takes.
    case invalid
    case value(T)

    init(_ v: T?, present: Bool) {
        self = v.map { .value($0) } ?? (present ? .invalid : .missing)
    }
}

enum RawColor {
    case name(String)
    case numbers([Double])
    /// An object: a paint (`{"linear": ...}`), where a paint may stand (`RawPaint`).
    case paint(RawPaint)
}

struct RawShape {
    var isObject = true
    var type: Field<String> = .missing
    var from: Field<[Double]> = .missing
    var to: Field<[Double]> = .missing
    var at: Field<[Double]> = .missing
    var color: Field<RawColor> = .missing
    var width: Field<Double> = .missing
    var image: Field<String> = .missing
    var d: Field<String> = .missing
    var fill: Field<RawColor> = .missing
    var stroke: Field<RawColor> = .missing
    var join: Field<String> = .missing
    var cap: Field<String> = .missing
    var rule: Field<String> = .missing
    var miterLimit: Field<Double> = .missing
    var dash: Field<[Double]> = .missing
    var dashOffset: Field<Double> = .missing
    var transform: Field<RawTransform> = .missing
    /// A group's shapes (`"type": "group"`).
    var children: Field<[RawShape]> = .missing
    /// A group's layer keys (`SceneGroups`).
    var opacity: Field<Double> = .missing
    var blend: Field<String> = .missing
    var clip: Field<RawClip> = .missing
    var mask: Field<RawMask> = .missing
    /// A text's keys (`SceneText`).
    var text: Field<String> = .missing
    var font: Field<RawFont> = .missing
    var align: Field<String> = .missing
    var baseline: Field<String> = .missing
    var maxWidth: Field<Double> = .missing
    var direction: Field<String> = .missing
}

struct RawScene {
    var version: Field<Double> = .missing
    var width: Field<Double> = .missing
    var height: Field<Double> = .missing
    var scale: Field<Double> = .missing
    var background: Field<RawColor> = .missing
    var antialias: Field<Bool> = .missing
    var shapes: Field<[RawShape]> = .missing
    /// The shapes as `SceneReader` made them, one raw shape at a time (the raw shapes of a
    /// million-shape scene took 250 MB): used instead of `shapes` when present.
    var madeShapes: Field<MadeShapes> = .missing
}

/// Shapes made as a reader goes (`SceneReader`): what the validator would make of the raw
/// shapes, in order, stopping at the first error (kept, and thrown after the document's other
/// keys are checked, so the errors come in the order the validator gives them) or past
/// `Scene.maxShapes`.
struct MadeShapes {
    /// What the shapes drew (groups' transforms applied).
    var context = GraphicsContext()
    var shapes: [Shape] { context.shapes }
    /// How many shapes the array held.
    var count = 0
    var firstError: SceneError?

    /// The next raw shape of the array, made into shapes unless an error or the limit came first.
    mutating func add(_ r: RawShape) {
        defer { count += 1 }
        guard firstError == nil, count < Scene.maxShapes else { return }
        do {
            try Scene.appendShapes(r, "shapes[\(count)]", to: &context) { SceneError(path: $0, message: $1, kind: $2) }
        } catch {
            firstError = error
            context = GraphicsContext()
        }
    }
}

// MARK: - Validation (one place for both readers)

extension Scene {
    init(validating raw: RawScene, pathPrefix: String = "") throws(SceneError) {
        func fail(_ path: String, _ message: String, _ kind: SceneError.Kind = .invalidValue) -> SceneError {
            let full = pathPrefix.isEmpty ? path : (path.isEmpty ? pathPrefix : pathPrefix + "." + path)
            return SceneError(path: full, message: message, kind: kind)
        }
        func number(_ f: Field<Double>, _ key: String) throws(SceneError) -> Double? {
            switch f {
            case .missing: return nil
            case .invalid: throw fail(key, "expected a number (finite, in range)")
            case let .value(v):
                guard v.isFinite else { throw fail(key, "expected a number (finite, in range)") }
                return v
            }
        }
        func integer(_ f: Field<Double>, _ key: String) throws(SceneError) -> Int? {
            guard let v = try number(f, key) else { return nil }
            guard v == v.rounded(), abs(v) < 1e9 else { throw fail(key, "expected a whole number, not \(v)") }
            return Int(v)
        }
        let version = try integer(raw.version, "version") ?? Scene.currentVersion
        guard version == Scene.currentVersion else {
            throw fail("version", "unsupported version \(version) (this glfun reads version \(Scene.currentVersion))")
        }
        guard let width = try integer(raw.width, "width") else { throw fail("width", "missing") }
        guard let height = try integer(raw.height, "height") else { throw fail("height", "missing") }
        guard (1...Scene.maxSide).contains(width) else { throw fail("width", "must be 1...\(Scene.maxSide), not \(width)") }
        guard (1...Scene.maxSide).contains(height) else { throw fail("height", "must be 1...\(Scene.maxSide), not \(height)") }
        let scale = Float(try number(raw.scale, "scale") ?? 1)
        guard scale >= 0.25, scale <= 8 else { throw fail("scale", "must be 0.25...8, not \(scale)") }
        if let why = Scene.pixelSizeProblem(width: width, height: height, scale: scale) {
            throw fail("", why, .tooLarge)
        }
        self.init(width: width, height: height, scale: scale)
        self.version = version
        if let bg = try Scene.color(raw.background, "background", fail) { background = bg }
        switch raw.antialias {
        case .missing: break
        case .invalid: throw fail("antialias", "expected true or false")
        case let .value(v): antialias = v
        }
        if case let .value(made) = raw.madeShapes {
            guard made.count <= Scene.maxShapes else {
                throw fail("shapes", "\(made.count) shapes; a scene may have at most \(Scene.maxShapes)", .tooLarge)
            }
            if let error = made.firstError { throw error }
            shapes = made.shapes
            return
        }
        if case .invalid = raw.madeShapes { throw fail("shapes", "expected an array") }
        switch raw.shapes {
        case .missing: break
        case .invalid: throw fail("shapes", "expected an array")
        case let .value(list):
            guard list.count <= Scene.maxShapes else {
                throw fail("shapes", "\(list.count) shapes; a scene may have at most \(Scene.maxShapes)", .tooLarge)
            }
            var context = GraphicsContext()
            for (i, r) in list.enumerated() {
                try Scene.appendShapes(r, "shapes[\(i)]", to: &context, fail)
            }
            shapes = context.shapes
        }
    }

    static func color(_ f: Field<RawColor>, _ path: String,
                              _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> Color? {
        func fail(_ path: String, _ message: String) -> SceneError { report(path, message, .invalidValue) }
        switch f {
        case .missing: return nil
        case .invalid, .value(.paint):
            throw fail(path, "expected [r, g, b, a] with numbers 0...1, \"#rrggbb\" or a color name")
        case let .value(.name(s)):
            guard let c = Color(string: s) else {
                throw fail(path, "unknown color \(JSONText.excerpt(s)) (use #rrggbb, #rrggbbaa, [r, g, b, a] or one of "
                           + Color.named.keys.sorted().joined(separator: ", ") + ")")
            }
            return c
        case let .value(.numbers(v)):
            guard v.count == 3 || v.count == 4 else {
                throw fail(path, "expected [r, g, b, a] with numbers 0...1, \"#rrggbb\" or a color name")
            }
            guard v.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
                throw fail(path, "color channels must be numbers 0...1, not \(v)")
            }
            return Color(Float(v[0]), Float(v[1]), Float(v[2]), v.count == 4 ? Float(v[3]) : 1)
        }
    }
}

// MARK: - Decodable

extension Scene: Decodable {
    private enum Keys: String, CodingKey { case version, width, height, scale, background, antialias, shapes }

    /// Decodes the scene format with any Decoder; errors are `SceneError`s naming the key path.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        var raw = RawScene()
        raw.version = Scene.field(c, .version, Double.self)
        raw.width = Scene.field(c, .width, Double.self)
        raw.height = Scene.field(c, .height, Double.self)
        raw.scale = Scene.field(c, .scale, Double.self)
        raw.background = Scene.colorField(c, .background)
        raw.antialias = Scene.field(c, .antialias, Bool.self)
        if c.contains(.shapes) {
            if var list = try? c.nestedUnkeyedContainer(forKey: .shapes) {
                raw.shapes = .value(Scene.decodeShapes(&list))
            } else {
                raw.shapes = .invalid
            }
        }
        try self.init(validating: raw, pathPrefix: keyPath(decoder.codingPath))
    }

    struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    static func field<K: CodingKey, T: Decodable>(_ c: KeyedDecodingContainer<K>, _ key: K,
                                                          _ type: T.Type) -> Field<T> {
        guard c.contains(key) else { return .missing }
        return Field(try? c.decode(T.self, forKey: key), present: true)
    }

    static func colorField<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) -> Field<RawColor> {
        guard c.contains(key) else { return .missing }
        if let s = try? c.decode(String.self, forKey: key) { return .value(.name(s)) }
        if let v = try? c.decode([Double].self, forKey: key) { return .value(.numbers(v)) }
        if let p = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: key) { return .value(.paint(decodePaint(p))) }
        return .invalid
    }
}
