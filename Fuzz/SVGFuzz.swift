// libFuzzer target: the SVG reader (GLFunSVG). Any input must give a document or an SVGError,
// never a crash, a hang or unbounded memory: the bytes are read (libxml2 with no network, no
// external entities, a bound on entity expansion), the cascade is applied, and the document is
// drawn through a GraphicsContext into a scene at two scales (the drawing walk: structure,
// use, transforms, paints, gradients, dashes, layers) with its warnings heard. The first
// shapes are tessellated as the renderer would (GL itself is not called: too slow per input).
// With -D CSS the input is a style sheet instead: put into a small document's <style> (as
// CDATA) and its root's style attribute (escaped), then drawn the same way. Built and run by
// scripts/fuzz/run (targets svg and css).
import Foundation
import GLFunKit
import GLFunSVG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    #if CSS
    let bytes = cssDocument(String(decoding: input, as: UTF8.self))
    #else
    let bytes = input
    #endif
    let doc: SVGDocument
    do { doc = try SVGDocument(bytes: bytes) } catch {
        if error.description.isEmpty { fatalError("an error without words: \(error)") }
        return 0
    }
    if !(doc.width > 0 && doc.height > 0 && doc.width.isFinite && doc.height.isFinite) {
        fatalError("a document read with no size: \(doc.width) x \(doc.height)")
    }
    var warnings = 0
    for scale: Float in [1, 0.25] {
        do {
            let scene = try doc.scene(scale: scale) { _ in warnings += 1 }
            for s in scene.shapes.prefix(16) {
                guard let p = s.pathShape else { continue }
                let m = p.mesh(pixel: 1 / scale, antialias: true)
                if m.indices.count % 3 != 0 || !m.indices.allSatisfy({ Int($0) < m.vertexCount }) {
                    fatalError("a malformed mesh from an SVG shape")
                }
            }
        } catch {
            if error.description.isEmpty { fatalError("an error without words: \(error)") }
        }
    }
    return 0
}

#if CSS
/// A small document using what selectors match (types, ids, classes, attributes, nesting)
/// with `css` as its sheet and as its root's style attribute.
private func cssDocument(_ css: String) -> [UInt8] {
    let cdata = css.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>")
    let attribute = css.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: "\"", with: "&quot;")
    let body = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30" style="\(attribute)">\
        <style><![CDATA[\(cdata)]]></style>\
        <defs><linearGradient id="lg"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs>\
        <g id="outer" class="a b" opacity="0.5"><g class="c"><rect id="r" class="a" x="2" y="2" width="10" height="8" data-x="1"/>\
        <circle cx="20" cy="10" r="6" class="b"/><path d="M0 0 L10 10 Q20 0 30 10" class="c"/></g>\
        <a><line x1="0" y1="20" x2="40" y2="25" stroke="black"/><text x="1" y="28">t</text></a></g>\
        <use href="#r" x="20" y="15" class="u"/><ellipse cx="30" cy="25" rx="8" ry="3" fill="url(#lg)"/></svg>
        """
    return Array(body.utf8)
}
#endif
