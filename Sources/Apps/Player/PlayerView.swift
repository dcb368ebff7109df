import GLES
import GLFunKit
import GLFunMovie
import GLFunUI

/// Draws the player: the movie's frame aspect-fit on black (drawn by libmpv straight into the
/// view, `Movie.present`), then the bar and the message line in one batch of shapes and one of
/// labels.
final class PlayerView {
    static let background = Color(0, 0, 0)
    static let tint = Color(0.0, 0.48, 1.0)

    private let renderer: Renderer
    private let atlas: LabelAtlas

    init(renderer: Renderer) throws(GLESError) {
        self.renderer = renderer
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
        if app.clock == .byTime {
            // The exact frame, drawn into the movie's own target at the size it is shown.
            let size = PlayerView.fittedPixels(app.info, canvas)
            if movie.renderSize == nil || movie.renderSize! != size { movie.renderSize = size }
            try movie.showFrame(at: app.position)
        }
        frame.bind()
        // libmpv draws the frame straight into the view, as mpv's own window does: one
        // full-view pass, not a copy through the movie's texture (`Movie.present`). By time, the
        // exact frame `showFrame` put in place is drawn the same way, so a window and its replay
        // give the same pixels.
        if movie.framesDrawn == 0 {
            GL.apply(DrawState(viewportWidth: canvas.pixelWidth, viewportHeight: canvas.pixelHeight))
            let b = PlayerView.background
            GL.clear(red: b.r, green: b.g, blue: b.b, alpha: 1, depth: false)
        }
        let wasLoading = movie.info == nil
        movie.present(width: canvas.pixelWidth, height: canvas.pixelHeight)
        if case let .failed(e) = movie.state { throw e }
        if app.clock == .live, wasLoading, movie.info != nil { app.movieLoaded() }
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
        var o = Overlay()
        if app.barVisible {
            let bar = app.bar
            o.rect(bar.frame, Overlay.panel)
            for b in bar.buttons { o.button(b.label, in: b.frame, color: PlayerView.tint) }
            o.label(bar.timeLabel, size: 13, in: bar.timeFrame)
            o.slider(track: bar.track, fraction: bar.fraction, thumb: bar.thumb, tint: PlayerView.tint)
        }
        if let m = app.message { o.message(m.text, canvas: canvas) }
        try o.draw(renderer: renderer, atlas: atlas, canvas: canvas)
    }
}
