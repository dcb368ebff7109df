import GLES
import GLFunKit
import GLFunMovie
import GLFunTransitions
import GLFunUI

/// Draws the player: the movie's frame aspect-fit on black (composed by `SlideComposer`, drawn
/// by libmpv at the size it is shown, so texel for pixel), then the bar and the message line in
/// one batch of shapes and one of labels.
final class PlayerView {
    static let background = Color(0, 0, 0)
    static let tint = Color(0.0, 0.48, 1.0)

    private let renderer: Renderer
    private let composer: SlideComposer
    private let atlas: LabelAtlas

    init(renderer: Renderer) throws(GLESError) {
        self.renderer = renderer
        composer = try SlideComposer(context: renderer.context)
        atlas = try LabelAtlas(context: renderer.context)
    }

    /// The movie's picture fitted into the canvas, in pixels: the size libmpv draws it at.
    static func fittedPixels(_ info: MovieInfo, _ canvas: Canvas) -> (width: Int, height: Int) {
        let s = min(Double(canvas.pixelWidth) / Double(info.width), Double(canvas.pixelHeight) / Double(info.height))
        return (max(1, Int((Double(info.width) * s).rounded())), max(1, Int((Double(info.height) * s).rounded())))
    }

    func draw(_ app: PlayerApp, _ frame: FrameTarget) throws {
        let canvas = frame.canvas
        let movie = try app.openMovie(context: renderer.context)
        let size = PlayerView.fittedPixels(app.info, canvas)
        if movie.renderSize == nil || movie.renderSize! != size { movie.renderSize = size }
        switch app.clock {
        case .byTime:
            try movie.showFrame(at: app.position)
        case .live:
            let wasLoading = movie.info == nil
            movie.update()
            if case let .failed(e) = movie.state { throw e }
            if wasLoading, movie.info != nil { app.movieLoaded() }
        }
        frame.bind()
        if let texture = movie.texture {
            try composer.draw(texture, layout: SlideLayout(contentMode: .aspectFit), canvas: canvas,
                              background: PlayerView.background)
        } else {
            GL.apply(DrawState(viewportWidth: canvas.pixelWidth, viewportHeight: canvas.pixelHeight))
            let b = PlayerView.background
            GL.clear(red: b.r, green: b.g, blue: b.b, alpha: 1, depth: false)
        }
        try drawOverlay(app, canvas: canvas)
    }

    /// Draws one frame into a scratch target, so that the programs, the labels' glyphs and
    /// the buffers are made before the movie starts.
    func warmUp(_ app: PlayerApp) throws {
        let canvas = app.canvas
        let scratch = try Framebuffer(context: renderer.context, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                      depth: false)
        let frame = FrameTarget(renderer: renderer, canvas: canvas, preserved: false) { scratch.bind() }
        try draw(app, frame)
    }

    private func drawOverlay(_ app: PlayerApp, canvas: Canvas) throws(GLESError) {
        var shapes: [Shape] = []
        var labels: [(String, Float, Rect, Color)] = []
        if app.barVisible {
            let bar = app.bar
            let f = bar.frame
            shapes.append(.rect(Point(f.x, f.y), Point(f.maxX, f.maxY), color: Color(0.08, 0.08, 0.1, 0.82)))
            for b in bar.buttons {
                let r = b.frame
                shapes.append(.rect(Point(r.x, r.y), Point(r.maxX, r.maxY), color: PlayerView.tint))
                labels.append((b.label, 13, r, .white))
            }
            labels.append((bar.timeLabel, 13, bar.timeFrame, .white))
            let t = bar.track, th = bar.thumb
            shapes.append(.rect(Point(t.x, t.y), Point(t.maxX, t.maxY), color: Color(0.55, 0.55, 0.6)))
            shapes.append(.rect(Point(t.x, t.y), Point(t.x + bar.fraction * t.width, t.maxY), color: PlayerView.tint))
            shapes.append(.ellipse(Point(th.x, th.y), Point(th.maxX, th.maxY), color: .white))
        }
        if let m = app.message {
            let w = min(canvas.width - 20, Float(m.text.count) * 9 + 32)
            let r = Rect(x: ((canvas.width - w) / 2).rounded(), y: 16, width: w, height: 32)
            shapes.append(.rect(Point(r.x, r.y), Point(r.maxX, r.maxY), color: Color(0.08, 0.08, 0.1, 0.82)))
            labels.append((m.text, 15, r, .white))
        }
        guard !shapes.isEmpty else { return }
        try renderer.draw(shapes, canvas: canvas, background: nil, targetHasDepth: false)
        var quads: [SpriteQuad] = []
        for (text, size, r, color) in labels where !text.isEmpty {
            quads.append(try atlas.quad(text, size: size, centerX: r.x + r.width / 2, centerY: r.y + r.height / 2,
                                        color: color, canvas: canvas))
        }
        try renderer.drawSprites(atlas.texture, quads, canvas: canvas)
    }
}
