import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunTransitions
import GLFunUI

/// Draws the slide show: the slide (composed by `SlideComposer`: fitted or filled, turned,
/// zoomed), or during a change both slides, each composed into a view-sized framebuffer and
/// blended by the transition's program; then the bar and the message line. It keeps at most
/// three slide textures (the show's window of slides), uploading what the source decoded; a
/// movie slide's texture is its `Movie`'s frame at the time the app says (`SlideShowMovies`);
/// an SVG slide's is its drawing rendered for the view, and again zoomed in (`SVGSlideRendering`).
/// It is given what it draws (`SlideShowPicture`, a value) and holds no app; what it could not
/// draw it keeps for the app to warn about (`takeWarnings`).
final class SlideShowView {
    static let background = Color(0, 0, 0)
    static let tint = Color(0.0, 0.48, 1.0)
    /// An unchosen segment of the Order / Shuffle control.
    static let dim = Color(0.3, 0.3, 0.34)

    let renderer: Renderer
    private let composer: SlideComposer
    private let atlas: LabelAtlas
    private var transitions: [String: Transition] = [:]
    /// A user's gl-transitions file, used for every change when given.
    private let custom: TransitionSource?
    private var textures: [Int: Texture2D] = [:]
    private let movies: SlideShowMovies
    /// SVG slides rendered for the view, and zoomed in (`SVGSlideRendering`).
    private let svgs: SVGSlideRendering
    /// Which upload each slide's texture is (they count up): a texture made again is another.
    private var uploadID: [Int: Int] = [:]
    private var uploads = 0
    private var fromTarget = CanvasTarget(depth: false), toTarget = CanvasTarget(depth: false)
    /// What each target holds now: a slide's upload (or a movie's frame) composed with a layout at a size.
    private var fromKey: Composed?, toKey: Composed?
    /// The zoomed-in slide's tiles at full resolution, while it is zoomed in.
    private(set) var tiles: SlideTiles?
    /// Slides that could not be drawn since the last `takeWarnings`, and why.
    private var warnings: [(slide: Int, text: String)] = []

    /// What could not be drawn since the last call (a movie that failed, a tile's decode), for
    /// the app to warn about.
    func takeWarnings() -> [(slide: Int, text: String)] {
        defer { warnings = [] }
        return warnings
    }

    private struct Composed: Equatable {
        var slide: Int
        var upload: Int?
        var movieTime: Double?
        var layout: SlideLayout
        var pixels: [Int]
        var scale: Float
    }

    /// Composes `slide` into `target` unless it holds that already.
    private func ensure(_ target: Framebuffer, holds slide: Int, _ layout: SlideLayout, _ key: inout Composed?,
                        _ picture: SlideShowPicture, _ canvas: Canvas) throws {
        _ = try texture(slide, picture, canvas)
        let want = Composed(slide: slide, upload: uploadID[slide], movieTime: picture.movieTime(slide), layout: layout,
                            pixels: [canvas.pixelWidth, canvas.pixelHeight], scale: canvas.scale)
        if key == want { return }
        target.bind()
        try compose(slide, picture, layout: layout, canvas: canvas)
        key = want
    }

    init(renderer: Renderer, custom: TransitionSource?) throws(GLESError) {
        self.renderer = renderer
        composer = try SlideComposer(context: renderer.context)
        atlas = try LabelAtlas(context: renderer.context)
        movies = SlideShowMovies(context: renderer.context)
        svgs = SVGSlideRendering(renderer: renderer)
        self.custom = custom
    }

    /// The pictures will come at a new size: the textures made from the old ones go.
    func viewResized() {
        tiles = nil
        textures.removeAll()
        uploadID.removeAll()
        movies.closeAll()
        svgs.viewResized()
    }

    /// The scale (pixels per px) of the SVG slide shown rendered again for its zoom, if it is.
    var svgZoomScale: Double? { svgs.zoomed?.scale }

    /// The slides' textures kept now (at most three, movies' included).
    var residentTextures: Int { textures.count + movies.count }

    func draw(_ picture: SlideShowPicture, _ frame: FrameTarget) throws -> FrameReport {
        let canvas = frame.canvas
        let layout = picture.layout
        keepTextures(for: picture)
        if let run = picture.transition {
            let t = try self.targets(canvas)
            // The two slides are composed once a transition and again only when what they show
            // changes (the turn animating, a resize): a frame is then the transition's blend alone.
            let still = SlideLayout(contentMode: layout.contentMode, rotation: layout.rotation)
            try ensure(t.from, holds: run.from, still, &fromKey, picture, canvas)
            try ensure(t.to, holds: run.to, still, &toKey, picture, canvas)
            frame.bind()
            try transition(run.kind).draw(from: t.from.texture, to: t.to.texture,
                                          progress: Easing.easeInOut(min(1, max(0, picture.progress))), canvas: canvas,
                                          background: SlideShowView.background)
        } else {
            // The next slide, once the app has made it ready: uploaded and composed now, while
            // the show rests, so that the change to it starts with a frame like the others.
            if let u = picture.upcoming, u != picture.current {
                var t = try targets(canvas)
                if toKey?.slide == picture.current, fromKey?.slide != picture.current {
                    // The last transition ended on the slide shown: its target becomes the next one's "from".
                    t = (from: t.to, to: t.from)
                    swap(&fromTarget, &toTarget)
                    swap(&fromKey, &toKey)
                }
                let still = SlideLayout(contentMode: layout.contentMode, rotation: layout.rotation)
                try ensure(t.to, holds: u, still, &toKey, picture, canvas)
            }
            let fitted = try texture(picture.current, picture, canvas)  // a movie's frame drawn before the frame is bound
            let svg = picture.movieTime(picture.current) == nil ? try? picture.source.svg(picture.current)?.get() : nil
            let name = picture.source.name(picture.current)
            svgs.prepareZoom(picture.current, svg, fitted: fitted, layout: layout, canvas: canvas,
                             fullResolution: picture.fullResolution) { warnings.append((picture.current, "\(name): \($0)")) }
            frame.bind()
            try compose(picture.current, picture, layout: layout, canvas: canvas)
            try drawTiles(picture, layout: layout, canvas: canvas)
            try svgs.drawZoomed(picture.current, fitted: fitted, layout: layout, composer: composer, canvas: canvas,
                                background: SlideShowView.background)
        }
        try drawOverlay(picture, canvas: canvas)
        return FrameReport()
    }

    /// Draws one slide into the bound target (the background alone when it has no picture).
    private func compose(_ slide: Int, _ picture: SlideShowPicture, layout: SlideLayout, canvas: Canvas) throws {
        if let texture = try texture(slide, picture, canvas) {
            try composer.draw(texture, layout: layout, canvas: canvas, background: SlideShowView.background)
        } else {
            GL.apply(DrawState(viewportWidth: canvas.pixelWidth, viewportHeight: canvas.pixelHeight))
            let b = SlideShowView.background
            GL.clear(red: b.r, green: b.g, blue: b.b, alpha: 1, depth: false)
        }
    }

    /// The slide shown zoomed in, at full resolution over its fitted picture (`SlideTiles`):
    /// a still PNG or JPEG, unturning, with `fullResolution`. Unzoomed, its tiles are let go.
    private func drawTiles(_ picture: SlideShowPicture, layout: SlideLayout, canvas: Canvas) throws {
        let slide = picture.current
        let quarter = (layout.rotation / (.pi / 2)).rounded()
        guard picture.fullResolution, layout.zoom > 1.001, picture.movieTime(slide) == nil,
              abs(layout.rotation - quarter * .pi / 2) < 1e-4, let fitted = textures[slide] else {
            tiles = nil
            return
        }
        if tiles?.slide != slide {
            var onReady: (@Sendable () -> Void)?
            if picture.drawsTilesLive, let wakeup = picture.wakeup { onReady = { wakeup.wake() } }
            tiles = picture.source.tiles(slide, onReady: onReady)
                .map { SlideTiles(slide: slide, loader: $0, context: renderer.context) }
        }
        guard let tiles else { return }
        try tiles.draw(over: fitted, corners: layout.corners(imageWidth: fitted.width, imageHeight: fitted.height, canvas: canvas),
                       composer: composer, canvas: canvas, background: SlideShowView.background, waits: !picture.drawsTilesLive)
        if let failure = tiles.failure { warnings.append((slide, "\(failure)")) }
    }

    /// The slide's texture (a movie's frame at its time, for a view of `canvas`).
    private func texture(_ slide: Int, _ picture: SlideShowPicture, _ canvas: Canvas) throws -> Texture2D? {
        if let time = picture.movieTime(slide) {
            return movies.texture(slide, at: time, picture, viewPixels: max(canvas.pixelWidth, canvas.pixelHeight)) {
                self.warnings.append((slide, $0))
            }
        }
        if let t = textures[slide] { return t }
        let image: Image
        if let svg = picture.source.svg(slide) {
            // An SVG slide: rendered for the view, as a photo is decoded for it.
            let name = picture.source.name(slide)
            guard case let .success(d) = svg,
                  let i = svgs.fitted(slide, d, fill: picture.layout.contentMode == .aspectFill, canvas: canvas,
                                      warn: { warnings.append((slide, "\(name): \($0)")) }) else { return nil }
            if !d.warnings.isEmpty { warnings.append((slide, "\(name): " + d.warnings.map { "\($0)" }.joined(separator: "; "))) }
            image = i
        } else {
            guard case let .success(i) = picture.source.image(slide) else { return nil }
            image = i
        }
        let t = try Texture2D(context: renderer.context, image: image, options: TextureOptions(filter: .linear))
        textures[slide] = t
        uploads += 1
        uploadID[slide] = uploads
        return t
    }

    /// Lets go of the textures of slides the show has moved away from.
    private func keepTextures(for picture: SlideShowPicture) {
        var keep: Set<Int> = [picture.current]
        if let run = picture.transition { keep.insert(run.from) }
        if let u = picture.upcoming { keep.insert(u) }
        for k in textures.keys where !keep.contains(k) {
            textures[k] = nil
            uploadID[k] = nil
        }
        movies.keep(keep)
    }

    private func targets(_ canvas: Canvas) throws(GLESError) -> (from: Framebuffer, to: Framebuffer) {
        let from = try fromTarget.fit(canvas, context: renderer.context)
        let to = try toTarget.fit(canvas, context: renderer.context)
        if from.made || to.made {
            fromKey = nil
            toKey = nil
        }
        return (from.framebuffer, to.framebuffer)
    }

    private func transition(_ kind: TransitionKind) throws(GLESError) -> Transition {
        let key = custom == nil ? kind.rawValue : "custom"
        if let t = transitions[key] { return t }
        let t: Transition
        if let custom {
            t = try Transition(context: renderer.context, source: custom)
        } else {
            t = try Transition(context: renderer.context, kind: kind)
        }
        transitions[key] = t
        return t
    }

    /// The bar (sliding away in full screen) and the message line, in one batch of shapes and
    /// one of labels.
    private func drawOverlay(_ picture: SlideShowPicture, canvas: Canvas) throws(GLESError) {
        var o = Overlay()
        o.opacity = picture.barOpacity
        if let bar = picture.bar {
            o.rect(bar.frame, Overlay.panel)
            for b in bar.buttons { o.button(b.label, in: b.frame, color: b.dimmed ? SlideShowView.dim : SlideShowView.tint) }
            o.slider(track: bar.track, fraction: bar.fraction, thumb: bar.thumb, tint: SlideShowView.tint)
            o.label(bar.durationLabel, size: 13, in: bar.labelFrame)
        }
        o.opacity = 1
        if let m = picture.message { o.message(m, canvas: canvas) }
        try o.draw(renderer: renderer, atlas: atlas, canvas: canvas)
    }
}
