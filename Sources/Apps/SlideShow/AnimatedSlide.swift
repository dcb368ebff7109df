import Foundation
import GLFunGLES
import GLFunMovie

/// An animated GIF or WebP on a slide: played on the show's clock like a movie slide (a
/// `MovieSlide` with `animationPlays`, whose playhead the app moves by event time), so a
/// recording replays to the same frames. The frame shown at time t is the one whose span holds
/// t within its play (plays past the file's count hold the last frame); it depends on t alone.
///
/// Memory: frames are decoded in play order on a thread of this slide's own, at most
/// `ahead` of them held beyond the one shown, never the whole animation; one texture,
/// updated in place for each new frame. The canvas is composed for the view (`fit`,
/// `DecodeBudget`): a screen too large to hold is composed at about the size it is shown.
final class AnimatedSlide {
    /// Frames decoded ahead of the one shown.
    static let ahead = 3

    let slide: MovieSlide
    private let texture: Texture2D
    private var queue: FrameQueue
    private var shown = -1
    private let cumulative: [Double]
    private let maxSide: Int
    private let fit: ImageFit?

    /// `slide` as an animation, when the file is a GIF or WebP of more than one frame that can be
    /// composed for `fit` (its size: the canvas's as composed); nil otherwise.
    static func probe(_ path: String, maxSide: Int, fit: ImageFit? = nil) -> MovieSlide? {
        guard let head = try? firstBytes(path, 12), let format = ImageFormat(sniffing: head),
              format == .gif || format == .webp,
              let decoder = try? AnimationDecoder(contentsOfFile: path, limits: Image.Limits(maxSide: maxSide), fit: fit),
              decoder.frameCount > 1 else { return nil }
        // The ticks' step: the delays' greatest common divisor in milliseconds (at least 10 ms),
        // so that a tick falls on every frame's start.
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let step = max(10, decoder.delays.map { Int(($0 * 1000).rounded()) }.reduce(0, gcd))
        let info = MovieInfo(width: decoder.width, height: decoder.height, duration: decoder.loopDuration,
                             frameRate: 1000 / Double(step))
        return MovieSlide(path: path, info: info, animationPlays: decoder.plays)
    }

    /// Opens the slide's file again for playing, composed for `fit`, and makes its texture (the
    /// first frame).
    init(_ slide: MovieSlide, context: Context, maxSide: Int, fit: ImageFit? = nil) throws {
        self.slide = slide
        self.maxSide = maxSide
        self.fit = fit
        let decoder = try AnimationDecoder(contentsOfFile: slide.path, limits: Image.Limits(maxSide: maxSide), fit: fit)
        var sum = 0.0
        cumulative = [0] + decoder.delays.map { sum += $0; return sum }
        queue = FrameQueue(decoder)
        guard let first = queue.frame(sequence: 0) else {
            throw ImageError.decode(format: decoder.format, reason: "the first frame could not be decoded")
        }
        texture = try Texture2D(context: context, image: first.image)
        shown = 0
    }

    deinit { queue.stop() }

    /// The frame at `time` seconds into the animation, uploaded.
    func texture(at time: Double) throws -> Texture2D {
        let sequence = frameSequence(at: time)
        if sequence < shown {  // shown again from an earlier time: decoded again from the start
            queue.stop()
            queue = FrameQueue(try AnimationDecoder(contentsOfFile: slide.path, limits: Image.Limits(maxSide: maxSide), fit: fit))
            shown = -1
        }
        if sequence != shown, let frame = queue.frame(sequence: sequence) {
            try texture.update(x: 0, y: 0, width: frame.image.width, height: frame.image.height, pixels: frame.image.pixels)
            shown = sequence
        }
        return texture
    }

    /// Frames decoded and waiting now (for tests of the memory bound: at most `ahead` + 1).
    var framesHeld: Int { queue.held }

    /// Which frame of the whole run (play × frames + index) is shown at `time`.
    func frameSequence(at time: Double) -> Int {
        let count = cumulative.count - 1, loop = cumulative[count]
        let plays = slide.animationPlays ?? 0
        guard loop > 0, time > 0 else { return 0 }
        let play = Int((time / loop).rounded(.down))
        if plays > 0 && play >= plays { return plays * count - 1 }
        let t = time - Double(play) * loop
        let index = max(0, min(count - 1, (cumulative.lastIndex { $0 <= t + 1e-9 } ?? 0)))
        return play * count + index
    }
}

/// The first `n` bytes of a file (fewer when it is shorter).
/// The file's first `n` bytes, read only from a regular file (`RegularFile`: a FIFO in a folder
/// is refused, never waited on).
private func firstBytes(_ path: String, _ n: Int) throws -> [UInt8] {
    try RegularFile.read(path, upTo: n).bytes
}

/// An animation's frames decoded in play order (wrapping at its end) on a thread of its own,
/// `AnimatedSlide.ahead` at most waiting. `frame(sequence:)` blocks until that frame is
/// decoded, so what is shown never depends on how fast the thread ran.
private final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var ready: [(sequence: Int, frame: AnimationFrame)] = []
    private var wanted = 0
    private var ended = false
    private var stopped = false

    init(_ decoder: AnimationDecoder) {
        let box = DecoderBox(decoder)
        let thread = Thread { [self] in run(box.decoder) }
        thread.name = "glfun-animation"
        thread.start()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// How many frames are decoded and waiting.
    var held: Int {
        condition.lock()
        defer { condition.unlock() }
        return ready.count
    }

    /// Frame `sequence` of the run, once decoded (frames before it are let go); nil when the
    /// file could not give it (damaged: the show keeps the last frame it had).
    func frame(sequence: Int) -> AnimationFrame? {
        condition.lock()
        defer { condition.unlock() }
        wanted = sequence
        condition.broadcast()
        while true {
            ready.removeAll { $0.sequence < sequence }
            if let f = ready.first, f.sequence == sequence { return f.frame }
            if ended { return nil }
            condition.wait()
        }
    }

    private func run(_ decoder: AnimationDecoder) {
        var sequence = 0
        while true {
            condition.lock()
            while !stopped && ready.count >= AnimatedSlide.ahead && sequence > wanted { condition.wait() }
            if stopped { condition.unlock(); return }
            condition.unlock()
            var next = try? decoder.nextFrame()
            if next == nil, sequence > 0 {
                try? decoder.rewind()
                next = try? decoder.nextFrame()
            }
            condition.lock()
            if let next {
                // Frames already passed are decoded (a GIF composes each on the last) but not kept.
                if sequence >= wanted { ready.append((sequence, next)) }
                sequence += 1
            } else {
                ended = true
            }
            condition.broadcast()
            condition.unlock()
            if next == nil { return }
        }
    }
}

/// Hands the decoder to the queue's thread, which alone uses it from then on.
private final class DecoderBox: @unchecked Sendable {
    let decoder: AnimationDecoder
    init(_ decoder: AnimationDecoder) { self.decoder = decoder }
}
