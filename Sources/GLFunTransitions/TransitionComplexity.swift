/// What a transition body may ask of the GL driver, checked before the driver sees it. The
/// driver's compiler recurses on an expression's terms (a body of one 50,000-term expression
/// killed it) and its rasterizer runs whatever loop it is given for every pixel (a million
/// iterations took minutes a frame), so a user's file is measured first, as tokens after
/// its macros are expanded (`ShaderTokens`):
///
/// - at most `maxExpandedTokens` tokens once macros are expanded (exponential macros stop at
///   the first token over), macros inside macros at most `maxMacroNesting` deep;
/// - at most `maxStatementTokens` tokens in one statement (an expression's terms), and
///   brackets, braces and statements nested at most `maxNesting` deep;
/// - loops only of GLSL ES 1.00's Appendix A form, `for (int i = 0; i < 8; i++)`: one index
///   from a constant, compared with a constant, stepped by a constant, and not changed in the
///   body (no `while` or `do`), so their trip counts are known: nested loops together at most
///   `maxLoopIterations` times;
/// - at most `maxWork` tokens run for one pixel, each token counted as many times as the
///   loops around it run and each call to a function of the body as that function's work.
///
/// The measure errs on the side of more (both sides of an `#if` count); the built-in kinds
/// are far inside it (curl, the largest, is about 700 tokens with no loop).
public enum TransitionComplexity {
    /// Tokens after macro expansion.
    public static let maxExpandedTokens = 1 << 17
    /// Macros expanded inside one another, and macro arguments inside macro arguments.
    public static let maxMacroNesting = 32
    /// Tokens in one statement.
    public static let maxStatementTokens = 4096
    /// Brackets, braces and statement heads (`if`, `for`) inside one another.
    public static let maxNesting = 64
    /// Iterations of nested loops, multiplied.
    public static let maxLoopIterations = 1024
    /// Tokens run for one pixel.
    public static let maxWork = 50_000

    /// Checks `body`.
    /// - Throws: the first limit it is over, with the body's line.
    static func check(_ body: String) throws(TransitionLimitHit) {
        var scan = ComplexityScan(try ShaderTokens(body, budget: maxExpandedTokens).tokens)
        try scan.run()
    }
}

/// A limit a body is over, and the body's line where it was found.
struct TransitionLimitHit: Error {
    var limit: TransitionLimit
    var line: Int
}

/// One walk over a body's expanded tokens: brackets, statements, loops, each function's work.
struct ComplexityScan {
    typealias Token = ShaderTokens.Token
    let t: [Token]
    /// Each function's own work (tokens times the loops around them) and the calls it makes.
    var functions: [Substring: (work: Double, calls: [(Substring, Double)], line: Int)] = [:]
    /// Functions with `out` or `inout` parameters: a loop index passed to one may be changed.
    var writesArguments: Set<Substring> = []

    /// `const int N = 8;` and the like: names a loop's bounds may use.
    var constants: [Substring: Double] = [:]

    init(_ tokens: [Token]) {
        t = tokens
        for i in t.indices where t[i].text == "const" {
            // const [precision] type NAME = value ;
            var j = i + 1
            while j < t.count, ["highp", "mediump", "lowp", "int", "float"].contains(t[j].text) { j += 1 }
            guard j + 3 < t.count, t[j + 1].text == "=" else { continue }
            var end = j + 2
            while end < t.count, t[end].text != ";", end - j < 8 { end += 1 }
            if end < t.count, t[end].text == ";", let v = constant(t[(j + 2)..<end].map(\.text)[...]) { constants[t[j].text] = v }
        }
    }

    mutating func run() throws(TransitionLimitHit) {
        var brackets = 0, statement = 0, heads = 0, current: Substring? = nil, braceDepth = 0
        var loops: [(end: Int, times: Double)] = []
        var i = 0
        while i < t.count {
            let s = t[i].text
            while let last = loops.last, i > last.end { loops.removeLast() }
            let times = loops.reduce(1) { $0 * $1.times }
            switch s {
            case "(", "[", "{":
                brackets += 1
                guard brackets <= TransitionComplexity.maxNesting else { throw hit(.nesting(TransitionComplexity.maxNesting), i) }
            case ")", "]", "}":
                brackets = max(0, brackets - 1)
            default: break
            }
            if s == "{" {
                if braceDepth == 0 { current = try functionStarting(at: i) }
                braceDepth += 1
            }
            if s == "}" {
                braceDepth = max(0, braceDepth - 1)
                if braceDepth == 0 { current = nil }
            }
            statement = s == ";" || s == "{" || s == "}" ? 0 : statement + 1
            // `if (a) if (b) ... x;`: statements inside statements without braces.
            heads = s == ";" || s == "{" || s == "}" ? 0 : heads + (s == "if" || s == "for" || s == "else" ? 1 : 0)
            guard heads <= TransitionComplexity.maxNesting else { throw hit(.nesting(TransitionComplexity.maxNesting), i) }
            guard statement <= TransitionComplexity.maxStatementTokens else {
                throw hit(.statementTokens(TransitionComplexity.maxStatementTokens), i)
            }
            if s == "while" || s == "do" { throw hit(.loopNotConstant, i) }
            if let f = current {
                functions[f]!.work += times
                if i + 1 < t.count, t[i + 1].text == "(", isIdentifier(s), s != "for" { functions[f]!.calls.append((s, times)) }
            }
            if s == "for" {
                let (count, end) = try loop(at: i)
                let all = times * count
                guard all <= Double(TransitionComplexity.maxLoopIterations) else {
                    throw hit(.loopIterations(TransitionComplexity.maxLoopIterations), i)
                }
                loops.append((end, count))
            }
            i += 1
        }
        try checkWork()
    }

    func hit(_ limit: TransitionLimit, _ i: Int) -> TransitionLimitHit {
        TransitionLimitHit(limit: limit, line: t[min(i, t.count - 1)].line)
    }

    func isIdentifier(_ s: Substring) -> Bool {
        guard let c = s.utf8.first else { return false }
        return c == 0x5F || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A)
    }

    /// The name of the function whose body opens at the top-level `{` at `i` (`T name(...) {`),
    /// recorded with the `out` parameters it has; nil for a `{` that opens no function.
    mutating func functionStarting(at i: Int) throws(TransitionLimitHit) -> Substring? {
        guard i >= 3, t[i - 1].text == ")" else { return nil }
        // A parameter list is one statement's length at most: the scan back is bounded, so a
        // body of many `) {` costs a bounded walk each (not one back to its start).
        var j = i - 1, depth = 0
        let stop = max(0, i - 1 - TransitionComplexity.maxStatementTokens)
        repeat {
            if t[j].text == ")" { depth += 1 }
            if t[j].text == "(" { depth -= 1 }
            if depth == 0 { break }
            j -= 1
        } while j > stop
        guard depth == 0 else { return nil }
        guard j >= 1, isIdentifier(t[j - 1].text) else { return nil }
        let name = t[j - 1].text
        if t[j..<i].contains(where: { $0.text == "out" || $0.text == "inout" }) { writesArguments.insert(name) }
        if functions[name] == nil { functions[name] = (0, [], t[i].line) }
        return name
    }

    /// A `for` loop's trip count and the index of its last token.
    /// - Throws: `.loopNotConstant` for a loop not of Appendix A's form or whose index the body changes.
    func loop(at i: Int) throws(TransitionLimitHit) -> (Double, Int) {
        let header = 3 * TransitionComplexity.maxStatementTokens + 2
        guard i + 1 < t.count, t[i + 1].text == "(", let close = matching(i + 1, within: header) else {
            throw hit(.loopNotConstant, i)
        }
        let parts = t[(i + 2)..<close].split { $0.text == ";" }.map { $0.map(\.text) }
        let semicolons = t[(i + 2)..<close].filter { $0.text == ";" }.count
        guard semicolons == 2, parts.count == 3, let index = parts[0].firstIndex(of: "="), index >= 1 else {
            throw hit(.loopNotConstant, i)
        }
        let name = parts[0][index - 1]
        guard let start = constant(parts[0][(index + 1)...]),
              let count = trips(name: name, from: start, condition: parts[1], update: parts[2],
                                float: parts[0].contains("float") || parts[0].joined().contains("."))
        else { throw hit(.loopNotConstant, i) }
        let end = try statementEnd(close + 1, depth: 0)
        if changes(name, in: (close + 1)...end) { throw hit(.loopNotConstant, i) }
        return (count, end)
    }

    /// The index of the matching closing bracket of the one at `i`, looked for in at most
    /// `within` tokens (nil past them: what a bracket holds is bounded by the statement limit).
    func matching(_ i: Int, within: Int = Int.max) -> Int? {
        let open = t[i].text, close: Substring = open == "(" ? ")" : open == "{" ? "}" : "]"
        var depth = 0
        for j in i..<min(t.count, i + min(within, t.count)) {
            if t[j].text == open { depth += 1 }
            if t[j].text == close { depth -= 1; if depth == 0 { return j } }
        }
        return nil
    }

    /// The last token of the statement starting at `i` (a block, a `for` or `if` with its
    /// statement, or up to its `;`).
    func statementEnd(_ i: Int, depth: Int) throws(TransitionLimitHit) -> Int {
        guard depth <= TransitionComplexity.maxNesting else { throw hit(.nesting(TransitionComplexity.maxNesting), i) }
        guard i < t.count else { return t.count - 1 }
        switch t[i].text {
        case "{": return matching(i) ?? t.count - 1
        case "for", "if":
            guard i + 1 < t.count, t[i + 1].text == "(",
                  let close = matching(i + 1, within: 3 * TransitionComplexity.maxStatementTokens + 2) else { return t.count - 1 }
            let end = try statementEnd(close + 1, depth: depth + 1)
            if t[i].text == "if", end + 1 < t.count, t[end + 1].text == "else" { return try statementEnd(end + 2, depth: depth + 1) }
            return end
        default:
            // Up to its `;`, at most a statement's length on (a longer one fails that limit).
            var j = i, d = 0
            while j < min(t.count, i + TransitionComplexity.maxStatementTokens + 1) {
                if t[j].text == "(" || t[j].text == "[" { d += 1 }
                if t[j].text == ")" || t[j].text == "]" { d -= 1 }
                if t[j].text == ";" && d <= 0 { return j }
                j += 1
            }
            return min(t.count - 1, j)
        }
    }

    /// Whether the tokens in `range` assign to `name`, step it, or pass it to a function with
    /// `out` parameters.
    func changes(_ name: Substring, in range: ClosedRange<Int>) -> Bool {
        let assignments: Set<Substring> = ["=", "+=", "-=", "*=", "/=", "++", "--"]
        for j in range where j < t.count && t[j].text == name {
            if j + 1 < t.count, assignments.contains(t[j + 1].text) { return true }
            if j > 0, t[j - 1].text == "++" || t[j - 1].text == "--" { return true }
        }
        for j in range where j + 1 < t.count && writesArguments.contains(t[j].text) && t[j + 1].text == "(" {
            guard let close = matching(j + 1, within: TransitionComplexity.maxStatementTokens) else { return true }
            if t[(j + 1)...close].contains(where: { $0.text == name }) { return true }
        }
        return false
    }

    /// A number, maybe signed, maybe in `int(...)` / `float(...)`.
    func constant(_ tokens: ArraySlice<Substring>) -> Double? {
        var s = tokens.filter { $0 != "(" && $0 != ")" && $0 != "int" && $0 != "float" }
        var sign = 1.0
        if s.first == "-" { sign = -1; s.removeFirst() } else if s.first == "+" { s.removeFirst() }
        guard s.count == 1, let v = constants[s[0]] ?? Double(s[0].trimmingSuffix("fF")) else { return nil }
        return sign * v
    }

    /// How many times a loop from `start`, while `condition`, stepped by `update`, runs (up to
    /// one past the limit), or nil when the condition or the step is not of the form.
    func trips(name: Substring, from start: Double, condition c: [Substring], update u: [Substring], float: Bool) -> Double? {
        guard c.count >= 3, c[0] == name, let bound = constant(c[2...]) else { return nil }
        let op = c[1]
        let step: Double
        if u == [name, "++"] || u == ["++", name] { step = 1 } else if u == [name, "--"] || u == ["--", name] { step = -1 } else if u.count >= 3, u[0] == name, u[1] == "+=" || u[1] == "-=", let v = constant(u[2...]) {
            step = u[1] == "+=" ? v : -v
        } else { return nil }
        func holds(_ v: Double) -> Bool {
            switch op {
            case "<": return v < bound
            case "<=": return v <= bound
            case ">": return v > bound
            case ">=": return v >= bound
            case "!=": return v != bound
            case "==": return v == bound
            default: return false
            }
        }
        guard ["<", "<=", ">", ">=", "!=", "=="].contains(op) else { return nil }
        var v = start, n = 0.0
        let over = Double(TransitionComplexity.maxLoopIterations) + 1
        while holds(v) && n < over {
            n += 1
            v = float ? Double(Float(v) + Float(step)) : v + step
        }
        return n
    }

    /// Each function's work with its calls' counted, checked against `maxWork`.
    func checkWork() throws(TransitionLimitHit) {
        var total: [Substring: Double] = [:]
        for name in functions.keys.sorted() {
            // Calls form no cycle in a body that compiles (GLSL has no recursion); one here
            // counts its way round once. Resolved with an explicit stack.
            var stack: [(Substring, Int)] = [(name, 0)], onStack: Set<Substring> = [name]
            while let (f, next) = stack.last {
                let calls = functions[f]!.calls
                if next < calls.count {
                    stack[stack.count - 1].1 += 1
                    let callee = calls[next].0
                    if total[callee] == nil, functions[callee] != nil, !onStack.contains(callee) {
                        stack.append((callee, 0))
                        onStack.insert(callee)
                    }
                    continue
                }
                var work = functions[f]!.work
                for (callee, times) in calls { work += times * (total[callee] ?? 0) }
                total[f] = work
                guard work <= Double(TransitionComplexity.maxWork) else {
                    throw TransitionLimitHit(limit: .work(TransitionComplexity.maxWork), line: functions[f]!.line)
                }
                stack.removeLast()
                onStack.remove(f)
            }
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ characters: String) -> Substring {
        var s = self
        while let last = s.last, characters.contains(last) { s.removeLast() }
        return s
    }
}
