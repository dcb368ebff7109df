/// Whether a frame's opaque shapes go through the depth buffer (front to back, hidden pixels
/// dying at the depth test) or are drawn in painter's order like the rest: the picture is the
/// same either way (RenderTestCase.renderAllWays), the cost is not. The depth pass pays for a
/// whole-target depth clear and a depth test and write at every pixel drawn; it saves the
/// pixels later opaque shapes hide. Measured on llvmpipe (release, `glfun bench --aa on`, the
/// bench kit's 1280x720 scenes, opaque area over the target's: N=10 0.06, N=100 0.67, N=1000
/// 5.6): N=10 1.36 ms with depth, 0.85 without; N=100 5.4 and 5.2; N=1000 15.0 and 17.6. So
/// the depth pass is taken when the opaque shapes' areas add up to at least the target's (an
/// opaque fill's, `Renderer+OpaqueFills`, by its core: groups_1000, whose rotated fills' boxes
/// added up to more than the target, 22.5 ms with depth, 19.9 without).
extension Renderer {
    /// Whether the opaque shapes and fills of `shapes` cover, summed, at least `depthPassOverdraw` times
    /// the canvas (in points: the view's zoom counted).
    func depthPassPays(_ shapes: [Shape], canvas: Canvas) -> Bool {
        if depthPassOverdraw <= 0 { return true }
        let zoom = view.isIdentity ? 1 : view.scale * view.scale
        let goal = depthPassOverdraw * canvas.width * canvas.height / max(zoom, 1e-12)
        var area: Float = 0
        for (i, s) in shapes.enumerated() {
            if s.kind == .path {
                // An opaque fill hides what its core covers (`Renderer+OpaqueFills`).
                for q in fillCore(i) ?? [] { area += abs((q.p1.x - q.p0.x) * (q.p3.y - q.p0.y) - (q.p1.y - q.p0.y) * (q.p3.x - q.p0.x)) }
            } else if s.isOpaque {
                let w = abs(s.to.x - s.from.x), h = abs(s.to.y - s.from.y)
                area += s.kind == .line ? (w * w + h * h).squareRoot() * s.width : w * h
            }
            if area >= goal { return true }
        }
        return false
    }
}
