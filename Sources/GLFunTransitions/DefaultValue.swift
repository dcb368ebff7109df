import GLFunGLES

/// Reads the literal of a gl-transitions default comment as a value of the uniform's type.
enum DefaultValue {
    /// `text` (`0.5`, `90`, `true`, `vec2(0.5)`, `ivec2(4, 4)`) as a `type` value, or nil
    /// when it is not one (an expression, the wrong count of components, a sampler's).
    static func parse(_ text: String, type: String) -> UniformValue? {
        switch type {
        case "float": return float(text).map { .float($0) }
        case "int": return int(text).map { .int($0) }
        case "bool": return bool(text).map { .int($0) }
        default: break
        }
        guard let size = Int(String(type.last ?? "0")), (2...4).contains(size),
              let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let constructor = trimmed(text[..<open])
        let prefix = type.dropLast(4)  // "", "i" or "b" before "vecN"
        guard type.dropFirst(prefix.count).hasPrefix("vec"), ["", "i", "b"].contains(prefix),
              ["vec\(size)", "ivec\(size)", "bvec\(size)"].contains(constructor) else { return nil }
        let args = text[text.index(after: open)..<text.index(before: text.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0) }
        guard args.count == 1 || args.count == size else { return nil }
        if prefix.isEmpty {
            var v: [Float] = []
            for a in args {
                guard let f = float(a) else { return nil }
                v.append(f)
            }
            if v.count == 1 { v = Array(repeating: v[0], count: size) }
            switch size {
            case 2: return .vec2(v[0], v[1])
            case 3: return .vec3(v[0], v[1], v[2])
            default: return .vec4(v[0], v[1], v[2], v[3])
            }
        }
        var v: [Int32] = []
        for a in args {
            guard let n = prefix == "b" ? bool(a) : int(a) else { return nil }
            v.append(n)
        }
        if v.count == 1 { v = Array(repeating: v[0], count: size) }
        switch size {
        case 2: return .ivec2(v[0], v[1])
        case 3: return .ivec3(v[0], v[1], v[2])
        default: return .ivec4(v[0], v[1], v[2], v[3])
        }
    }

    /// A GLSL number: `1`, `-0.5`, `.7`, `5.`, `1e-3`. Integers are accepted for floats.
    static func float(_ s: String) -> Float? {
        var t = trimmed(s)
        guard !t.isEmpty, t.allSatisfy({ "0123456789.eE+-".contains($0) }), t.contains(where: \.isNumber) else {
            return nil
        }
        // Swift's parser wants digits on both sides of the point; GLSL does not.
        if let dot = t.firstIndex(of: ".") {
            let after = t.index(after: dot)
            if after == t.endIndex || !t[after].isNumber { t.insert("0", at: after) }
            if dot == t.startIndex || !t[t.index(before: dot)].isNumber { t.insert("0", at: dot) }
        }
        guard let v = Float(t), v.isFinite else { return nil }
        return v
    }

    static func int(_ s: String) -> Int32? {
        Int32(trimmed(s))
    }

    static func bool(_ s: String) -> Int32? {
        switch trimmed(s) {
        case "true": return 1
        case "false": return 0
        default: return nil
        }
    }
}
