internal import CGLFunXML

/// One element of the document: its name (namespace prefix dropped), attributes, children
/// and text, and (after the cascade) its declared style properties.
final class SVGNode {
    let name: String
    var attributes: [String: String]
    var children: [SVGNode] = []
    /// The element it is in (nil for the root).
    weak var parent: SVGNode?
    /// Text directly in it (a `<style>`'s sheet, a `<text>`'s words).
    var text = ""
    /// The same text in its pieces, each with how many child elements come before it
    /// (a `<text>`'s words and `<tspan>`s in document order).
    var textPieces: [(before: Int, text: String)] = []
    /// The properties declared on it: presentation attributes, then `<style>` rules, then the
    /// `style` attribute (later wins); filled by `StyleSheet.cascade`.
    var declared: [String: String] = [:]

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Its text pieces (each with its index in `textPieces`) and its child elements, in
    /// document order.
    func inOrder(piece: (Int, String) -> Void, child: (SVGNode) -> Void) {
        var k = 0
        for i in 0...children.count {
            while k < textPieces.count, textPieces[k].before <= i {
                piece(k, textPieces[k].text)
                k += 1
            }
            if i < children.count { child(children[i]) }
        }
    }

    var id: String? { attributes["id"] }
    /// Its class attribute's names (for CSS's `.class`), worked out once.
    lazy var classes: Set<String> = Set((attributes["class"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
}

/// libxml2 asked never to load anything: no network, no file, no DTD.
private let refuseEverything: Void = {
    xmlSetExternalEntityLoader { _, _, _ in nil }
}()

/// Reads XML into `SVGNode`s with libxml2: no network (`XML_PARSE_NONET`), entities not
/// substituted by libxml2 (no `XML_PARSE_NOENT`) but expanded here within a bound, external
/// entities refused, no DTD loaded, depth and element count bounded.
enum XMLTree {
    static let svgNamespace = "http://www.w3.org/2000/svg"

    static func parse(_ bytes: [UInt8]) throws(SVGError) -> SVGNode {
        guard bytes.count <= SVGLimits.maxBytes else { throw .tooLarge(bytes: bytes.count, limit: SVGLimits.maxBytes) }
        _ = refuseEverything
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue)
        let doc: xmlDocPtr? = bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    xmlReadMemory($0, Int32(buf.count), "document.svg", nil, options)
                }
            }
        }
        guard let doc else {
            let err = xmlGetLastError()
            let code = err.map { Int($0.pointee.code) } ?? 0
            let message = err.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "empty document"
            let line = err.map { Int($0.pointee.line) } ?? 0
            if code == Int(XML_ERR_ENTITY_LOOP.rawValue) || message.contains("amplification") {
                throw .entityExpansion(limit: SVGLimits.maxEntityExpansion)
            }
            if message.contains("Excessive depth") { throw .tooDeep(limit: SVGLimits.maxDepth) }
            throw .xmlSyntax(line: line, message: message.trimmingWhitespace())
        }
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { throw .xmlSyntax(line: 0, message: "no root element") }
        var builder = Builder()
        return try builder.element(root, depth: 0)
    }

    private struct Builder {
        var elements = 0
        var expanded = 0
        var entityReferences = 0

        mutating func element(_ n: xmlNodePtr, depth: Int) throws(SVGError) -> SVGNode {
            guard depth < SVGLimits.maxDepth else { throw .tooDeep(limit: SVGLimits.maxDepth) }
            elements += 1
            guard elements <= SVGLimits.maxElements else { throw .tooManyElements(limit: SVGLimits.maxElements) }
            var attributes: [String: String] = [:]
            var a = n.pointee.properties
            var plainHref = false
            while let attr = a {
                let name = String(cString: attr.pointee.name)
                var value = ""
                var t = attr.pointee.children
                while let text = t {
                    if let content = text.pointee.content { value += String(cString: content) }
                    t = text.pointee.next
                }
                // SVG 2: a plain href wins over xlink:href, in whichever order they are written.
                let key = qualified(name, attr.pointee.ns)
                if key == "href", attr.pointee.ns == nil { plainHref = true }
                if key != "href" || attr.pointee.ns == nil || !plainHref { attributes[key] = value }
                a = attr.pointee.next
            }
            let node = SVGNode(name: String(cString: n.pointee.name), attributes: attributes)
            try children(of: n.pointee.children, into: node, depth: depth, entityDepth: 0)
            return node
        }

        /// xlink:href and href read alike (a plain href wins); other prefixed attributes keep their prefix.
        private func qualified(_ name: String, _ ns: xmlNsPtr?) -> String {
            guard let ns, let prefix = ns.pointee.prefix else { return name }
            let p = String(cString: prefix)
            return p == "xlink" && name == "href" ? "href" : p + ":" + name
        }

        private mutating func children(of first: xmlNodePtr?, into node: SVGNode, depth: Int, entityDepth: Int) throws(SVGError) {
            var c = first
            while let child = c {
                switch child.pointee.type {
                case XML_ELEMENT_NODE:
                    // Elements of another namespace (and what is in them) are not SVG's: left out.
                    if let ns = child.pointee.ns, let href = ns.pointee.href, String(cString: href) != XMLTree.svgNamespace { break }
                    let e = try element(child, depth: depth + 1)
                    e.parent = node
                    node.children.append(e)
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = child.pointee.content { try addText(String(cString: content), to: node) }
                case XML_ENTITY_REF_NODE:
                    let name = String(cString: child.pointee.name)
                    let ent = UnsafeMutableRawPointer(child.pointee.children)?.assumingMemoryBound(to: xmlEntity.self)
                    if let ent, ent.pointee.etype != XML_INTERNAL_GENERAL_ENTITY {
                        throw .externalEntity(name: name)
                    }
                    entityReferences += 1
                    guard entityDepth < 8, entityReferences <= 100_000 else { throw .entityExpansion(limit: SVGLimits.maxEntityExpansion) }
                    // The entity's parsed content hangs under it; walk it as if written here.
                    if let ent {
                        try children(of: ent.pointee.children, into: node, depth: depth, entityDepth: entityDepth + 1)
                    }
                default:
                    break
                }
                c = child.pointee.next
            }
        }

        private mutating func addText(_ s: String, to node: SVGNode) throws(SVGError) {
            expanded += s.utf8.count
            guard expanded <= SVGLimits.maxBytes + SVGLimits.maxEntityExpansion else {
                throw .entityExpansion(limit: SVGLimits.maxEntityExpansion)
            }
            node.text += s
            // No copy of the last piece held while its text grows (each += would copy it whole:
            // text of many entity references or character data pieces).
            let k = node.textPieces.count - 1
            if k >= 0, node.textPieces[k].before == node.children.count {
                node.textPieces[k].text += s
            } else {
                node.textPieces.append((node.children.count, s))
            }
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
