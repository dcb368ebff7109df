internal import CWebP
import Foundation

// Animated GIF and WebP, a frame at a time: what a slide show plays. Memory is one canvas (two
// while a GIF frame disposes to "previous"; libwebp's animation decoder keeps two), never the
// frames: a 500-frame GIF costs what a 2-frame one does. The delays and the number of plays
// are known at once, before any frame is decoded (a scan of the records; WebP's frame headers).
// Opened for a fit (what a viewer shows), a GIF screen over `DecodeBudget.fullCanvasBytes` is
// composed sampled at about the shown size; a WebP animation, which libwebp composes at its
// canvas's size (two canvases), is refused when those are over the fit's `DecodeBudget`.
//
// Delays: browsers' rule, for both formats: a frame of 0 to 10 ms is shown for 100 ms (files
// made for browsers count on it; a 0-delay GIF is not meant to spin the CPU).
// Plays: WebP's loop count is the number of plays (0: forever); GIF's NETSCAPE2.0 count is the
// repeats after the first play (0: forever), so n means n + 1 plays; a GIF without it plays once.

/// One frame of an animation: the whole canvas as it is shown, and how long it is shown.
public struct AnimationFrame: Sendable {
    /// The frame's index in the animation (0 first).
    public let index: Int
    /// The canvas composed up to this frame (straight RGBA8, sRGB unless `.keepStored`).
    public let image: Image
    /// Seconds this frame is shown (after the 0-10 ms rule).
    public let delay: Double
}

/// An animated GIF or WebP (a still one too: one frame) decoded a frame at a time.
public final class AnimationDecoder {
    /// The file's format: `.gif` or `.webp`.
    public let format: ImageFormat
    /// The canvas's width in pixels (the file's, or sampled every `step` pixels).
    public let width: Int
    /// The canvas's height in pixels.
    public let height: Int
    /// Every frame's delay in seconds, in order (known before any frame is decoded).
    public let delays: [Double]
    /// How many times the animation is played through: 0 means forever.
    public let plays: Int
    /// The canvas's sampling step (`DecodeBudget.canvasStep`): 1 when composed at full size.
    public let step: Int

    private enum Source {
        case gif(GIFFrames)
        case webp(WebPFrames)
    }
    private let source: Source
    private let icc: [UInt8]?
    private let orientation: ImageOrientation
    private let color: ColorHandling
    private var index = 0

    /// The number of frames.
    public var frameCount: Int { delays.count }
    /// Seconds one play through takes.
    public var loopDuration: Double { delays.reduce(0, +) }

    /// Opens an animated (or still) GIF or WebP; decodes no frame yet. With `fit` (what is
    /// shown), its memory is bounded by `DecodeBudget` (see above); without, full size.
    /// - Throws: `.badSignature(expected: nil)` for another format, `.imageTooLarge` (the
    ///   canvas, from the header; `.decoderMemory` over the fit's budget), `.decode`.
    public init(data: [UInt8], limits: Image.Limits = Image.Limits(), color: ColorHandling = .convertToSRGB,
                fit: ImageFit? = nil) throws(ImageError) {
        self.color = color
        switch Image.otherFormat(data) {
        case .gif?:
            let gif = try GIFFrames(data: data, limits: limits, fit: fit)
            (format, width, height, delays, plays, step) = (.gif, gif.width, gif.height, gif.delays, gif.plays, gif.step)
            source = .gif(gif)
            icc = nil
            orientation = .up
        case .webp?:
            let meta = try WebPMetadata(data)
            try Image.check(width: meta.width, height: meta.height, limits)
            if let fit {  // libwebp's two canvases (a still's too, here), ours, and the frame handed on
                let budget = DecodeBudget.bytes(for: fit), canvas = rgbaByteCount(meta.width, meta.height)
                if canvas > budget / 4 {
                    throw .imageTooLarge(width: meta.width, height: meta.height, limit: .decoderMemory(budget))
                }
            }
            let webp = try WebPFrames(data: data)
            (format, width, height, delays, plays, step) = (.webp, meta.width, meta.height, webp.delays, webp.plays, 1)
            source = .webp(webp)
            icc = meta.icc
            orientation = meta.orientation ?? .up
        default:
            throw .badSignature(expected: nil)
        }
    }

    /// Reads and opens a GIF or WebP file.
    /// - Throws: `.io` when it cannot be read; `init(data:limits:color:)`'s errors in `.file(path:_:)`.
    public convenience init(contentsOfFile path: String, limits: Image.Limits = Image.Limits(),
                            color: ColorHandling = .convertToSRGB, fit: ImageFit? = nil) throws(ImageError) {
        let data = try Image.readFile(path)
        do {
            try self.init(data: data, limits: limits, color: color, fit: fit)
        } catch {
            throw .file(path: path, error)
        }
    }

    /// Whether `data` is a GIF or WebP of more than one frame (a look at its headers only).
    public static func isAnimated(_ data: [UInt8]) -> Bool {
        switch Image.otherFormat(data) {
        case .gif?: return (try? GIFFrames(data: data, limits: Image.Limits(maxSide: .max, maxBytes: .max)))?.delays.count ?? 0 > 1
        case .webp?: return (try? WebPMetadata(data))?.animated ?? false
        default: return false
        }
    }

    /// The next frame, or nil after the last one of a play (then `rewind()` to play again).
    /// A file damaged after its first frame ends there.
    /// - Throws: `.decode` when the first frame cannot be decoded.
    public func nextFrame() throws(ImageError) -> AnimationFrame? {
        let next: (image: Image, delay: Double)?
        switch source {
        case let .gif(g): next = try g.next()
        case let .webp(w): next = try w.next()
        }
        guard var image = next?.image, let delay = next?.delay else { return nil }
        if color == .convertToSRGB, let icc { image.convertToSRGB(from: .icc(icc)) }
        if orientation != .up { image = try image.oriented(orientation) }
        defer { index += 1 }
        return AnimationFrame(index: index, image: image, delay: delay)
    }

    /// Back to the first frame.
    public func rewind() throws(ImageError) {
        switch source {
        case let .gif(g): try g.rewind()
        case let .webp(w): w.rewind()
        }
        index = 0
    }
}

/// An animated WebP through libwebp's animation decoder, which does the blending and disposal
/// and keeps the canvas.
final class WebPFrames {
    let delays: [Double]
    let plays: Int
    /// libwebp's decoder reads the file where it lies for its whole life: a copy of our own.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let decoder: OpaquePointer
    private var produced = 0

    init(data: [UInt8]) throws(ImageError) {
        bytes = .allocate(capacity: max(1, data.count))
        _ = bytes.initialize(from: data)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw .decode(format: .webp, reason: "libwebp version mismatch")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var webp = WebPData(bytes: bytes.baseAddress, size: data.count)
        guard let made = WebPAnimDecoderNew(&webp, &options) else {
            bytes.deallocate()
            throw .decode(format: .webp, reason: "the WebP animation could not be read")
        }
        decoder = made
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 0 else {
            WebPAnimDecoderDelete(made)
            bytes.deallocate()
            throw .decode(format: .webp, reason: "the WebP animation has no frame")
        }
        plays = Int(info.loop_count)
        // The frames' durations, from the demuxer (no pixel decoded).
        var durations: [Double] = []
        if let demux = WebPAnimDecoderGetDemuxer(decoder) {
            var it = WebPIterator()
            if WebPDemuxGetFrame(demux, 1, &it) != 0 {
                repeat { durations.append(GIFFrames.seconds(milliseconds: Int(it.duration))) } while WebPDemuxNextFrame(&it) != 0
                WebPDemuxReleaseIterator(&it)
            }
        }
        delays = durations.isEmpty ? [0.1] : durations
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    func next() throws(ImageError) -> (image: Image, delay: Double)? {
        guard produced < delays.count, WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
            if produced == 0 { throw .decode(format: .webp, reason: "the first frame could not be decoded") }
            return nil
        }
        var info = WebPAnimInfo()
        WebPAnimDecoderGetInfo(decoder, &info)
        let w = Int(info.canvas_width), h = Int(info.canvas_height)
        let image = try Image(width: w, height: h, pixels: Array(UnsafeBufferPointer(start: buffer, count: w * h * 4)))
        let delay = delays[produced]
        produced += 1
        return (image, delay)
    }

    func rewind() {
        WebPAnimDecoderReset(decoder)
        produced = 0
    }
}
