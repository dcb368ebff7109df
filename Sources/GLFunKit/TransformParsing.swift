import Foundation

/// Why a transform list (SVG's `transform` attribute syntax) could not be read.
public enum TransformParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one of matrix, translate, scale, rotate, skewX, skewY.
    case unknownFunction(String, offset: Int)
    /// A function with the wrong number of arguments (`expected` lists the counts it takes).
    case argumentCount(function: String, got: Int, expected: [Int])
    /// Not a number where one was expected, or no closing parenthesis.
    case syntax(offset: Int)
    /// A number that is not finite, or a matrix that squashes the plane.
    case notFinite(function: String)

    /// What is wrong, in words.
    public var description: String {
        switch self {
        case let .unknownFunction(f, o): return "at character \(o): unknown transform \(f) (expected matrix, translate, scale, rotate, skewX or skewY)"
        case let .argumentCount(f, got, expected):
            return "\(f) takes \(expected.map(String.init).joined(separator: " or ")) numbers, not \(got)"
        case let .syntax(o): return "at character \(o): expected a transform such as translate(10 20)"
        case let .notFinite(f): return "\(f): numbers must be finite"
        }
    }
}

extension Transform {
    /// Reads an SVG transform list, "translate(10 20) rotate(30, 5, 5) scale(2)" (angles in
    /// degrees), the functions applied right to left to points as SVG says. Empty: identity.
    public init(svg text: String) throws(TransformParseError) {
        let chars = Array(text.utf8)
        var i = 0
        var result = Transform.identity
        func skipSpace() { while i < chars.count, [32, 9, 10, 13, 44].contains(chars[i]) { i += 1 } }
        while true {
            skipSpace()
            if i >= chars.count { break }
            let nameStart = i
            while i < chars.count, (chars[i] | 0x20) >= 97, (chars[i] | 0x20) <= 122 { i += 1 }
            let name = String(decoding: chars[nameStart..<i], as: UTF8.self)
            guard !name.isEmpty else { throw .syntax(offset: i) }
            while i < chars.count, [32, 9, 10, 13].contains(chars[i]) { i += 1 }
            guard i < chars.count, chars[i] == 40 else { throw .syntax(offset: i) }
            i += 1
            guard let close = chars[i...].firstIndex(of: 41) else { throw .syntax(offset: chars.count) }
            let inner = String(decoding: chars[i..<close], as: UTF8.self)
            var args: [Double] = []
            for token in inner.split(whereSeparator: { " \t\n\r,".contains($0) }) {
                guard let v = Double(token) else { throw .syntax(offset: i) }
                args.append(v)
            }
            i = close + 1
            guard args.allSatisfy(\.isFinite) else { throw .notFinite(function: name) }
            func need(_ counts: [Int]) throws(TransformParseError) {
                guard counts.contains(args.count) else {
                    throw .argumentCount(function: name, got: args.count, expected: counts)
                }
            }
            let t: Transform
            switch name {
            case "matrix":
                try need([6])
                t = Transform(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])
            case "translate":
                try need([1, 2])
                t = .translation(args[0], args.count > 1 ? args[1] : 0)
            case "scale":
                try need([1, 2])
                t = .scale(args[0], args.count > 1 ? args[1] : args[0])
            case "rotate":
                try need([1, 3])
                let r = Transform.rotation(args[0] * .pi / 180)
                t = args.count == 3 ? Transform.translation(args[1], args[2]).concatenating(r)
                    .concatenating(.translation(-args[1], -args[2])) : r
            case "skewX":
                try need([1])
                t = .skew(x: args[0] * .pi / 180)
            case "skewY":
                try need([1])
                t = .skew(x: 0, y: args[0] * .pi / 180)
            default:
                throw .unknownFunction(name, offset: nameStart)
            }
            result = result.concatenating(t)
        }
        guard result.isFinite else { throw .notFinite(function: "transform") }
        self = result
    }
}
