import Foundation

/// A drawing: canvas size, background and shapes in painter's order. This is
/// the scene JSON of DESIGN.md, the app's save format and `glfun render`'s input.
public struct Scene: Equatable, Sendable {
    public static let currentVersion = 1
    /// Largest canvas side accepted, in points.
    public static let maxSide = 16384
    /// Coordinates beyond this magnitude are refused as absurd.
    public static let maxCoordinate: Float = 1_000_000

    public var version = Scene.currentVersion
    /// Canvas size in points.
    public var width: Int
    public var height: Int
    /// Pixels per point.
    public var scale: Float = 1
    public var background: Color = .background
    public var shapes: [Shape] = []

    public init(width: Int, height: Int, scale: Float = 1, background: Color = .background, shapes: [Shape] = []) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.shapes = shapes
    }

    /// Parses scene JSON. Errors name the key path (`shapes[3].from: expected [x, y]`).
    public init(json data: Data) throws(SceneError) {
        do {
            self = try JSONDecoder().decode(Scene.self, from: data)
        } catch let e as DecodingError {
            throw SceneError(decoding: e)
        } catch let e as SceneError {
            throw e
        } catch {
            throw SceneError(path: "", message: "\(error)")
        }
    }

    /// Reads a scene file. Errors start with the file's path.
    public init(contentsOfFile path: String) throws(SceneError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            throw SceneError(file: path, path: "",
                             message: exists ? (isDir.boolValue ? "is a directory" : "cannot be read") : "no such file")
        }
        do {
            try self.init(json: data)
        } catch {
            var e = error
            e.file = path
            throw e
        }
    }

    /// The scene as JSON (the format `init(json:)` reads), one shape a line.
    public func jsonData() -> Data {
        var out = "{\"version\": \(version), \"width\": \(width), \"height\": \(height), \"scale\": \(fmt(scale)),\n"
        out += " \"background\": \(fmt(background)),\n \"shapes\": ["
        for (i, s) in shapes.enumerated() {
            out += i == 0 ? "\n  " : ",\n  "
            switch s.kind {
            case .image:
                out += "{\"type\": \"image\", \"at\": \(fmt(s.from)), \"image\": \(quote(s.image ?? ""))"
                if s.color != .white { out += ", \"color\": \(fmt(s.color))" }
                out += "}"
            case .line:
                out += "{\"type\": \"line\", \"from\": \(fmt(s.from)), \"to\": \(fmt(s.to)), \"color\": \(fmt(s.color)), \"width\": \(fmt(s.width))}"
            case .rect, .ellipse:
                out += "{\"type\": \"\(s.kind.rawValue)\", \"from\": \(fmt(s.from)), \"to\": \(fmt(s.to)), \"color\": \(fmt(s.color))}"
            }
        }
        out += shapes.isEmpty ? "]}\n" : "\n]}\n"
        return Data(out.utf8)
    }
}

private func fmt(_ v: Float) -> String {
    if v == v.rounded(), abs(v) < 1e7 { return String(Int(v)) }
    return "\(v)"
}
private func fmt(_ p: Point) -> String { "[\(fmt(p.x)), \(fmt(p.y))]" }
private func fmt(_ c: Color) -> String { "[\(fmt(c.r)), \(fmt(c.g)), \(fmt(c.b)), \(fmt(c.a))]" }
private func quote(_ s: String) -> String {
    let data = (try? JSONEncoder().encode(s)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
}

/// A scene that could not be read: the file, the key path and what was wrong.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String?
    /// Where in the document, as `shapes[3].from`; empty for the whole document.
    public var path: String
    public var message: String

    public init(file: String? = nil, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        var s = ""
        if let file { s += file + ": " }
        if !path.isEmpty { s += path + ": " }
        return s + message
    }

    init(decoding e: DecodingError) {
        switch e {
        case let .typeMismatch(type, ctx):
            self.init(path: keyPath(ctx.codingPath), message: "expected \(typeName(type))")
        case let .valueNotFound(type, ctx):
            self.init(path: keyPath(ctx.codingPath), message: "expected \(typeName(type)), found null")
        case let .keyNotFound(key, ctx):
            self.init(path: keyPath(ctx.codingPath + [key]), message: "missing")
        case let .dataCorrupted(ctx):
            if ctx.codingPath.isEmpty {
                var why = ctx.debugDescription
                if let u = ctx.underlyingError { why += " " + String(describing: u) }
                self.init(path: "", message: "not valid JSON (\(why))")
            } else {
                self.init(path: keyPath(ctx.codingPath), message: ctx.debugDescription)
            }
        @unknown default:
            self.init(path: "", message: "\(e)")
        }
    }
}

private func typeName(_ t: Any.Type) -> String {
    switch t {
    case is String.Type: return "a string"
    case is Int.Type, is Float.Type, is Double.Type: return "a number"
    case is [Any].Type, is [Double].Type: return "an array"
    default: return "an object"
    }
}

func keyPath(_ path: [any CodingKey]) -> String {
    var s = ""
    for k in path {
        if let i = k.intValue { s += "[\(i)]" } else { s += (s.isEmpty ? "" : ".") + k.stringValue }
    }
    return s
}

extension Scene: Decodable {
    enum Keys: String, CodingKey { case version, width, height, scale, background, shapes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func fail(_ key: Keys, _ message: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: c, debugDescription: message)
        }
        // Numbers are read as Double and checked here: JSONDecoder reports a
        // number that does not fit an Int or Float without its key path.
        func number(_ key: Keys) throws -> Double? {
            guard c.contains(key) else { return nil }
            guard let v = try? c.decode(Double.self, forKey: key), v.isFinite else {
                throw fail(key, "expected a number (finite, in range)")
            }
            return v
        }
        func integer(_ key: Keys) throws -> Int? {
            guard let v = try number(key) else { return nil }
            guard v == v.rounded(), abs(v) < 1e9 else { throw fail(key, "expected a whole number, not \(v)") }
            return Int(v)
        }
        version = try integer(.version) ?? 1
        guard version == Scene.currentVersion else {
            throw fail(.version, "unsupported version \(version) (this glfun reads version \(Scene.currentVersion))")
        }
        guard let w = try integer(.width) else { throw DecodingError.keyNotFound(Keys.width, .init(codingPath: c.codingPath, debugDescription: "")) }
        guard let h = try integer(.height) else { throw DecodingError.keyNotFound(Keys.height, .init(codingPath: c.codingPath, debugDescription: "")) }
        width = w
        height = h
        guard (1...Scene.maxSide).contains(width) else { throw fail(.width, "must be 1...\(Scene.maxSide), not \(width)") }
        guard (1...Scene.maxSide).contains(height) else { throw fail(.height, "must be 1...\(Scene.maxSide), not \(height)") }
        scale = Float(try number(.scale) ?? 1)
        guard scale.isFinite, scale >= 0.25, scale <= 8 else { throw fail(.scale, "must be 0.25...8, not \(scale)") }
        background = try c.decodeIfPresent(ColorValue.self, forKey: .background)?.color ?? .background
        shapes = try c.decodeIfPresent([ShapeValue].self, forKey: .shapes)?.map(\.shape) ?? []
    }
}

/// A color in any of the scene's spellings.
struct ColorValue: Decodable {
    var color: Color
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let s = try? single.decode(String.self) {
            guard let c = Color(string: s) else {
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "unknown color \"\(s)\" (use #rrggbb, #rrggbbaa, [r, g, b, a] or one of \(Color.named.keys.sorted().joined(separator: ", ")))")
            }
            color = c
            return
        }
        guard let v = try? single.decode([Double].self), v.count == 3 || v.count == 4 else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "expected [r, g, b, a] with numbers 0...1, \"#rrggbb\" or a color name")
        }
        guard v.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "color channels must be numbers 0...1, not \(v)")
        }
        color = Color(Float(v[0]), Float(v[1]), Float(v[2]), v.count == 4 ? Float(v[3]) : 1)
    }
}

struct ShapeValue: Decodable {
    var shape: Shape
    enum Keys: String, CodingKey { case type, from, to, at, color, width, image }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        guard let kind = ShapeKind(rawValue: type) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown shape type \"\(type)\" (expected line, rect, ellipse or image)")
        }
        func point(_ key: Keys) throws -> Point {
            guard c.contains(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: ""))
            }
            guard let v = try? c.decode([Double].self, forKey: key), v.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected [x, y]")
            }
            guard v.allSatisfy({ $0.isFinite && abs($0) <= Double(Scene.maxCoordinate) }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "coordinates must be finite and within ±\(Int(Scene.maxCoordinate)), not \(v)")
            }
            return Point(Float(v[0]), Float(v[1]))
        }
        switch kind {
        case .image:
            let at = try point(.at)
            let name = try c.decode(String.self, forKey: .image)
            guard !name.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .image, in: c, debugDescription: "expected an image file name")
            }
            let tint = try c.decodeIfPresent(ColorValue.self, forKey: .color)?.color ?? .white
            shape = .image(name, at: at, tint: tint)
        case .line, .rect, .ellipse:
            let from = try point(.from), to = try point(.to)
            let color = try c.decode(ColorValue.self, forKey: .color).color
            var width = Shape.defaultLineWidth
            if kind == .line, c.contains(.width) {
                guard let w = try? c.decode(Double.self, forKey: .width) else {
                    throw DecodingError.dataCorruptedError(forKey: .width, in: c, debugDescription: "expected a number (finite, in range)")
                }
                guard w.isFinite, w > 0, w <= 1000 else {
                    throw DecodingError.dataCorruptedError(forKey: .width, in: c, debugDescription: "must be a number in (0, 1000], not \(w)")
                }
                width = Float(w)
            }
            shape = Shape(kind: kind, from: from, to: to, color: color, width: width)
        }
    }
}
