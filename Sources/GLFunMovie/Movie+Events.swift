import Foundation
import GLES

extension Movie {
    /// What `update()` found.
    public struct Update: Equatable, Sendable {
        /// `state` changed (loaded, failed, ended, …).
        public var stateChanged = false
        /// A new frame was drawn into `texture`.
        public var newFrame = false
    }

    /// Reads libmpv's waiting events and, if it has a new frame, draws it into `texture`.
    /// Call it on the movie's thread after `onWake`, or on every tick of a loop. Never waits.
    @discardableResult
    public func update() -> Update {
        var u = Update()
        let before = state
        while let e = core.nextEvent() { handle(e) }
        u.stateChanged = state != before
        u.newFrame = drawIfNew()
        return u
    }

    /// Waits (reading events and drawing frames) until the movie is ready (or playing) with
    /// its first frame drawn, or has failed; at most `timeout` seconds. Returns its info.
    @discardableResult
    public func waitUntilReady(timeout: Double = 20) throws(MovieError) -> MovieInfo {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let g = signalGeneration
            update()
            if case let .failed(e) = state { throw e }
            if let info, framesDrawn > 0 { return info }
            if !waitForWake(after: g, until: deadline) {
                throw MovieError(.timedOut, path: path, reason: "not ready after \(timeout) s")
            }
        }
    }

    /// Draws the frame shown at `seconds` into `texture`, exactly, and returns that texture:
    /// the movie is paused, seeks there with libmpv's exact seek (decoding from the keyframe
    /// before it), or steps there frame by frame when it is at most `stepLimit` frames after
    /// the frame shown, and this waits until the frame is drawn (at most `timeout` seconds). A time at
    /// or past the end gives the last frame. The same time always gives the same pixels.
    @discardableResult
    public func showFrame(at seconds: Double, timeout: Double = 30) throws(MovieError) -> Texture2D {
        let info = try waitUntilReady(timeout: timeout)
        guard seconds.isFinite, seconds >= 0 else {
            throw MovieError(.badTime, path: path, reason: "no frame at \(seconds) s (the movie is 0 to \(info.duration) s)")
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        pause()
        // Untimed: a step or a seek draws its frame as soon as it is decoded, rather than
        // waiting out a frame's time on libmpv's clock (40 ms a step at 25 frames a second, and
        // about half a second a seek, on llvmpipe). `play()` makes it timed again.
        try? core.set("untimed", "yes")
        // libmpv's exact seek shows the first frame starting at or after the time asked for;
        // the frame shown *at* a time is the one that started last before it: ask for its start.
        let t = MovieTiming.frameStart(containing: seconds, info: info)
        if shownTime == t, let tex = texture { return tex }
        // A little ahead of the frame shown (a movie played by time, frame after frame): step
        // there, decoding only the frames between, instead of seeking back to a keyframe.
        let target = MovieTiming.frameIndex(at: t, info: info)
        if let shown = shownTime, case let ahead = target - MovieTiming.frameIndex(at: shown, info: info),
           ahead >= 1, ahead <= Movie.stepLimit {
            for _ in 0..<ahead { try step(timeout: timeout) }
        } else {
            try seekAndWait(to: t, timeout: timeout)
        }
        shownTime = t
        guard let tex = texture else {
            throw MovieError(.render, path: path, reason: "libmpv drew no frame at \(seconds) s")
        }
        return tex
    }

    /// At most this many frames ahead, `showFrame` steps rather than seeks.
    static let stepLimit = 48

    /// One frame forward (libmpv's frame-step, paused after), waiting until it is drawn.
    private func step(timeout: Double) throws(MovieError) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let drawnBefore = videoFramesDrawn
        try core.command(["frame-step"])
        // Done when the frame is drawn and libmpv has paused again (a step unpauses for one
        // frame; a second step asked for before that would be lost).
        while true {
            let g = signalGeneration
            update()
            if case let .failed(e) = state { throw e }
            if videoFramesDrawn > drawnBefore, core.flag("pause") == true { break }
            if !waitForWake(after: g, until: deadline) {
                throw MovieError(.timedOut, path: path, reason: "no next frame after \(timeout) s")
            }
        }
    }

    /// libmpv's exact seek to `t`, waiting until its frame is drawn.
    private func seekAndWait(to t: Double, timeout: Double) throws(MovieError) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let restarts = restartCount, drawnBefore = videoFramesDrawn
        try core.command(["seek", String(t), "absolute+exact"])
        while true {
            let g = signalGeneration
            update()
            if case let .failed(e) = state { throw e }
            // Done when the seek has finished and a frame came after it (in either order).
            if restartCount > restarts && videoFramesDrawn > drawnBefore { break }
            if !waitForWake(after: g, until: deadline) {
                throw MovieError(.timedOut, path: path, reason: "no frame at \(t) s after \(timeout) s")
            }
        }
    }
}
