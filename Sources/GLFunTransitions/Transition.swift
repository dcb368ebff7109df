import GLFunGLES
import GLFunKit

/// A transition compiled for a context: draws one frame of the change from one
/// view-sized image to another into the bound target.
///
/// The images are textures rendered by GL (a `Framebuffer`'s, rows bottom-up) and cover
/// their whole storage, as a `SlideComposer` leaves them. The program is the
/// transition's body in the gl-transitions interface (`TransitionSource`); its
/// parameters start at their defaults, then `parameters` given to `init` (a built-in
/// kind's own), then whatever `set` changes. One optional uniform beyond that interface
/// is filled by `draw` when the body declares it: `uniform vec4 background`, the color
/// around the slides (what a flip shows edge-on).
///
/// GL state: `draw` checks the bound target (`GLESError.noRenderTarget` for framebuffer 0
/// of a headless context) and sets all it depends on, whatever the caller left:
/// `GL.apply` from nothing (viewport to the canvas's pixels, scissor test off, color mask,
/// no culling, stencil, polygon offset, sample coverage or dither, blending off, depth
/// test off, depth writes on), its program, `to` on texture unit 1 and `from` on unit 0,
/// both sampled per `filter` (set on the textures and left so), its vertex buffer
/// on GL_ARRAY_BUFFER with attribute array 0 enabled and every other disabled, and
/// GL_ELEMENT_ARRAY_BUFFER 0. It leaves all of that so: unit 0 active, the program in use.
/// `init` and `set` leave the program in use.
public final class Transition {
    /// Where the program's body came from.
    public let source: TransitionSource
    /// The linked program.
    public let program: ShaderProgram
    /// How `draw` samples the two images. Linear for a transition from a file (it may zoom
    /// in); nearest for the built-in kinds, which read the view-sized images at their own
    /// size or smaller (a flip magnifies its near edge at most 1.3 times): the same picture
    /// where they read whole pixels, sharper where they shift them, and on llvmpipe a read
    /// costs half as much (1280x720: 2.8 against 4.4 ms of CPU).
    public var filter: TextureFilter
    private let context: Context
    private let quad: VertexBuffer
    private let progressLocation: Int32?
    private let ratioLocation: Int32?
    private let backgroundLocation: Int32?

    /// Compiles and links `source` and sets its parameters: the defaults its comments
    /// give, then `parameters`.
    /// - Throws: `GLESError.compile` (stage, the source's name, the driver's log, its
    ///   line numbers the body's own) or `.link`; `.unknownUniform` for a parameter the
    ///   body does not declare; `.uniformMismatch` for a value not of its type.
    public init(context: Context, source: TransitionSource, parameters: [String: UniformValue] = [:],
                filter: TextureFilter = .linear) throws(GLESError) {
        context.requireCurrent("Transition(\(source.name))")
        self.context = context
        self.source = source
        self.filter = filter
        program = try ShaderProgram(context: context, name: source.name,
                                    vertex: EmbeddedShader.source("Transition.vsh"),
                                    fragment: source.fragmentShader, attributes: ["position"])
        progressLocation = program.uniformIfPresent("progress")
        ratioLocation = program.uniformIfPresent("ratio")
        backgroundLocation = program.uniformIfPresent("background")
        quad = VertexBuffer(context: context, usage: .staticDraw)
        quad.upload([Float]([-1, -1, 1, -1, -1, 1, 1, 1]))
        if let from = program.uniformIfPresent("from") { try program.set(location: from, .int(0)) }
        if let to = program.uniformIfPresent("to") { try program.set(location: to, .int(1)) }
        for p in source.parameters {
            if let value = p.defaultValue { try setIfActive(p.name, value) }
        }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { try set(name, value) }
    }

    /// A built-in kind: its embedded body with the kind's parameters, sampled `.nearest`.
    public convenience init(context: Context, kind: TransitionKind) throws(GLESError) {
        try self.init(context: context, source: .builtIn(kind), parameters: kind.parameters, filter: .nearest)
    }

    /// Sets a parameter of the body (a uniform it declares). One the compiler removed
    /// because the body never reads it is skipped.
    /// - Throws: `.unknownUniform` for a name the body does not declare, `.uniformMismatch`.
    public func set(_ name: String, _ value: UniformValue) throws(GLESError) {
        guard source.parameter(name) != nil else { throw .unknownUniform(program: source.name, name: name) }
        try setIfActive(name, value)
    }

    private func setIfActive(_ name: String, _ value: UniformValue) throws(GLESError) {
        if let location = program.uniformIfPresent(name) { try program.set(location: location, value) }
    }

    /// Draws the frame at `progress` (0: `from` exactly, 1: `to`; eased by the caller if it
    /// wants, `Easing.easeInOut`) over the whole bound target, of `canvas`'s pixel size.
    /// `background` fills the body's `background` uniform, if it has one.
    /// - Throws: `GLESError.noRenderTarget`, `.framebuffer` (see `GL.checkRenderTarget`).
    public func draw(from: Texture2D, to: Texture2D, progress: Float, canvas: Canvas,
                     background: Color = .black) throws(GLESError) {
        context.requireCurrent("Transition.draw")
        precondition(from.maxS == 1 && from.maxT == 1 && to.maxS == 1 && to.maxT == 1,
                     "Transition.draw: the images must fill their textures (no power-of-two padding): "
                        + "compose each into a view-sized Framebuffer first.")
        try GL.checkRenderTarget()
        GL.apply(DrawState(viewportWidth: canvas.pixelWidth, viewportHeight: canvas.pixelHeight))
        if let l = progressLocation { try program.set(location: l, .float(progress.isNaN ? 0 : min(max(progress, 0), 1))) }
        if let l = ratioLocation { try program.set(location: l, .float(Float(canvas.pixelWidth) / Float(canvas.pixelHeight))) }
        if let l = backgroundLocation { try program.set(location: l, .vec4(background.r, background.g, background.b, background.a)) }
        to.bind(unit: 1)
        to.setFilter(filter)
        from.bind(unit: 0)
        from.setFilter(filter)
        try quad.setLayout([VertexAttribute(location: 0, components: 2, kind: .float, offset: 0)], stride: 8)
        IndexBuffer.unbind()
        GL.draw(.triangleStrip, first: 0, count: 4)
    }
}
