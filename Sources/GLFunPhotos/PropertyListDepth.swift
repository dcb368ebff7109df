import Foundation

/// How deep a property list nests, measured without recursion before Foundation parses it:
/// Foundation's parsers recurse once a level (an XML list nested 10,000 arrays deep overflowed
/// the stack) and a binary list's objects may refer back to themselves.
///
/// The measure errs on the deep side, never the shallow one: in XML every element that opens
/// counts (not only `array` and `dict`) and only `</...>` and `<.../>` close one; comments,
/// CDATA, processing instructions and declarations are skipped. A binary list is walked from
/// its top object with an explicit stack, each object's depth found once (shared objects are
/// not walked twice); an object reached again while it is being walked is a cycle.
enum PropertyListDepth {
    /// Whether `data`, a property list (XML or binary), nests deeper than `limit` levels or
    /// (binary) holds a cycle. Bytes that are neither are not too deep: the parser refuses them.
    static func isTooDeep(_ data: Data, limit: Int) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: Array("bplist".utf8)) { return binaryIsTooDeep(bytes, limit: limit) }
            return xmlDepth(bytes, stopAbove: limit) > limit
        }
    }

    /// The deepest element nesting of XML text, counted up to `stopAbove + 1`.
    static func xmlDepth(_ b: UnsafeBufferPointer<UInt8>, stopAbove: Int) -> Int {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        func find(_ pattern: [UInt8], from: Int) -> Int? {
            var i = from
            while i + pattern.count <= b.count {
                if b[i] == pattern[0] && (1..<pattern.count).allSatisfy({ b[i + $0] == pattern[$0] }) { return i }
                i += 1
            }
            return nil
        }
        func starts(_ at: Int, _ s: String) -> Bool {
            let p = Array(s.utf8)
            return at + p.count <= b.count && (0..<p.count).allSatisfy { b[at + $0] == p[$0] }
        }
        var depth = 0, deepest = 0, i = 0
        while i < b.count {
            guard b[i] == lt else { i += 1; continue }
            if starts(i, "<!--") {
                guard let end = find(Array("-->".utf8), from: i + 4) else { break }
                i = end + 3
            } else if starts(i, "<![CDATA[") {
                guard let end = find(Array("]]>".utf8), from: i + 9) else { break }
                i = end + 3
            } else if starts(i, "<?") {
                guard let end = find(Array("?>".utf8), from: i + 2) else { break }
                i = end + 2
            } else if starts(i, "<!") || starts(i, "</") {
                if starts(i, "</") { depth = max(0, depth - 1) }
                var j = i + 2
                while j < b.count && b[j] != gt { j += 1 }
                i = j + 1
            } else {
                var j = i + 1
                while j < b.count && b[j] != gt { j += 1 }
                let selfClosing = j < b.count && b[j - 1] == slash
                if !selfClosing {
                    depth += 1
                    deepest = max(deepest, depth)
                    if deepest > stopAbove { return deepest }
                }
                i = j + 1
            }
        }
        return deepest
    }

    /// Whether a binary property list ("bplist00") nests deeper than `limit` or has a cycle.
    /// A list whose trailer or offsets make no sense is left to the parser to refuse.
    static func binaryIsTooDeep(_ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard b.count >= 8 + 32 else { return false }
        func uint(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at + size <= b.count else { return nil }
            var v: UInt64 = 0
            for k in 0..<size { v = v << 8 | UInt64(b[at + k]) }
            return v > UInt64(Int.max) ? nil : Int(v)
        }
        let t = b.count - 32
        let offsetSize = Int(b[t + 6]), refSize = Int(b[t + 7])
        guard let count = uint(t + 8, 8), let top = uint(t + 16, 8), let table = uint(t + 24, 8),
              (1...8).contains(offsetSize), (1...8).contains(refSize),
              count <= b.count, top < count, table <= b.count, count <= (b.count - table) / offsetSize
        else { return false }

        /// Where object `ref`'s references start and how many it has (a dictionary's keys and
        /// values both), or nil for an object that holds none (or whose bytes make no sense).
        func children(_ ref: Int) -> (start: Int, count: Int)? {
            guard let at = uint(table + ref * offsetSize, offsetSize), at < b.count else { return nil }
            let marker = b[at] >> 4
            guard marker == 0xA || marker == 0xB || marker == 0xC || marker == 0xD else { return nil }
            var n = Int(b[at] & 0x0F), start = at + 1
            if n == 0x0F {
                guard start < b.count, b[start] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(b[start] & 0x0F)
                guard let big = uint(start + 1, size) else { return nil }
                n = big
                start += 1 + size
            }
            let refs = marker == 0xD ? n.multipliedReportingOverflow(by: 2) : (partialValue: n, overflow: false)
            guard !refs.overflow, refs.partialValue <= (b.count - min(start, b.count)) / refSize else { return nil }
            return (start, refs.partialValue)
        }

        // 0: not seen; -1: being walked (on the stack); d > 0: walked, that deep.
        var depth = [Int32](repeating: 0, count: count)
        var stack: [(ref: Int, start: Int, count: Int, next: Int, deepest: Int32)] = []
        func push(_ ref: Int) {
            let c = children(ref) ?? (0, 0)
            depth[ref] = -1
            stack.append((ref, c.start, c.count, 0, 0))
        }
        push(top)
        while let frame = stack.last {
            if frame.next == frame.count {
                let d = frame.deepest + 1
                depth[frame.ref] = d
                stack.removeLast()
                if !stack.isEmpty { stack[stack.count - 1].deepest = max(stack[stack.count - 1].deepest, d) }
                continue
            }
            stack[stack.count - 1].next += 1
            guard let child = uint(frame.start + frame.next * refSize, refSize), child < count else { continue }
            switch depth[child] {
            case -1: return true  // a cycle
            case 0:
                if stack.count >= limit { return true }
                push(child)
            default:
                let d = depth[child]
                if stack.count + Int(d) > limit { return true }
                stack[stack.count - 1].deepest = max(frame.deepest, d)
            }
        }
        return false
    }
}
