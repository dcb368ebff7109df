import GLFunKit

/// The outermost svg's `background-color` (a CSS property browsers paint behind the canvas,
/// usvg behind the content): the viewBox's rectangle (the picture's, without one) filled with
/// that colour under the viewBox's transform, before the root's own opacity, clip and mask.
/// Only a colour is read; anything else (a url, `none`, a word not a colour) paints nothing.
enum SVGBackground {
    static func color(of root: SVGNode) -> Color? {
        guard let text = root.declared["background-color"] ?? root.attributes["background-color"] else { return nil }
        guard let c = SVGColor.parse(text.trimmingWhitespace()), c.a > 0 else { return nil }
        return c
    }

    /// Fills the rectangle (x, y, w, h), in the current user space, with `root`'s background colour.
    static func draw(_ root: SVGNode, x: Double, y: Double, width: Double, height: Double, into ctx: inout GraphicsContext) {
        guard let c = color(of: root) else { return }
        ctx.fill(SVGRect(x: x, y: y, width: width, height: height).path, paint: .solid(c), rule: .nonzero)
    }
}
