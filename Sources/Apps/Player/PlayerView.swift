import GLFunGLES
import GLFunKit
import GLFunMovie
import GLFunUI

/// What one frame of the player shows, handed to `PlayerView` as a value: the view reads
/// nothing of the app and calls nothing back.
struct PlayerPicture {
    /// The movie libmpv draws (the app opens and keeps it).
    let movie: Movie
    /// The clip's size and length.
    let info: MovieInfo
    /// Replay and export: the exact frame at this position in seconds; nil (live): the frame
    /// libmpv has now.
    let exactFrame: Double?
    /// The bar, when it shows.
    let bar: PlayerBar?
    /// The message line at the top, when one shows.
    let message: String?
}

/// Draws the player: the movie's frame aspect-fit on black (drawn by libmpv straight into the
/// view, `Movie.present`), then the bar and the message line in one batch of shapes and one of
/// labels. It is given what it draws (`PlayerPicture`) and holds no app.
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

    /// Draws `picture` into `frame`. Returns whether the movie finished loading in this frame
    /// (it had no picture before, and has now).
    func draw(_ picture: PlayerPicture, _ frame: FrameTarget) throws -> Bool {
        let canvas = frame.canvas
        let movie = picture.movie
        if let at = picture.exactFrame {
            // The exact frame, drawn into the movie's own target at the size it is shown.
            let size = PlayerView.fittedPixels(picture.info, canvas)
            if movie.renderSize == nil || movie.renderSize! != size { movie.renderSize = size }
            try movie.showFrame(at: at)
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
        try drawOverlay(picture, canvas: canvas)
        return wasLoading && movie.info != nil
    }

    /// Draws one frame for `canvas` into a scratch target of a few pixels, so that the
    /// programs, the labels' glyphs and the buffers are made before the movie starts, without
    /// the pixel work of a whole frame nobody sees (GL clips the canvas-sized draws to the
    /// target). Returns what `draw` does.
    func warmUp(_ picture: PlayerPicture, canvas: Canvas) throws -> Bool {
        let scratch = try Framebuffer(context: renderer.context, width: 16, height: 16, depth: false)
        let frame = FrameTarget(renderer: renderer, canvas: canvas, preserved: false) { scratch.bind() }
        return try draw(picture, frame)
    }

    private func drawOverlay(_ picture: PlayerPicture, canvas: Canvas) throws(GLESError) {
        var o = Overlay()
        if let bar = picture.bar {
            o.rect(bar.frame, Overlay.panel)
            for b in bar.buttons { o.button(b.label, in: b.frame, color: PlayerView.tint) }
            o.label(bar.timeLabel, size: 13, in: bar.timeFrame)
            o.slider(track: bar.track, fraction: bar.fraction, thumb: bar.thumb, tint: PlayerView.tint)
        }
        if let m = picture.message { o.message(m, canvas: canvas) }
        try o.draw(renderer: renderer, atlas: atlas, canvas: canvas)
    }
}
