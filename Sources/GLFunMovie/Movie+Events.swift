import Foundation
import GLFunGLES

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
    /// A file that libmpv reads to its end without a frame (cut short before its first one)
    /// fails as soon as that is known: `.cannotPlay`, after `Movie.endGrace` for a frame
    /// already on its way, not at the timeout. A failure is the movie's for good: waiting
    /// again throws it again at once.
    @discardableResult
    public func waitUntilReady(timeout: Double = 20) throws(MovieError) -> MovieInfo {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var endedWithoutFrame: Date?
        while true {
            let g = signalGeneration
            update()
            if case let .failed(e) = state { throw e }
            if let info, framesDrawn > 0 { return info }
            if !coreAtEnd { endedWithoutFrame = nil } else {
                let since = endedWithoutFrame ?? Date()
                endedWithoutFrame = since
                if -since.timeIntervalSinceNow >= Movie.endGrace {
                    let e = MovieError(.cannotPlay, path: path, reason: "the file ends before its first frame (cut short?)")
                    state = .failed(e)
                    throw e
                }
            }
            let until = endedWithoutFrame.map { min(deadline, $0.addingTimeInterval(Movie.endGrace)) } ?? deadline
            if !waitForWake(after: g, until: until), until == deadline {
                throw MovieError(.timedOut, path: path, reason: "not ready after \(timeout) s")
            }
        }
    }

    /// Seconds a movie at its end with no frame drawn is given for a frame already decoded.
    static let endGrace = 0.3

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
        pause()
        // Untimed: a step or a seek draws its frame as soon as it is decoded, rather than
        // waiting out a frame's time on libmpv's clock (40 ms a step at 25 frames a second, and
        // about half a second a seek, on llvmpipe). `play()` makes it timed again.
        if !untimed {
            try? core.set("untimed", "yes")
            untimed = true
        }
        // libmpv's exact seek shows the first frame starting at or after the time asked for;
        // the frame shown *at* a time is the one that started last before it: ask for its start.
        let t = MovieTiming.frameStart(containing: seconds, info: info)
        if shownTime == t, let tex = texture { return tex }
        // A little ahead of the frame shown (a movie played by time, frame after frame): step
        // there, decoding only the frames between, instead of seeking back to a keyframe.
        let target = MovieTiming.frameIndex(at: t, info: info)
        if let shown = shownTime, case let ahead = target - MovieTiming.frameIndex(at: shown, info: info),
           ahead >= 1, ahead <= Movie.stepLimit, try stepForward(to: t, count: ahead, info: info, timeout: timeout) {
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

    /// Steps forward, at most `count` frames, until libmpv's `time-pos` says the frame shown
    /// starts at `t`. False (the caller seeks instead) when it went past, fell short, or a step
    /// took over a second (libmpv can merge a step asked for while the last one finishes, so
    /// the count alone cannot be trusted).
    private func stepForward(to t: Double, count: Int, info: MovieInfo, timeout: Double) throws(MovieError) -> Bool {
        let half = info.frameDuration / 2
        for _ in 0..<count {
            guard try step(timeout: min(timeout, 1)), let at = core.double("time-pos") else { return false }
            if at > t + half { return false }
            if at > t - half { return true }
        }
        return false
    }

    /// One frame forward (libmpv's frame-step, paused after), waiting until it is drawn;
    /// false when it was not within `timeout` seconds. libmpv sometimes lets a step asked for
    /// just after another pass without a frame (paused, `time-pos` unmoved): after a tenth
    /// of a second of that the step is asked for again.
    private func step(timeout: Double) throws(MovieError) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let drawnBefore = framesDrawn
        let from = core.double("time-pos")
        try core.command(["frame-step"])
        var retry = Date(timeIntervalSinceNow: 0.1)
        // Done when a new frame is drawn and libmpv has paused again (a step unpauses for one
        // frame); `pause` is read now, synchronously: an observed value could lag behind.
        while true {
            let g = signalGeneration
            update()
            if case let .failed(e) = state { throw e }
            if framesDrawn > drawnBefore, core.flag("pause") == true { return true }
            let until = min(deadline, retry)
            if !waitForWake(after: g, until: until) {
                if until == deadline { return false }
                if framesDrawn == drawnBefore, core.flag("pause") == true, core.double("time-pos") == from {
                    try core.command(["frame-step"])
                }
                retry = Date(timeIntervalSinceNow: 0.1)
            }
        }
    }

    /// libmpv's exact seek to `t`, waiting until its frame is drawn.
    private func seekAndWait(to t: Double, timeout: Double) throws(MovieError) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let restarts = restartCount, drawnBefore = framesDrawn
        try core.command(["seek", String(t), "absolute+exact"])
        var endedWithoutFrame: Date?
        let shown = (t * 1000).rounded() / 1000  // for messages: 2.8, not 2.8000000000000003
        while true {
            let g = signalGeneration
            update()
            if case let .failed(e) = state { throw e }
            // Done when the seek has finished and a frame came after it (in either order).
            if restartCount > restarts && framesDrawn > drawnBefore { break }
            // The seek finished at the file's end with no frame (a file cut before `t`): that
            // is the answer, not something to wait out the timeout for.
            if restartCount > restarts && coreAtEnd {
                let since = endedWithoutFrame ?? Date()
                endedWithoutFrame = since
                if -since.timeIntervalSinceNow >= Movie.endGrace {
                    throw MovieError(.cannotPlay, path: path, reason: "no frame at \(shown) s: the file ends before it (cut short?)")
                }
            } else {
                endedWithoutFrame = nil
            }
            let until = endedWithoutFrame.map { min(deadline, $0.addingTimeInterval(Movie.endGrace)) } ?? deadline
            if !waitForWake(after: g, until: until), until == deadline {
                throw MovieError(.timedOut, path: path, reason: "no frame at \(shown) s after \(timeout) s")
            }
        }
    }
}
