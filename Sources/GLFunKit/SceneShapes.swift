import GLFunJSONText

// The scene format's shapes: one JSON object each, validated into one or two `Shape`s
// (DESIGN.md "Scene JSON").
extension Scene {
    /// Draws what one scene object makes into `g`: one shape, or two for a path or an outlined
    /// rect or ellipse that is both filled and stroked (the fill first), or a group's. Under
    /// no transform and without dashes a line, rect or ellipse is the shape it always was (the
    /// same pixels); under one it is drawn as a path through `g`.
    static func appendShapes(_ r: RawShape, _ path: String, to g: inout GraphicsContext,
                             _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) {
        func fail(_ path: String, _ message: String) -> SceneError { report(path, message, .invalidValue) }
        guard r.isObject else { throw fail(path, "expected an object") }
        let type: String
        switch r.type {
        case .missing: throw fail(path + ".type", "missing")
        case .invalid: throw fail(path + ".type", "expected a string")
        case let .value(t): type = t
        }
        let own = try transform(r.transform, path + ".transform", report)
        if type == "group" {
            guard case let .value(children) = r.children else {
                if case .missing = r.children { throw fail(path + ".children", "missing") }
                throw fail(path + ".children", "expected an array of shapes")
            }
            g.save()
            if let own { g.concatenate(own) }
            try beginGroup(r, path, to: &g, report)
            for (i, child) in children.enumerated() {
                try appendShapes(child, path + ".children[\(i)]", to: &g, report)
                guard g.shapes.count <= Scene.maxShapes else {
                    throw report(path, "more than \(Scene.maxShapes) shapes; a scene may have at most that many", .tooLarge)
                }
            }
            g.endLayer()
            g.restore()
            return
        }
        let kind = ShapeKind(rawValue: type)
        guard kind != nil || type == "text" else {
            throw fail(path + ".type",
                       "unknown shape type \(JSONText.excerpt(type)) (expected line, rect, ellipse, image, path, text or group)")
        }
        if case .value = r.children { throw fail(path + ".children", "only a group has children") }
        if let key = layerKey(of: r) { throw fail(path + "." + key, "only a group has \(key)") }
        // A shape's own transform and dashes last as long as the shape (most have neither).
        let (dashes, dashOffset) = try dash(r, path, report)
        let scoped = own != nil || !dashes.isEmpty
        if scoped {
            g.save()
            if let own { g.concatenate(own) }
            g.state.dash = dashes
            g.state.dashOffset = dashOffset
        }
        defer { if scoped { g.restore() } }
        func point(_ f: Field<[Double]>, _ key: String) throws(SceneError) -> Point {
            switch f {
            case .missing: throw fail(path + "." + key, "missing")
            case .invalid: throw fail(path + "." + key, "expected [x, y]")
            case let .value(v):
                guard v.count == 2 else { throw fail(path + "." + key, "expected [x, y]") }
                guard v.allSatisfy({ $0.isFinite && abs($0) <= Double(Scene.maxCoordinate) }) else {
                    throw fail(path + "." + key,
                               "coordinates must be finite and within ±\(Int(Scene.maxCoordinate)), not \(v)")
                }
                return Point(Float(v[0]), Float(v[1]))
            }
        }
        guard let kind else { return try appendText(r, path, to: &g, report) }
        let plain = g.transform == .identity
        switch kind {
        case .path:
            try appendPath(r, path, to: &g, report)
        case .image:
            var at = try point(r.at, "at")
            let name: String
            switch r.image {
            case .missing: throw fail(path + ".image", "missing")
            case .invalid: throw fail(path + ".image", "expected a string")
            case let .value(n): name = n
            }
            guard !name.isEmpty else { throw fail(path + ".image", "expected an image file name") }
            guard !name.utf8.contains(0) else {
                throw fail(path + ".image", "a file name may not contain NUL (\\u0000): \(JSONText.excerpt(name))")
            }
            let t = g.transform
            guard t.a == 1, t.b == 0, t.c == 0, t.d == 1 else {
                throw fail(path, "an image can be moved by its groups' transforms, not turned, scaled or skewed (yet)")
            }
            at = t.apply(at)
            g.append(.image(name, at: at, tint: try color(r.color, path + ".color", report) ?? .white))
        case .line:
            let from = try point(r.from, "from"), to = try point(r.to, "to")
            guard let c = try color(r.color, path + ".color", report) else { throw fail(path + ".color", "missing") }
            let width = try strokeWidth(r.width, path, report) ?? Shape.defaultLineWidth
            if plain && dashes.isEmpty {
                g.append(.line(from, to, color: c, width: width))
            } else {
                g.stroke(.polyline([from, to]), paint: .solid(c), style: StrokeStyle(width: width))
            }
        case .rect, .ellipse:
            let from = try point(r.from, "from"), to = try point(r.to, "to")
            let fill = try color(r.color, path + ".color", report)
            let stroke = try paint(r.stroke, path + ".stroke", report)
            guard fill != nil || stroke != nil else { throw fail(path + ".color", "missing (or give \"stroke\")") }
            let outline: Path
            if kind == .rect {
                outline = Path.polyline([from, Point(to.x, from.y), to, Point(from.x, to.y)], closed: true)
            } else {
                outline = Path.ellipse(from: from, to: to)
            }
            if let fill {
                if plain { g.append(Shape(kind: kind, from: from, to: to, color: fill)) } else { g.fill(outline, paint: .solid(fill)) }
            }
            if let stroke { g.stroke(outline, paint: stroke, style: try strokeStyle(r, path, report)) }
        }
    }
}

extension Scene {
    /// A "path" object: SVG path data in "d", painted by "fill" (with "rule") and/or "stroke"
    /// (with "width", "join", "cap", "miterLimit").
    static func appendPath(_ r: RawShape, _ path: String, to g: inout GraphicsContext,
                           _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) {
        func fail(_ key: String, _ message: String) -> SceneError { report(path + "." + key, message, .invalidValue) }
        let data: String
        switch r.d {
        case .missing: throw fail("d", "missing")
        case .invalid: throw fail("d", "expected a string of SVG path data")
        case let .value(v): data = v
        }
        let geometry: Path
        do { geometry = try Path(svgData: data) } catch { throw fail("d", error.description) }
        if case .value = r.color { throw fail("color", "a path takes \"fill\" and \"stroke\", not \"color\"") }
        let fill = try paint(r.fill, path + ".fill", report)
        let stroke = try paint(r.stroke, path + ".stroke", report)
        guard fill != nil || stroke != nil else { throw fail("fill", "missing (a path needs \"fill\", \"stroke\" or both)") }
        if let fill {
            var rule = FillRule.nonzero
            switch r.rule {
            case .missing: break
            case .invalid: throw fail("rule", "expected \"nonzero\" or \"evenodd\"")
            case let .value(v):
                guard let k = FillRule(rawValue: v) else {
                    throw fail("rule", "unknown fill rule \(JSONText.excerpt(v)) (expected nonzero or evenodd)")
                }
                rule = k
            }
            g.fill(geometry, paint: fill, rule: rule)
        }
        if let stroke {
            g.stroke(geometry, paint: stroke, style: try strokeStyle(r, path, report))
        }
    }

    /// "width" (0, 1000], nil when absent.
    static func strokeWidth(_ f: Field<Double>, _ path: String,
                            _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> Float? {
        switch f {
        case .missing: return nil
        case .invalid: throw report(path + ".width", "expected a number (finite, in range)", .invalidValue)
        case let .value(w):
            guard w.isFinite, w > 0, w <= 1000 else {
                throw report(path + ".width", "must be a number in (0, 1000], not \(w)", .invalidValue)
            }
            return Float(w)
        }
    }

    /// "width", "join", "cap" and "miterLimit" of a stroked shape.
    static func strokeStyle(_ r: RawShape, _ path: String,
                            _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) -> StrokeStyle {
        func fail(_ key: String, _ message: String) -> SceneError { report(path + "." + key, message, .invalidValue) }
        var style = StrokeStyle(width: try strokeWidth(r.width, path, report) ?? Shape.defaultLineWidth)
        func name<T: RawRepresentable & CaseIterable>(_ f: Field<String>, _ key: String, _: T.Type) throws(SceneError) -> T?
        where T.RawValue == String {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            switch f {
            case .missing: return nil
            case .invalid: throw fail(key, "expected one of \(names)")
            case let .value(v):
                guard let k = T(rawValue: v) else { throw fail(key, "unknown \(key) \(JSONText.excerpt(v)) (expected \(names))") }
                return k
            }
        }
        if let j = try name(r.join, "join", LineJoin.self) { style.join = j }
        if let c = try name(r.cap, "cap", LineCap.self) { style.cap = c }
        switch r.miterLimit {
        case .missing: break
        case .invalid: throw fail("miterLimit", "expected a number (finite, in range)")
        case let .value(m):
            guard m.isFinite, m >= 1, m <= 1000 else { throw fail("miterLimit", "must be a number in [1, 1000], not \(m)") }
            style.miterLimit = Float(m)
        }
        return style
    }
}
