import Foundation

/// A `<style>` sheet (CSS): rules of selectors and declarations. Selectors are compounds of a
/// type (or `*`), `#id`, `.class` and `[attr]` / `[attr=value]`, joined by descendant (space)
/// and child (`>`) combinators; a selector with anything else (pseudo-classes, `+`, `~`) is
/// dropped, as are at-rules. Later rules of equal specificity win.
struct StyleSheet {
    struct Compound {
        var type: String?
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [(name: String, value: String?)] = []

        func matches(_ n: SVGNode) -> Bool {
            if let type, type != n.name { return false }
            if !ids.allSatisfy({ $0 == n.id }) { return false }
            if !classes.isEmpty, !classes.allSatisfy(n.classes.contains) { return false }
            return attributes.allSatisfy { a in
                guard let v = n.attributes[a.name] else { return false }
                return a.value == nil || a.value == v
            }
        }
    }

    struct Selector {
        /// Right to left: the subject first, then each compound to its left with the
        /// combinator joining it to the one before (true: child, false: descendant).
        var parts: [(compound: Compound, child: Bool)]
        var specificity: Int

        /// Whether it matches `node`, whose ancestors are `ancestors` (root first).
        func matches(_ node: SVGNode, ancestors: [SVGNode]) -> Bool {
            guard parts[0].compound.matches(node) else { return false }
            var i = ancestors.count - 1
            for k in 1..<parts.count {
                let child = parts[k - 1].child
                if child {
                    guard i >= 0, parts[k].compound.matches(ancestors[i]) else { return false }
                    i -= 1
                } else {
                    while i >= 0, !parts[k].compound.matches(ancestors[i]) { i -= 1 }
                    guard i >= 0 else { return false }
                    i -= 1
                }
            }
            return true
        }
    }

    struct Rule {
        var selector: Selector
        var declarations: [(name: String, value: String, important: Bool)]
        var order: Int
    }

    private(set) var rules: [Rule] = []

    /// Adds a sheet's rules (text of a `<style>` element).
    mutating func add(_ css: String) {
        var s = Substring(Self.withoutComments(css))
        while let open = s.firstIndex(of: "{") {
            let prelude = s[..<open].trimmingCharacters()
            guard let close = s[open...].firstIndex(of: "}") else { break }
            let body = s[s.index(after: open)..<close]
            s = s[s.index(after: close)...]
            if prelude.hasPrefix("@") {
                // An at-rule: skip a nested block too (@media { a { } }).
                if body.contains("{"), let more = s.firstIndex(of: "}") { s = s[s.index(after: more)...] }
                continue
            }
            let decls = Self.declarations(String(body))
            for sel in prelude.split(separator: ",") {
                if let selector = Self.selector(String(sel)) {
                    rules.append(Rule(selector: selector, declarations: decls, order: rules.count))
                }
            }
        }
    }

    /// `a: b; c: d` as pairs (names lower-cased), each marked when `!important`.
    static func declarations(_ text: String) -> [(name: String, value: String, important: Bool)] {
        withoutComments(text).split(separator: ";").compactMap { d in
            guard let colon = d.firstIndex(of: ":") else { return nil }
            let name = d[..<colon].trimmingCharacters().lowercased()
            var value = d[d.index(after: colon)...].trimmingCharacters()
            var important = false
            if let bang = value.range(of: "!important") {
                value = String(value[..<bang.lowerBound]).trimmingWhitespace()
                important = true
            }
            return name.isEmpty ? nil : (name, value, important)
        }
    }

    /// The text with its /* comments */ taken out.
    static func withoutComments(_ css: String) -> String {
        var text = Substring(css)
        while let start = text.range(of: "/*") {
            let rest = text[start.upperBound...]
            let end = rest.range(of: "*/")?.upperBound ?? text.endIndex
            text = text[..<start.lowerBound] + text[end...]
        }
        return String(text)
    }

    static func selector(_ text: String) -> Selector? {
        var tokens: [String] = []
        var cur = ""
        var inBracket = false
        for ch in text {
            if ch == "[" { inBracket = true }
            if ch == "]" { inBracket = false }
            if !inBracket && (ch.isWhitespace || ch == ">") {
                if !cur.isEmpty { tokens.append(cur); cur = "" }
                if ch == ">" { tokens.append(">") }
            } else {
                cur.append(ch)
            }
        }
        if !cur.isEmpty { tokens.append(cur) }
        var parts: [(Compound, Bool)] = []
        var specificity = 0
        var child = false
        for t in tokens.reversed() {
            if t == ">" { child = true; continue }
            guard let (c, spec) = compound(t) else { return nil }
            if !parts.isEmpty { parts[parts.count - 1].1 = child }
            parts.append((c, false))
            specificity += spec
            child = false
        }
        return parts.isEmpty ? nil : Selector(parts: parts, specificity: specificity)
    }

    private static func compound(_ t: String) -> (Compound, Int)? {
        var c = Compound()
        var spec = 0
        var chars = Substring(t)
        func name() -> String {
            let n = chars.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" }
            chars = chars.dropFirst(n.count)
            return String(n)
        }
        if chars.first == "*" { chars = chars.dropFirst() } else if let f = chars.first, f.isLetter {
            c.type = name(); spec += 1
        }
        while let f = chars.first {
            chars = chars.dropFirst()
            switch f {
            case "#": c.ids.append(name()); spec += 100
            case ".": c.classes.append(name()); spec += 10
            case "[":
                guard let end = chars.firstIndex(of: "]") else { return nil }
                let inner = chars[..<end]
                chars = chars[chars.index(after: end)...]
                if let eq = inner.firstIndex(of: "=") {
                    var v = inner[inner.index(after: eq)...].trimmingCharacters()
                    if v.count >= 2, v.first == "\"" || v.first == "'" { v = String(v.dropFirst().dropLast()) }
                    c.attributes.append((inner[..<eq].trimmingCharacters(), v))
                } else {
                    c.attributes.append((inner.trimmingCharacters(), nil))
                }
                spec += 10
            default: return nil
            }
        }
        return (c, spec)
    }

    /// Fills every node's `declared`: presentation attributes, then matching rules in
    /// specificity order, then the `style` attribute.
    func cascade(_ root: SVGNode) {
        var ancestors: [SVGNode] = []
        func visit(_ n: SVGNode) {
            var d: [String: String] = [:]
            for (k, v) in n.attributes where SVGProperties.presentation.contains(k) { d[k] = v.trimmingWhitespace() }
            let matching = rules.filter { $0.selector.matches(n, ancestors: ancestors) }
                .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            let inline = n.attributes["style"].map(Self.declarations) ?? []
            // Normal declarations in cascade order, then the !important ones in the same order.
            for important in [false, true] {
                for r in matching { for x in r.declarations where x.important == important { d[x.name] = x.value } }
                for x in inline where x.important == important { d[x.name] = x.value }
            }
            SVGFontShorthand.expand(&d, attribute: n.attributes["font"])
            n.declared = d
            ancestors.append(n)
            for c in n.children { visit(c) }
            ancestors.removeLast()
        }
        visit(root)
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String { String(self).trimmingWhitespace() }
}
