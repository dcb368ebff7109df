import GLFunGLES
import GLFunKit
import GLFunTransitions

/// The view's SVG slides, rendered with GL through the canvas (`GraphicsContext`): fitted, as a
/// picture upright (top row first) that the view keeps as the slide's texture, as a photo's; and
/// zoomed in, rendered again at the zoomed scale (`SVGSlide.zoomedScale`: by powers of two, within
/// a pixel budget) and drawn over the fitted picture's corners, so edges stay sharp where the
/// fitted picture would be magnified. What fails (a framebuffer too large for the GL) is said
/// once; the slide then shows the background.
final class SVGSlideRendering {
    private let renderer: Renderer
    /// Slides whose render failed: never tried again.
    private var failed: Set<Int> = []
    /// The zoomed-in render of the slide shown: its slide, pixels per px and texture.
    private(set) var zoomed: (slide: Int, scale: Double, texture: Texture2D)?
    /// Each slide's fitted render's pixels per px.
    private var fittedScales: [Int: Double] = [:]

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// The largest texture side the context takes.
    private var maxSide: Int { max(1, Context.maxTextureSize) }

    /// Slide `slide` (`svg`) rendered for a view of `canvas` (a square of its larger side,
    /// fitted or filled), or nil after a failure (`warn` hears it, once).
    func fitted(_ slide: Int, _ svg: SVGSlide, fill: Bool, canvas: Canvas, warn: (String) -> Void) -> Image? {
        guard !failed.contains(slide) else { return nil }
        let scale = svg.fittedScale(side: max(canvas.pixelWidth, canvas.pixelHeight), fill: fill, maxSide: maxSide)
        do {
            let image = try render(svg, scale: scale)
            fittedScales[slide] = scale
            return image
        } catch {
            failed.insert(slide)
            warn("\(error)")
            return nil
        }
    }

    /// Before the frame is bound: renders the slide shown again when `layout` zooms it in past
    /// its fitted render (`fullResolution`), or lets the last zoomed render go.
    func prepareZoom(_ slide: Int, _ svg: SVGSlide?, fitted: Texture2D?, layout: SlideLayout, canvas: Canvas,
                     fullResolution: Bool, warn: (String) -> Void) {
        guard fullResolution, layout.zoom > 1.001, let svg, let fitted, let fittedScale = fittedScales[slide],
              !failed.contains(slide) else {
            zoomed = nil
            return
        }
        let p = layout.corners(imageWidth: fitted.width, imageHeight: fitted.height, canvas: canvas)
        let dx = p[1].x - p[0].x, dy = p[1].y - p[0].y
        let onScreen = Double((dx * dx + dy * dy).squareRoot() * canvas.scale)  // the drawing's width on screen, pixels
        guard let scale = svg.zoomedScale(onScreen: onScreen, fitted: fittedScale, maxSide: maxSide) else {
            zoomed = nil
            return
        }
        if let z = zoomed, z.slide == slide, z.scale == scale { return }
        zoomed = nil
        do {
            let image = try render(svg, scale: scale)
            let texture = try Texture2D(context: renderer.context, image: image, options: TextureOptions(filter: .linear))
            zoomed = (slide, scale, texture)
        } catch {
            failed.insert(slide)
            warn("\(error)")
        }
    }

    /// Draws the zoomed render of `slide`, if there is one, over its fitted picture `fitted`
    /// (already drawn into the bound target by `layout`).
    func drawZoomed(_ slide: Int, fitted: Texture2D?, layout: SlideLayout, composer: SlideComposer, canvas: Canvas,
                    background: Color) throws(GLESError) {
        guard let z = zoomed, z.slide == slide, let fitted else { return }
        let corners = layout.corners(imageWidth: fitted.width, imageHeight: fitted.height, canvas: canvas)
        try composer.drawPart(z.texture, texcoords: (0, 0, 1, 1), corners: corners, canvas: canvas, background: background)
    }

    /// The view changed size: renders are made again for it.
    func viewResized() {
        zoomed = nil
        fittedScales.removeAll()
    }

    /// `svg` at `scale` pixels per px: its shapes recorded on a canvas and drawn antialiased on
    /// transparency into a framebuffer of that size, read back upright in straight alpha (the
    /// slide composer lays it over the show's background as it does a photo with transparency).
    private func render(_ svg: SVGSlide, scale: Double) throws(GLESError) -> Image {
        let canvas = Canvas(width: Float(svg.width), height: Float(svg.height), scale: Float(scale))
        let target = try Framebuffer(context: renderer.context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: true)
        var drawing = GraphicsContext()
        for s in svg.shapes { drawing.append(s) }
        let antialias = renderer.antialias
        renderer.antialias = true
        defer { renderer.antialias = antialias }
        target.bind()
        try drawing.draw(with: renderer, canvas: canvas, background: Color(0, 0, 0, 0), targetHasDepth: true)
        return try target.readPixels()
    }
}
