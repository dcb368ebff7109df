/// A transition body as the GLSL compiler will see it after its preprocessor, as tokens, made
/// without trusting the body: the expansion of its macros is counted against a budget as it
/// goes (`#define A B B` / `#define B C C` / ... doubles at every step) and stops at the first
/// token over it, with no recursion but a bounded one for macro arguments.
///
/// It errs on the side of more: conditionals (`#if`, `#ifdef`) are not evaluated (both sides
/// count), a macro defined twice expands to both definitions, `#undef` is ignored. What it
/// makes is only measured (`TransitionComplexity`), never compiled.
struct ShaderTokens {
    /// One token: its text and the body's line it came from (a macro's tokens: the line of
    /// its use).
    struct Token {
        var text: Substring
        var line: Int
        /// The macros this token came out of (not expanded again inside themselves).
        var hidden: HideSet? = nil
    }

    /// The macros a token came out of, innermost first: one node an expansion, shared by all
    /// the tokens it makes (a token carries a pointer, not a copy of the chain).
    final class HideSet {
        let name: Substring
        let parent: HideSet?
        /// How many macros deep.
        let count: Int

        init(_ name: Substring, in parent: HideSet?) {
            self.name = name
            self.parent = parent
            count = (parent?.count ?? 0) + 1
        }

        func contains(_ macro: Substring) -> Bool {
            var node: HideSet? = self
            while let n = node {
                if n.name == macro { return true }
                node = n.parent
            }
            return false
        }
    }

    /// A `#define`: its parameters (nil: object-like) and its body.
    struct Macro {
        var parameters: [Substring]?
        var body: [Token]
    }

    /// The tokens after expansion.
    private(set) var tokens: [Token] = []
    private var macros: [Substring: [Macro]] = [:]
    private var steps = 0
    private let budget: Int

    /// Tokens of `body` with its macros expanded, at most `budget` of them.
    /// - Throws: `TransitionLimit.expandedTokens` past the budget, `.macroNesting` for macro
    ///   arguments nested deeper than `TransitionComplexity.maxMacroNesting`.
    init(_ body: String, budget: Int) throws(TransitionLimitHit) {
        self.budget = budget
        var code: [Token] = []
        for (line, text) in Self.logicalLines(body) {
            let lexed = Self.lex(text, line: line)
            if lexed.first?.text == "#" {
                if lexed.count >= 3, lexed[1].text == "define" { define(lexed, source: text) }
            } else {
                code += lexed
            }
        }
        tokens = try expand(code, depth: 0)
    }

    /// The body's lines with comments removed and backslash-newlines joined, each with its
    /// first line's number (1-based).
    static func logicalLines(_ body: String) -> [(Int, Substring)] {
        var out: [(Int, Substring)] = []
        var current = "", line = 1, startLine = 1
        var it = body.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return it.next()
        }
        while let c = next() {
            if c == "/" {
                let d = next()
                if d == "/" {
                    while let e = next(), e != "\n" {}
                    out.append((startLine, Substring(current))); current = ""; line += 1; startLine = line
                    continue
                } else if d == "*" {
                    var last: Unicode.Scalar = " "
                    while let e = next() {
                        if e == "\n" { line += 1 }
                        if last == "*" && e == "/" { break }
                        last = e
                    }
                    current.append(" ")
                    continue
                }
                current.unicodeScalars.append(c)
                pending = d
            } else if c == "\\" {
                let d = next()
                if d == "\n" { line += 1; continue }
                current.unicodeScalars.append(c)
                pending = d
            } else if c == "\n" {
                out.append((startLine, Substring(current))); current = ""; line += 1; startLine = line
            } else {
                current.unicodeScalars.append(c)
            }
        }
        out.append((startLine, Substring(current)))
        return out
    }

    /// The two-character operators, as their two bytes.
    static let pairs: Set<UInt16> = Set(["++", "--", "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "^^", "<<", ">>"]
        .map { s in let b = Array(s.utf8); return UInt16(b[0]) << 8 | UInt16(b[1]) })

    /// Identifiers, numbers, two-character operators and single characters.
    static func lex(_ text: Substring, line: Int) -> [Token] {
        var out: [Token] = []
        let u = text.utf8
        var i = u.startIndex
        func isWord(_ b: UInt8) -> Bool { b == 0x5F || (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) }
        while i < u.endIndex {
            let b = u[i]
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C { i = u.index(after: i); continue }
            var j = u.index(after: i)
            let isNumber = (b >= 0x30 && b <= 0x39) || (b == 0x2E && j < u.endIndex && u[j] >= 0x30 && u[j] <= 0x39)
            if isNumber {
                while j < u.endIndex && (isWord(u[j]) || u[j] == 0x2E
                                         || ((u[j] == 0x2B || u[j] == 0x2D) && (u[u.index(before: j)] | 0x20) == 0x65)) {
                    j = u.index(after: j)
                }
            } else if isWord(b) {
                while j < u.endIndex && isWord(u[j]) { j = u.index(after: j) }
            } else if j < u.endIndex, pairs.contains(UInt16(b) << 8 | UInt16(u[j])) {
                j = u.index(after: j)
            }
            out.append(Token(text: text[i..<j], line: line))
            i = j
        }
        return out
    }

    /// Records `#define NAME body` or `#define NAME(a, b) body` (no space before the `(`).
    private mutating func define(_ t: [Token], source: Substring) {
        let name = t[2].text
        var rest = 3
        var parameters: [Substring]? = nil
        if t.count > 3, t[3].text == "(", t[3].text.startIndex == t[2].text.endIndex {
            var names: [Substring] = []
            rest = 4
            while rest < t.count, t[rest].text != ")" {
                if t[rest].text != "," { names.append(t[rest].text) }
                rest += 1
            }
            rest += 1
            parameters = names
        }
        macros[name, default: []].append(Macro(parameters: parameters, body: rest < t.count ? Array(t[rest...]) : []))
    }

    /// `input` with every macro use replaced, rescanned, as a stack of tokens still to read.
    private mutating func expand(_ input: [Token], depth: Int) throws(TransitionLimitHit) -> [Token] {
        guard depth <= TransitionComplexity.maxMacroNesting else {
            throw TransitionLimitHit(limit: .macroNesting(TransitionComplexity.maxMacroNesting), line: input.first?.line ?? 1)
        }
        var pending = Array(input.reversed()), out: [Token] = []
        while let token = pending.popLast() {
            steps += 1
            guard steps <= 2 * budget else { throw TransitionLimitHit(limit: .expandedTokens(budget), line: token.line) }
            guard let defs = macros[token.text], token.hidden?.contains(token.text) != true else {
                out.append(Token(text: token.text, line: token.line))
                guard tokens.count + out.count <= budget else {
                    throw TransitionLimitHit(limit: .expandedTokens(budget), line: token.line)
                }
                continue
            }
            // A macro whose expansion is inside 32 others' (a chain A1 -> A2 -> ... of thousands)
            // is past any real use, and each token would carry that chain.
            guard (token.hidden?.count ?? 0) < TransitionComplexity.maxMacroNesting else {
                throw TransitionLimitHit(limit: .macroNesting(TransitionComplexity.maxMacroNesting), line: token.line)
            }
            let call = defs.contains { $0.parameters != nil } && pending.last?.text == "("
            var arguments: [[Token]] = []
            if call {
                // Looking for the call's `)` counts as work too: "F(F(F(..." unclosed must not
                // scan the rest of the body once for every F.
                var scanned = 0
                let args = Self.arguments(&pending, scanned: &scanned)
                steps += scanned
                guard steps <= 2 * budget else { throw TransitionLimitHit(limit: .expandedTokens(budget), line: token.line) }
                guard let args else { out.append(token); continue }
                for a in args { arguments.append(try expand(a, depth: depth + 1)) }
            } else if !defs.contains(where: { $0.parameters == nil }) {
                out.append(token)  // a function-like macro's name without a call
                continue
            }
            var replacement: [Token] = []
            let hidden = HideSet(token.text, in: token.hidden)
            for def in defs where call || def.parameters == nil {
                for var t in def.body {
                    if let k = def.parameters?.firstIndex(of: t.text) {
                        // An argument, expanded already, is rescanned inside this macro only (its
                        // own hiding is dropped: at worst one expansion more, within the budget).
                        for a in k < arguments.count ? arguments[k] : [] {
                            replacement.append(Token(text: a.text, line: token.line, hidden: hidden))
                        }
                        continue
                    }
                    t.line = token.line
                    t.hidden = hidden
                    replacement.append(t)
                }
            }
            guard replacement.count <= 4 * budget else {
                throw TransitionLimitHit(limit: .expandedTokens(budget), line: token.line)
            }
            pending += replacement.reversed()
        }
        return out
    }

    /// A call's arguments, taken from `pending` (whose last token is the `(`): split at commas
    /// outside parentheses; nil (and `pending` as it was) when the call is not closed.
    private static func arguments(_ pending: inout [Token], scanned: inout Int) -> [[Token]]? {
        var args: [[Token]] = [[]], depth = 0, i = pending.count - 1
        while i > 0 {
            i -= 1
            scanned += 1
            let t = pending[i]
            if t.text == "(" { depth += 1 }
            if t.text == ")" {
                if depth == 0 {
                    pending.removeSubrange(i...)
                    return args.count == 1 && args[0].isEmpty ? [] : args
                }
                depth -= 1
            }
            if t.text == "," && depth == 0 { args.append([]) } else { args[args.count - 1].append(t) }
        }
        return nil
    }
}
