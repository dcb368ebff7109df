// The Decodable way in (`Scene.init(from:)`): shapes, groups' children, paints and transforms
// as raw values, the same the streaming `SceneReader` makes, for the one validator.

/// Any key (a paint object's one key is its kind).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

enum ShapeKeys: String, CodingKey {
    case type, from, to, at, color, width, image, d, fill, stroke, join, cap, rule, miterLimit
    case dash, dashOffset, transform, children, opacity, blend, clip, mask
    case text, font, align, baseline, maxWidth, direction
}

private enum FontKeys: String, CodingKey { case family, size, weight, style }

private enum ClipKeys: String, CodingKey { case path, rule, transform }

private enum MaskKeys: String, CodingKey { case type, children }

private enum GradientKeys: String, CodingKey {
    case from, to, center, radius, focal, focalRadius, angle, stops, spread, transform
    case src, `repeat`, sampling, opacity, width, height, rgba
}

private enum StopKeys: String, CodingKey { case offset, color }

extension Scene {
    /// The raw shapes of an array (a scene's "shapes" or a group's "children").
    static func decodeShapes(_ list: inout UnkeyedDecodingContainer) -> [RawShape] {
        var shapes: [RawShape] = []
        while !list.isAtEnd {
            var r = RawShape()
            if let s = try? list.nestedContainer(keyedBy: ShapeKeys.self) {
                r.type = field(s, .type, String.self)
                r.from = field(s, .from, [Double].self)
                r.to = field(s, .to, [Double].self)
                r.at = field(s, .at, [Double].self)
                r.color = colorField(s, .color)
                r.width = field(s, .width, Double.self)
                r.image = field(s, .image, String.self)
                r.d = field(s, .d, String.self)
                r.fill = colorField(s, .fill)
                r.stroke = colorField(s, .stroke)
                r.join = field(s, .join, String.self)
                r.cap = field(s, .cap, String.self)
                r.rule = field(s, .rule, String.self)
                r.miterLimit = field(s, .miterLimit, Double.self)
                r.dash = field(s, .dash, [Double].self)
                r.dashOffset = field(s, .dashOffset, Double.self)
                r.transform = transformField(s, .transform)
                r.opacity = field(s, .opacity, Double.self)
                r.blend = field(s, .blend, String.self)
                if s.contains(.clip) {
                    if let c = try? s.nestedContainer(keyedBy: ClipKeys.self, forKey: .clip) {
                        r.clip = .value(RawClip(path: field(c, .path, String.self), rule: field(c, .rule, String.self),
                                                transform: transformField(c, .transform)))
                    } else {
                        r.clip = .value(RawClip(isObject: false))
                    }
                }
                if s.contains(.mask) {
                    if let m = try? s.nestedContainer(keyedBy: MaskKeys.self, forKey: .mask) {
                        var raw = RawMask(type: field(m, .type, String.self))
                        if m.contains(.children) {
                            if var children = try? m.nestedUnkeyedContainer(forKey: .children) {
                                raw.children = .value(decodeShapes(&children))
                            } else {
                                raw.children = .invalid
                            }
                        }
                        r.mask = .value(raw)
                    } else {
                        r.mask = .value(RawMask(isObject: false))
                    }
                }
                r.text = field(s, .text, String.self)
                r.align = field(s, .align, String.self)
                r.baseline = field(s, .baseline, String.self)
                r.maxWidth = field(s, .maxWidth, Double.self)
                r.direction = field(s, .direction, String.self)
                if s.contains(.font) {
                    if let f = try? s.nestedContainer(keyedBy: FontKeys.self, forKey: .font) {
                        r.font = .value(RawFont(family: field(f, .family, String.self), size: field(f, .size, Double.self),
                                                weight: field(f, .weight, Double.self), style: field(f, .style, String.self)))
                    } else {
                        r.font = .value(RawFont(isObject: false))
                    }
                }
                if s.contains(.children) {
                    if var children = try? s.nestedUnkeyedContainer(forKey: .children) {
                        r.children = .value(decodeShapes(&children))
                    } else {
                        r.children = .invalid
                    }
                }
            } else {
                r.isObject = false
                _ = try? list.decode(Skip.self)
            }
            shapes.append(r)
        }
        return shapes
    }

    static func transformField<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) -> Field<RawTransform> {
        guard c.contains(key) else { return .missing }
        if let s = try? c.decode(String.self, forKey: key) { return .value(.text(s)) }
        if let v = try? c.decode([Double].self, forKey: key) { return .value(.numbers(v)) }
        return .invalid
    }

    static func decodePaint(_ c: KeyedDecodingContainer<AnyKey>) -> RawPaint {
        var paint = RawPaint()
        paint.keys = c.allKeys.map(\.stringValue)
        guard let key = c.allKeys.first, c.allKeys.count == 1 else { return paint }
        guard let g = try? c.nestedContainer(keyedBy: GradientKeys.self, forKey: key) else {
            paint.gradient = .invalid
            return paint
        }
        var raw = RawGradient()
        raw.from = field(g, .from, [Double].self)
        raw.to = field(g, .to, [Double].self)
        raw.center = field(g, .center, [Double].self)
        raw.radius = field(g, .radius, Double.self)
        raw.focal = field(g, .focal, [Double].self)
        raw.focalRadius = field(g, .focalRadius, Double.self)
        raw.angle = field(g, .angle, Double.self)
        raw.spread = field(g, .spread, String.self)
        raw.transform = transformField(g, .transform)
        raw.src = field(g, .src, String.self)
        raw.repetition = field(g, .repeat, String.self)
        raw.sampling = field(g, .sampling, String.self)
        raw.opacity = field(g, .opacity, Double.self)
        raw.width = field(g, .width, Double.self)
        raw.height = field(g, .height, Double.self)
        raw.rgba = field(g, .rgba, String.self)
        if g.contains(.stops) {
            if var list = try? g.nestedUnkeyedContainer(forKey: .stops) {
                var stops: [RawStop] = []
                while !list.isAtEnd {
                    var stop = RawStop()
                    if let s = try? list.nestedContainer(keyedBy: StopKeys.self) {
                        stop.offset = field(s, .offset, Double.self)
                        stop.color = colorField(s, .color)
                    } else {
                        stop.isObject = false
                        _ = try? list.decode(Skip.self)
                    }
                    stops.append(stop)
                }
                raw.stops = .value(stops)
            } else {
                raw.stops = .invalid
            }
        }
        paint.gradient = .value(raw)
        return paint
    }
}
