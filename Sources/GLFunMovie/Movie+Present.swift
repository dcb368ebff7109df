import GLFunGLES

extension Movie {
    /// Draws the movie the way mpv's own window does: libmpv's newest frame straight into the
    /// framebuffer bound now, `width` x `height` pixels (GL's bottom-left origin; the movie
    /// letterboxed by libmpv on black), with no copy through `texture`. Reads libmpv's events
    /// first, as `update()` does. A frame that is not new is drawn again (libmpv keeps the
    /// current one), so a window can call it at every frame it draws.
    ///
    /// Cheaper than `update()` and drawing `texture`: one full-view pass (libmpv's) a frame
    /// instead of two (libmpv's into the texture, then the texture's into the view), which on
    /// llvmpipe is most of a player's CPU. `texture` keeps the frame it held before (for a
    /// `showFrame(at:)` or an `update()` later); `framesDrawn` counts the new frames.
    ///
    /// GL state: as every draw of the movie's, put back as it was (`GLStateSnapshot`).
    @discardableResult
    public func present(width: Int, height: Int) -> Update {
        var u = Update()
        let before = state
        while let e = core.nextEvent() { handle(e) }
        if let renderer, width > 0, height > 0 {
            if renderer.pending() == .frame {
                noteNewFrame()
                u.newFrame = true
            }
            renderer.drawIntoBound(width: width, height: height)
        }
        u.stateChanged = state != before
        return u
    }
}
