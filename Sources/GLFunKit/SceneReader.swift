import Foundation
import GLFunJSONText

/// Reads scene JSON straight from bytes into raw values (no intermediate tree, no per-value
/// allocation but strings and the shapes array), over JSONText's `JSONReader`, which holds
/// the input to the nesting limit and refuses duplicate keys. `Scene(validating:)` then turns
/// the raw values into a scene or an error naming the key path.
enum SceneReader {
    /// How deep objects and arrays may nest. A scene needs 4 levels; the limit keeps the
    /// recursive reader's stack small whatever the input (105,000 `[` once overflowed it).
    static let maxDepth = 256

    static func parse(_ data: Data) throws(SceneError) -> Scene {
        guard data.count <= Scene.maxBytes else { throw .fileTooLarge(bytes: data.count) }
        let bytes: [UInt8]
        do { bytes = try JSONText.utf8Text(data) } catch {
            throw SceneError(path: "", message: "not UTF-8 or UTF-16 text (UTF-32)", kind: .encoding)
        }
        let parsed: RawScene?
        do {
            parsed = try bytes.withUnsafeBufferPointer { buf throws(JSONSyntaxError) in
                var r = JSONReader(buf.baseAddress!, count: buf.count - 1, maxDepth: maxDepth)
                return try document(&r)
            }
        } catch {
            let (line, column) = bytes.withUnsafeBufferPointer { JSONReader.position(of: error.offset, in: $0) }
            let kind: SceneError.Kind
            switch error.kind {
            case .syntax: kind = .syntax
            case let .tooDeep(limit): kind = .tooDeep(limit: limit)
            case let .duplicateKey(key): kind = .duplicateKey(key)
            }
            throw SceneError(path: "", message: "not valid JSON (line \(line), column \(column): \(error.message))",
                             kind: kind)
        }
        guard let raw = parsed else {
            throw SceneError(path: "", message: "expected an object (a scene)", kind: .notAnObject)
        }
        return try Scene(validating: raw)
    }

    /// The document's raw values; nil for valid JSON that is not an object (a wrong document
    /// rather than broken JSON).
    static func document(_ r: inout JSONReader) throws(JSONSyntaxError) -> RawScene? {
        var raw = RawScene()
        guard r.peek() == UInt8(ascii: "{") else {
            if r.atEnd() { throw r.fail("the document is empty") }
            try r.skipValue()
            guard r.atEnd() else { throw r.fail("unexpected text after the document") }
            return nil
        }
        try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
            switch key {
            case "version": raw.version = try numberField(&r)
            case "width": raw.width = try numberField(&r)
            case "height": raw.height = try numberField(&r)
            case "scale": raw.scale = try numberField(&r)
            case "background": raw.background = try colorField(&r)
            case "antialias":
                if let b = try r.boolean() { raw.antialias = .value(b) } else { try r.skipValue(); raw.antialias = .invalid }
            case "shapes": raw.madeShapes = try shapesField(&r)
            default: try r.skipValue()
            }
        }
        guard r.atEnd() else { throw r.fail("unexpected text after the document") }
        return raw
    }

    private static func numberField(_ r: inout JSONReader) throws(JSONSyntaxError) -> Field<Double> {
        if r.isNumberStart() { return .value(try r.number()) }
        try r.skipValue()
        return .invalid
    }

    private static func stringField(_ r: inout JSONReader) throws(JSONSyntaxError) -> Field<String> {
        if r.peek() == UInt8(ascii: "\"") { return .value(try r.string()) }
        try r.skipValue()
        return .invalid
    }

    /// An array of numbers, or `.invalid` (and the value skipped) if it is anything else.
    private static func numbersField(_ r: inout JSONReader) throws(JSONSyntaxError) -> Field<[Double]> {
        guard r.peek() == UInt8(ascii: "[") else {
            try r.skipValue()
            return .invalid
        }
        var v: [Double] = []
        var ok = true
        try r.array { (r: inout JSONReader) throws(JSONSyntaxError) in
            if ok && r.isNumberStart() {
                v.append(try r.number())
            } else {
                ok = false
                try r.skipValue()
            }
        }
        return ok ? .value(v) : .invalid
    }

    private static func colorField(_ r: inout JSONReader) throws(JSONSyntaxError) -> Field<RawColor> {
        switch r.peek() {
        case UInt8(ascii: "\""): return .value(.name(try r.string()))
        case UInt8(ascii: "["):
            if case let .value(v) = try numbersField(&r) { return .value(.numbers(v)) }
            return .invalid
        case UInt8(ascii: "{"): return .value(.paint(try paintObject(&r)))
        default:
            try r.skipValue()
            return .invalid
        }
    }

    /// `{"linear": {...}}`, `{"radial": {...}}` or `{"conic": {...}}` (more keys, or others, are the validator's to refuse).
    private static func paintObject(_ r: inout JSONReader) throws(JSONSyntaxError) -> RawPaint {
        var paint = RawPaint()
        try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
            paint.keys.append(key)
            guard paint.keys.count == 1, r.peek() == UInt8(ascii: "{") else {
                try r.skipValue()
                if paint.keys.count == 1 { paint.gradient = .invalid }
                return
            }
            var g = RawGradient()
            try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
                switch key {
                case "from": g.from = try numbersField(&r)
                case "to": g.to = try numbersField(&r)
                case "center": g.center = try numbersField(&r)
                case "radius": g.radius = try numberField(&r)
                case "focal": g.focal = try numbersField(&r)
                case "focalRadius": g.focalRadius = try numberField(&r)
                case "angle": g.angle = try numberField(&r)
                case "spread": g.spread = try stringField(&r)
                case "transform": g.transform = try transformField(&r)
                case "stops": g.stops = try stopsField(&r)
                case "src": g.src = try stringField(&r)
                case "repeat": g.repetition = try stringField(&r)
                case "sampling": g.sampling = try stringField(&r)
                case "opacity": g.opacity = try numberField(&r)
                case "width": g.width = try numberField(&r)
                case "height": g.height = try numberField(&r)
                case "rgba": g.rgba = try stringField(&r)
                default: try r.skipValue()
                }
            }
            paint.gradient = .value(g)
        }
        return paint
    }

    private static func stopsField(_ r: inout JSONReader) throws(JSONSyntaxError) -> Field<[RawStop]> {
        guard r.peek() == UInt8(ascii: "[") else {
            try r.skipValue()
            return .invalid
        }
        var stops: [RawStop] = []
        try r.array { (r: inout JSONReader) throws(JSONSyntaxError) in
            var stop = RawStop()
            if r.peek() == UInt8(ascii: "{") {
                try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
                    switch key {
                    case "offset": stop.offset = try numberField(&r)
                    case "color": stop.color = try colorField(&r)
                    default: try r.skipValue()
                    }
                }
            } else {
                stop.isObject = false
                try r.skipValue()
            }
            stops.append(stop)
        }
        return .value(stops)
    }

    private static func transformField(_ r: inout JSONReader) throws(JSONSyntaxError) -> Field<RawTransform> {
        switch r.peek() {
        case UInt8(ascii: "\""): return .value(.text(try r.string()))
        case UInt8(ascii: "["):
            if case let .value(v) = try numbersField(&r) { return .value(.numbers(v)) }
            return .invalid
        default:
            try r.skipValue()
            return .invalid
        }
    }

    /// The shapes, each made as soon as its object is read (`MadeShapes`).
    private static func shapesField(_ r: inout JSONReader) throws(JSONSyntaxError) -> Field<MadeShapes> {
        guard r.peek() == UInt8(ascii: "[") else {
            try r.skipValue()
            return .invalid
        }
        var shapes = MadeShapes()
        try r.array { (r: inout JSONReader) throws(JSONSyntaxError) in
            shapes.add(try rawShape(&r))
        }
        return .value(shapes)
    }

    /// One shape object's raw values (a group's children read the same way).
    private static func rawShape(_ r: inout JSONReader) throws(JSONSyntaxError) -> RawShape {
        var s = RawShape()
        guard r.peek() == UInt8(ascii: "{") else {
            s.isObject = false
            try r.skipValue()
            return s
        }
        try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
            switch key {
            case "type": s.type = try stringField(&r)
            case "from": s.from = try numbersField(&r)
            case "to": s.to = try numbersField(&r)
            case "at": s.at = try numbersField(&r)
            case "color": s.color = try colorField(&r)
            case "width": s.width = try numberField(&r)
            case "image": s.image = try stringField(&r)
            case "d": s.d = try stringField(&r)
            case "fill": s.fill = try colorField(&r)
            case "stroke": s.stroke = try colorField(&r)
            case "join": s.join = try stringField(&r)
            case "cap": s.cap = try stringField(&r)
            case "rule": s.rule = try stringField(&r)
            case "miterLimit": s.miterLimit = try numberField(&r)
            case "dash": s.dash = try numbersField(&r)
            case "dashOffset": s.dashOffset = try numberField(&r)
            case "transform": s.transform = try transformField(&r)
            case "opacity": s.opacity = try numberField(&r)
            case "blend": s.blend = try stringField(&r)
            case "clip":
                guard r.peek() == UInt8(ascii: "{") else {
                    try r.skipValue()
                    s.clip = .value(RawClip(isObject: false))
                    return
                }
                var c = RawClip()
                try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
                    switch key {
                    case "path": c.path = try stringField(&r)
                    case "rule": c.rule = try stringField(&r)
                    case "transform": c.transform = try transformField(&r)
                    default: try r.skipValue()
                    }
                }
                s.clip = .value(c)
            case "mask":
                guard r.peek() == UInt8(ascii: "{") else {
                    try r.skipValue()
                    s.mask = .value(RawMask(isObject: false))
                    return
                }
                var m = RawMask()
                try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
                    switch key {
                    case "type": m.type = try stringField(&r)
                    case "children":
                        guard r.peek() == UInt8(ascii: "[") else {
                            try r.skipValue()
                            m.children = .invalid
                            return
                        }
                        var children: [RawShape] = []
                        try r.array { (r: inout JSONReader) throws(JSONSyntaxError) in children.append(try rawShape(&r)) }
                        m.children = .value(children)
                    default: try r.skipValue()
                    }
                }
                s.mask = .value(m)
            case "text": s.text = try stringField(&r)
            case "align": s.align = try stringField(&r)
            case "baseline": s.baseline = try stringField(&r)
            case "maxWidth": s.maxWidth = try numberField(&r)
            case "direction": s.direction = try stringField(&r)
            case "font":
                guard r.peek() == UInt8(ascii: "{") else {
                    try r.skipValue()
                    s.font = .value(RawFont(isObject: false))
                    return
                }
                var f = RawFont()
                try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
                    switch key {
                    case "family": f.family = try stringField(&r)
                    case "size": f.size = try numberField(&r)
                    case "weight": f.weight = try numberField(&r)
                    case "style": f.style = try stringField(&r)
                    default: try r.skipValue()
                    }
                }
                s.font = .value(f)
            case "children":
                guard r.peek() == UInt8(ascii: "[") else {
                    try r.skipValue()
                    s.children = .invalid
                    return
                }
                var children: [RawShape] = []
                try r.array { (r: inout JSONReader) throws(JSONSyntaxError) in children.append(try rawShape(&r)) }
                s.children = .value(children)
            default: try r.skipValue()
            }
        }
        return s
    }
}
