import Foundation
import GLFunKit

/// A paint as written: none, a colour, currentColor, or a reference (`url(#id)`) with a fallback.
enum SVGPaint: Equatable {
    case none
    case color(Color)
    case currentColor
    /// SVG 2's context-fill and context-stroke: the fill or stroke of the context element
    /// (the shape a marker is on, the `use` a shape is drawn for).
    case contextFill, contextStroke
    case reference(id: String, fallback: Fallback?)

    enum Fallback: Equatable { case none, color(Color), currentColor }

    init?(_ text: String) {
        let t = text.trimmingWhitespace()
        if t == "none" { self = .none; return }
        if t == "currentColor" { self = .currentColor; return }
        if t == "context-fill" { self = .contextFill; return }
        if t == "context-stroke" { self = .contextStroke; return }
        if t.hasPrefix("url(") {
            guard let close = t.firstIndex(of: ")") else { return nil }
            var id = t[t.index(t.startIndex, offsetBy: 4)..<close].trimmingCharacters()
            if id.count >= 2, id.first == "'" || id.first == "\"" { id = String(id.dropFirst().dropLast()) }
            guard id.hasPrefix("#") else { return nil }
            let rest = t[t.index(after: close)...].trimmingCharacters()
            var fallback: Fallback?
            if rest == "none" { fallback = Fallback.none } else if rest == "currentColor" { fallback = .currentColor } else if let c = SVGColor.parse(rest) {
                fallback = .color(c)
            } else if !rest.isEmpty {
                // Not SVG 2's paint (SVG 1.1's "green icc-color(...)" fallback among it): the
                // value is dropped, as a colour with icc-color is (resvg's painting/fill/*icc*).
                return nil
            }
            self = .reference(id: String(id.dropFirst()), fallback: fallback)
            return
        }
        guard let c = SVGColor.parse(t) else { return nil }
        self = .color(c)
    }
}

/// CSS colours: names, #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() with numbers or
/// percentages, transparent. Not a colour: nil.
enum SVGColor {
    static func parse(_ text: String) -> Color? {
        let t = text.trimmingWhitespace().lowercased()
        if t == "transparent" { return Color(0, 0, 0, 0) }
        if let v = NamedColors.table[t] { return rgb(v) }
        if t.hasPrefix("#") {
            let hex = Array(t.dropFirst())
            guard hex.allSatisfy(\.isHexDigit) else { return nil }
            let d = hex.map { Float(Int(String($0), radix: 16)!) }
            switch hex.count {
            case 3, 4: return Color(d[0] / 15, d[1] / 15, d[2] / 15, hex.count == 4 ? d[3] / 15 : 1)
            case 6, 8:
                func b(_ i: Int) -> Float { (d[i] * 16 + d[i + 1]) / 255 }
                return Color(b(0), b(2), b(4), hex.count == 8 ? b(6) : 1)
            default: return nil
            }
        }
        for prefix in ["hsla(", "hsl("] where t.hasPrefix(prefix) && t.hasSuffix(")") {
            let parts = t.dropFirst(prefix.count).dropLast().split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4, let h0 = Double(parts[0].replacingOccurrences(of: "deg", with: "")),
                  let s0 = Double(parts[1].replacingOccurrences(of: "%", with: "")),
                  let l0 = Double(parts[2].replacingOccurrences(of: "%", with: "")) else { return nil }
            var alpha = 1.0
            if parts.count == 4 {
                guard let a = Double(parts[3].replacingOccurrences(of: "%", with: "")) else { return nil }
                alpha = parts[3].hasSuffix("%") ? a / 100 : a
            }
            let h = (h0.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
            let s = min(max(s0 / 100, 0), 1), l = min(max(l0 / 100, 0), 1)
            let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
            func hue(_ t0: Double) -> Float {
                var t = t0
                if t < 0 { t += 1 }
                if t > 1 { t -= 1 }
                if t < 1 / 6 { return Float(p + (q - p) * 6 * t) }
                if t < 1 / 2 { return Float(q) }
                if t < 2 / 3 { return Float(p + (q - p) * (2 / 3 - t) * 6) }
                return Float(p)
            }
            return Color(hue(h + 1 / 3), hue(h), hue(h - 1 / 3), Float(min(max(alpha, 0), 1)))
        }
        for prefix in ["rgba(", "rgb("] where t.hasPrefix(prefix) && t.hasSuffix(")") {
            let inner = t.dropFirst(prefix.count).dropLast()
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4 else { return nil }
            // CSS Color 4's comma syntax takes three numbers or three percentages, never both.
            if inner.contains(","), Set(parts.prefix(3).map { $0.hasSuffix("%") }).count > 1 { return nil }
            var v: [Float] = []
            for (i, p) in parts.enumerated() {
                if p.hasSuffix("%") {
                    guard let n = Float(p.dropLast()) else { return nil }
                    v.append(n / 100)
                } else {
                    guard let n = Float(p) else { return nil }
                    v.append(i == 3 ? n : n / 255)
                }
            }
            func c(_ x: Float) -> Float { min(max(x, 0), 1) }
            return Color(c(v[0]), c(v[1]), c(v[2]), v.count == 4 ? c(v[3]) : 1)
        }
        return nil
    }

    static func rgb(_ v: UInt32) -> Color {
        Color(Float((v >> 16) & 255) / 255, Float((v >> 8) & 255) / 255, Float(v & 255) / 255)
    }
}

/// A length: a number and its unit.
struct SVGLength: Equatable {
    enum Unit: String { case none = "", px, pt, pc, mm, cm, `in`, em, ex, percent = "%" }
    var value: Double
    var unit: Unit

    static let zero = SVGLength(value: 0, unit: .none)

    init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    init?(_ text: String) {
        let t = text.trimmingWhitespace()
        let numEnd = t.firstIndex { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") }
            ?? t.endIndex
        var num = String(t[..<numEnd])
        var unitText = String(t[numEnd...])
        // "1em": the e belongs to the unit.
        if num.hasSuffix("e") || num.hasSuffix("E"), unitText.lowercased().hasPrefix("m") || unitText.lowercased().hasPrefix("x") {
            unitText = String(num.removeLast()) + unitText
        }
        guard let v = Double(num), v.isFinite, let u = Unit(rawValue: unitText.lowercased()) else { return nil }
        value = v
        unit = u
    }

    /// In user units: `reference` is what 100 % is, `fontSize` what 1 em is.
    func resolved(reference: Double, fontSize: Double = SVGProperties.defaultFontSize) -> Double {
        switch unit {
        case .none, .px: return value
        case .pt: return value * 4 / 3
        case .pc: return value * 16
        case .mm: return value * 96 / 25.4
        case .cm: return value * 96 / 2.54
        case .in: return value * 96
        case .em: return value * fontSize
        case .ex: return value * fontSize / 2
        case .percent: return value * reference / 100
        }
    }
}

/// Numbers separated by commas and/or white space (points, viewBox, dash arrays).
func numberList(_ text: String) -> [Double]? {
    var out: [Double] = []
    for part in text.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
        guard let v = Double(part), v.isFinite else { return nil }
        out.append(v)
    }
    return out
}
