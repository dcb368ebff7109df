import GLFunGLES
import GLFunKit

/// Draws a slide: a photo placed by a `SlideLayout` over the background color, filling the
/// bound target (of `canvas`'s pixel size). A slide show composes the current and the next
/// slide each into a view-sized `Framebuffer` this way, and a `Transition` blends the two.
/// The photo is sampled linearly, so it stays smooth at any zoom, scale or angle.
///
/// GL state: `draw` checks the bound target and sets all it depends on, whatever the
/// caller left: `GL.apply` from nothing (viewport to the canvas's pixels, scissor off,
/// color mask, no culling, stencil, polygon offset, sample coverage or dither, blending
/// off, depth test off, depth writes on), the clear color, its program, the photo on
/// texture unit 0 with a linear filter (set on the texture, and left so), its vertex buffer
/// on GL_ARRAY_BUFFER with arrays 0 and 1 enabled and every other disabled,
/// GL_ELEMENT_ARRAY_BUFFER 0. It leaves all of that so: unit 0 active with the photo bound,
/// its program in use.
public final class SlideComposer {
    private let context: Context
    private let program: ShaderProgram
    private let backgroundLocation: Int32
    private let quad: VertexBuffer

    /// A composer for `context` (current): compiles its program, makes its quad.
    public init(context: Context) throws(GLESError) {
        context.requireCurrent("SlideComposer")
        self.context = context
        program = try ShaderProgram(context: context, name: "slide", vertex: EmbeddedShader.source("Slide.vsh"),
                                    fragment: EmbeddedShader.source("Slide.fsh"), attributes: ["position", "texcoord"])
        try program.set("photo", .int(0))
        backgroundLocation = try program.uniform("background")
        quad = VertexBuffer(context: context, usage: .streamDraw)
    }

    /// Clears the bound target to `background` and draws `photo` placed by `layout`.
    /// `flipped`: the photo was rendered by GL (rows bottom-up) rather than uploaded from
    /// an `Image` (rows top-down).
    /// - Throws: `GLESError.noRenderTarget`, `.framebuffer` (see `GL.checkRenderTarget`).
    public func draw(_ photo: Texture2D, layout: SlideLayout = SlideLayout(), canvas: Canvas, background: Color,
                     flipped: Bool = false) throws(GLESError) {
        context.requireCurrent("SlideComposer.draw")
        try GL.checkRenderTarget()
        GL.apply(DrawState(viewportWidth: canvas.pixelWidth, viewportHeight: canvas.pixelHeight))
        GL.clear(red: background.r, green: background.g, blue: background.b, alpha: 1, depth: false)
        let p = layout.corners(imageWidth: photo.width, imageHeight: photo.height, canvas: canvas)
        let s = photo.maxS, top: Float = flipped ? photo.maxT : 0, bottom: Float = flipped ? 0 : photo.maxT
        try drawQuad(photo, corners: p, texcoords: (0, top, s, bottom), canvas: canvas, background: background)
    }

    /// Draws the part `texcoords` (s0, t0, s1, t1: fractions of `part`'s image, top-left
    /// origin) of `part` onto the quad `corners` (top-left, top-right, bottom-right, bottom-left,
    /// in view points) over what the bound target holds, without clearing: a tile of a zoomed-in
    /// picture over the fitted picture `draw` drew. Sets and leaves GL state as `draw`.
    /// - Throws: as `draw`.
    public func drawPart(_ part: Texture2D, texcoords: (Float, Float, Float, Float), corners: [Point], canvas: Canvas,
                         background: Color) throws(GLESError) {
        context.requireCurrent("SlideComposer.drawPart")
        try GL.checkRenderTarget()
        GL.apply(DrawState(viewportWidth: canvas.pixelWidth, viewportHeight: canvas.pixelHeight))
        let t = texcoords
        try drawQuad(part, corners: corners, texcoords: (t.0 * part.maxS, t.1 * part.maxT, t.2 * part.maxS, t.3 * part.maxT),
                     canvas: canvas, background: background)
    }

    /// The textured quad: `corners` as `drawPart`'s, `st` (left, top, right, bottom) in the texture.
    private func drawQuad(_ photo: Texture2D, corners p: [Point], texcoords st: (Float, Float, Float, Float), canvas: Canvas,
                          background: Color) throws(GLESError) {
        func clip(_ q: Point) -> (Float, Float) { (2 * q.x / canvas.width - 1, 1 - 2 * q.y / canvas.height) }
        // A strip: top-left, top-right, bottom-left, bottom-right; x, y (clip), s, t.
        var vertices: [Float] = []
        for (corner, c) in [(p[0], (st.0, st.1)), (p[1], (st.2, st.1)), (p[3], (st.0, st.3)), (p[2], (st.2, st.3))] {
            let (x, y) = clip(corner)
            vertices += [x, y, c.0, c.1]
        }
        quad.upload(vertices)
        try program.set(location: backgroundLocation, .vec4(background.r, background.g, background.b, 1))
        photo.bind(unit: 0)
        photo.setFilter(.linear)
        try quad.setLayout([VertexAttribute(location: 0, components: 2, kind: .float, offset: 0),
                            VertexAttribute(location: 1, components: 2, kind: .float, offset: 8)], stride: 16)
        IndexBuffer.unbind()
        GL.draw(.triangleStrip, first: 0, count: 4)
    }
}
