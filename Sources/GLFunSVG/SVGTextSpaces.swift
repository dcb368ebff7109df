import Foundation

/// A <text>'s white space as usvg trims it (after Chrome): each run of words between tags (a
/// *text node*) first on its own (xml:space default: newlines dropped, tabs made spaces, runs
/// of spaces made one; preserve: newlines and tabs made spaces), then where two nodes meet with
/// a space each, one of the two goes: the later one where the later node lies deeper in the
/// tree (`A <tspan> B</tspan>`: "A " and "B"), else the earlier one (`<tspan>A </tspan> B`: "A"
/// and " B"), and the very first node's leading space and the last one's trailing space go.
/// Every node of the text takes part, drawn or not (display: none, another language, a
/// textPath with no path): its spaces still decide where the spaces around it go.
///
/// What it is not: layout. It says only which characters each node keeps
/// (`SVGTextCollector` reads them by node).
struct SVGTextSpaces {
    /// A node: an element's piece of character data (`SVGNode.textPieces`), or a tref's text
    /// (`piece` -1).
    struct Key: Hashable {
        let node: ObjectIdentifier
        let piece: Int
    }

    private struct Node {
        let key: Key
        var text: [Character]
        let depth: Int
        let preserve: Bool
    }

    private var nodes: [Node] = []
    /// Each node's characters once trimmed.
    private(set) var kept: [Key: [Character]] = [:]

    /// The nodes of `text` (a <text> element), trimmed; `tref` gives a tref's text (nil when
    /// its link draws nothing).
    init(_ text: SVGNode, tref: (SVGNode) -> String?) {
        collect(text, depth: 0, isText: true, tref: tref)
        trim(text)
        for n in nodes { kept[n.key] = n.text }
    }

    /// The nodes in document order, as usvg's tree holds them: character data of the text, its
    /// tspans, as, trefs and (in the text itself) textPaths; nothing in other elements.
    private mutating func collect(_ n: SVGNode, depth: Int, isText: Bool, tref: (SVGNode) -> String?) {
        guard depth < SVGLimits.maxDepth else { return }
        n.inOrder(piece: { k, text in add(text, Key(node: ObjectIdentifier(n), piece: k), n, depth) }) { c in
            guard SVGTextCollector.holds(c, inText: isText) else { return }
            if c.name == "tref" {
                if let t = tref(c) { add(t, Key(node: ObjectIdentifier(c), piece: -1), c, depth + 1) }
            } else {
                collect(c, depth: depth + 1, isText: false, tref: tref)
            }
        }
    }

    /// A node trimmed on its own.
    private mutating func add(_ text: String, _ key: Key, _ n: SVGNode, _ depth: Int) {
        let preserve = SVGTextCollector.preserves(n)
        var out: [Character] = []
        for ch in text {
            var c = ch
            if ch.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
                if !preserve { continue }
                c = " "
            } else if ch == "\t" {
                c = " "
            }
            if !preserve, c == " ", out.last == " " { continue }
            out.append(c)
        }
        nodes.append(Node(key: key, text: out, depth: depth, preserve: preserve))
    }

    /// The spaces where nodes meet, as usvg's `trim_text_nodes` takes them, pair by pair.
    private mutating func trim(_ text: SVGNode) {
        if nodes.count == 1 {
            guard !SVGTextCollector.preserves(text) else { return }
            if nodes[0].text == [" "] { nodes[0].text = [] }
            if nodes[0].text.count >= 2 {
                if nodes[0].text.first == " " { nodes[0].text.removeFirst() }
                if nodes[0].text.last == " " { nodes[0].text.removeLast() }
            }
            return
        }
        guard nodes.count > 1 else { return }
        var lastNonEmpty: Int?
        let pairs = nodes.count - 1
        for i in 0..<pairs {
            var a = i
            if nodes[a].text.isEmpty, let n = lastNonEmpty { a = n }
            let b = i + 1
            let deeper = nodes[i].depth < nodes[b].depth
            let pa = nodes[a].preserve, pb = nodes[b].preserve
            let c1 = nodes[a].text.first, c2 = nodes[a].text.last, c3 = nodes[b].text.first, c4 = nodes[b].text.last
            if deeper {
                if c3 == " ", !pb { nodes[b].text.removeFirst() }
            } else if c2 == " ", c3 == " " {
                if !pa && !pb {
                    nodes[a].text.removeLast()
                } else if pa && !pb {
                    nodes[b].text.removeFirst()
                }
            }
            if i == 0, c1 == " ", !pa, !nodes[a].text.isEmpty {
                if nodes[a].text.first == " " { nodes[a].text.removeFirst() }
            } else if i == pairs - 1, c4 == " ", !nodes[b].text.isEmpty, !pb {
                if nodes[b].text.last == " " { nodes[b].text.removeLast() }
            }
            if i == pairs - 1, c2 == " ", !nodes[a].text.isEmpty, nodes[b].text.isEmpty, nodes[a].text.last == " " {
                nodes[a].text.removeLast()
            }
            if nodes[a].text.contains(where: { !$0.isWhitespace }) { lastNonEmpty = a }
        }
    }
}
