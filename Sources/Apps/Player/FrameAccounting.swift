/// What `glfun play --stats` counts: the clip frames that were on screen, and the frames that
/// fell due while the movie played but never were, whoever skipped them (libmpv dropping a
/// late frame, or a host too slow to present every frame libmpv drew).
///
/// *Due*: while the movie plays, every frame whose start the playhead has passed, from the
/// frame it started playing in (a play, a seek or a scrub while playing starts a new stretch;
/// a pause or the end closes one; a loop back to the start closes one at the clip's end).
/// *Shown*: every draw that put a frame on screen that was not there at the draw before, while
/// playing (the frame already on screen when a stretch starts counts once). So a movie played
/// through once has `shown + dropped == frameCount`, however slow the machine.
///
/// Not here: libmpv's own drop counters (`Movie.droppedFrames`, only what libmpv knows it
/// skipped), and any clock: positions come from the app's playhead.
struct FrameAccounting {
    /// One frame's length, in seconds.
    let frameDuration: Double
    /// The clip's frames.
    let frameCount: Int
    /// Frames put on screen while playing.
    private(set) var shown = 0
    /// Frames of stretches already closed that fell due.
    private var closedDue = 0
    /// The stretch under way: its first frame and the last position drawn in it.
    private var stretch: (first: Int, last: Double)?
    /// The movie's frame counter at the last draw while playing (nil: count the next one).
    private var lastCounter: Int?

    init(frameDuration: Double, frameCount: Int) {
        self.frameDuration = frameDuration > 0 ? frameDuration : 1
        self.frameCount = max(0, frameCount)
    }

    /// Frames that fell due while playing.
    var due: Int { closedDue + (stretch.map { dueIn($0) } ?? 0) }
    /// Frames that fell due and were never on screen.
    var dropped: Int { max(0, due - shown) }

    /// The frame containing `position` (at or past the end: the last).
    private func index(_ position: Double) -> Int {
        min(max(0, frameCount - 1), max(0, Int((position / frameDuration + 1e-9).rounded(.down))))
    }

    private func dueIn(_ s: (first: Int, last: Double)) -> Int {
        max(0, index(s.last) + 1 - s.first)
    }

    /// The playhead moved by itself (it played) to `position`; a step back means it looped.
    mutating func played(to position: Double) {
        guard let s = stretch else { return }
        if position + 1e-9 < s.last {
            closedDue += max(0, frameCount - s.first)
            stretch = (0, position)
        } else {
            stretch = (s.first, position)
        }
    }

    /// A control moved the playhead (a play, a pause, a seek, the end): the stretch under way
    /// closes where it was last `played(to:)`, and one starts at `position` if `playing`.
    mutating func restart(at position: Double, playing: Bool) {
        if let s = stretch { closedDue += dueIn(s) }
        stretch = playing ? (index(position), position) : nil
        lastCounter = nil
    }

    /// A draw put the movie's frame on screen: `counter` is the movie's count of frames drawn
    /// (nil: no frame yet), `position` the playhead's, `playing` whether it plays.
    mutating func presented(counter: Int?, position: Double, playing: Bool) {
        guard playing, stretch != nil else { return }
        played(to: position)
        if let counter, counter != lastCounter {
            shown += 1
            lastCounter = counter
        }
    }
}
