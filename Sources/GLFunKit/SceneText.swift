import GLFunImages
import GLFunJSONText

// The scene format's text (DESIGN.md "Scene document"): a "text" object shaped into a
// `TextRun` and drawn as its glyphs' outlines, filled and/or stroked with any paint.

/// A text's "font" object as read.
struct RawFont {
    var isObject = true
    var family: Field<String> = .missing
    var size: Field<Double> = .missing
    var weight: Field<Double> = .missing
    var style: Field<String> = .missing
}

extension Scene {
    /// The largest font size a scene may give.
    public static let maxFontSize: Float = 1000

    /// A "text" object: "text" at "at" in "font", placed by "align", "baseline", "maxWidth"
    /// and "direction", painted by "fill" (black when neither is given) and/or "stroke" (with
    /// "width", "join", "cap", "miterLimit").
    static func appendText(_ r: RawShape, _ path: String, to g: inout GraphicsContext,
                           _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) {
        func fail(_ key: String, _ message: String) -> SceneError { report(path + "." + key, message, .invalidValue) }
        let text: String
        switch r.text {
        case .missing: throw fail("text", "missing")
        case .invalid: throw fail("text", "expected a string")
        case let .value(v): text = v
        }
        guard text.unicodeScalars.count <= TextShaper.maxScalars else {
            throw report(path + ".text", "over \(TextShaper.maxScalars) characters", .tooLarge)
        }
        let at: Point
        switch r.at {
        case .missing: throw fail("at", "missing")
        case .invalid: throw fail("at", "expected [x, y]")
        case let .value(v):
            guard v.count == 2 else { throw fail("at", "expected [x, y]") }
            guard v.allSatisfy({ $0.isFinite && abs($0) <= Double(Scene.maxCoordinate) }) else {
                throw fail("at", "coordinates must be finite and within ±\(Int(Scene.maxCoordinate)), not \(v)")
            }
            at = Point(Float(v[0]), Float(v[1]))
        }
        if case .value = r.color { throw fail("color", "a text takes \"fill\" and \"stroke\", not \"color\"") }
        let font = try fontDescription(r.font, path + ".font", report)
        let align = try name(r.align, path, "align", TextAlign.self, report) ?? .start
        let baseline = try name(r.baseline, path, "baseline", TextBaseline.self, report) ?? .alphabetic
        let direction = try name(r.direction, path, "direction", TextDirection.self, report) ?? .auto
        var maxWidth: Float?
        switch r.maxWidth {
        case .missing: break
        case .invalid: throw fail("maxWidth", "expected a number (finite, in range)")
        case let .value(w):
            guard w.isFinite, w > 0, w <= Double(Scene.maxCoordinate) else {
                throw fail("maxWidth", "must be a number in (0, \(Int(Scene.maxCoordinate))], not \(w)")
            }
            maxWidth = Float(w)
        }
        var fill = try paint(r.fill, path + ".fill", report)
        let stroke = try paint(r.stroke, path + ".stroke", report)
        if fill == nil && stroke == nil { fill = .solid(.black) }
        let style = stroke == nil ? nil : try strokeStyle(r, path, report)
        let run: TextRun
        do {
            run = try TextRun(text, font: font, maxWidth: maxWidth, align: align, baseline: baseline, direction: direction)
        } catch {
            throw fail("font", error.description)
        }
        if let fill { g.fill(run, at: at, paint: fill) }
        if let stroke { g.stroke(run, at: at, paint: stroke, style: style) }
    }

    /// "font": {"family", "size", "weight", "style"}, each optional (sans-serif, 16, 400, normal).
    static func fontDescription(_ f: Field<RawFont>, _ path: String,
                                _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> FontDescription {
        func fail(_ key: String, _ message: String) -> SceneError { report(path + key, message, .invalidValue) }
        var font = FontDescription()
        guard case let .value(raw) = f else {
            if case .invalid = f { throw fail("", "expected an object") }
            return font
        }
        guard raw.isObject else { throw fail("", "expected an object") }
        switch raw.family {
        case .missing: break
        case .invalid: throw fail(".family", "expected a string")
        case let .value(v):
            guard !v.utf8.contains(0), !v.allSatisfy({ $0 == " " || $0 == "," }) else {
                throw fail(".family", "expected a family name, not \(JSONText.excerpt(v))")
            }
            font.family = v
        }
        switch raw.size {
        case .missing: break
        case .invalid: throw fail(".size", "expected a number (finite, in range)")
        case let .value(v):
            guard v.isFinite, v > 0, v <= Double(maxFontSize) else {
                throw fail(".size", "must be a number in (0, \(Int(maxFontSize))], not \(v)")
            }
            font.size = Float(v)
        }
        switch raw.weight {
        case .missing: break
        case .invalid: throw fail(".weight", "expected a number (finite, in range)")
        case let .value(v):
            let range = FontDescription.weightRange
            guard v.isFinite, v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
                throw fail(".weight", "must be a number in [\(range.lowerBound), \(range.upperBound)], not \(v)")
            }
            font.weight = Int(v.rounded())
        }
        switch raw.style {
        case .missing: break
        case .invalid: throw fail(".style", "expected one of normal, italic, oblique")
        case let .value(v):
            guard let s = FontStyle(rawValue: v) else {
                throw fail(".style", "unknown style \(JSONText.excerpt(v)) (expected normal, italic, oblique)")
            }
            font.style = s
        }
        return font
    }

    private static func name<T: RawRepresentable & CaseIterable>(
        _ f: Field<String>, _ path: String, _ key: String, _: T.Type,
        _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> T? where T.RawValue == String {
        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
        switch f {
        case .missing: return nil
        case .invalid: throw report(path + "." + key, "expected one of \(names)", .invalidValue)
        case let .value(v):
            guard let k = T(rawValue: v) else {
                throw report(path + "." + key, "unknown \(key) \(JSONText.excerpt(v)) (expected \(names))", .invalidValue)
            }
            return k
        }
    }
}
