internal import CGIF
import Foundation

// A GIF read record by record with giflib, one frame composed at a time onto one canvas:
// memory is the canvas, a copy of it while a frame that disposes to "previous" is shown, and a
// row of indices, whatever the number of frames. A scan first reads every record without
// decompressing a pixel (DGifGetCode skips the LZW data) for the frames' delays and the loop
// count. Composition is what browsers do: a frame's transparent index leaves the canvas; before
// the next frame, disposal 2 clears the frame's rectangle to transparent, 3 puts back what was
// under it; a frame's rectangle is clipped to the canvas. A frame whose LZW minimum code size
// giflib refuses (9 to 11) is decoded by GIFLZW from where giflib stopped, and giflib goes on
// reading records after its data.
//
// A screen over `DecodeBudget.fullCanvasBytes` is composed sampled (`step` > 1): the canvas
// holds the screen's pixels at every step-th column and row, so drawing, clearing (disposal 2)
// and restoring (3) are what they are at full size, on those pixels only. The canvas is
// allocated at the first frame, not when the file is opened (a probe allocates nothing).

/// The bytes giflib reads, and how far it has read.
private final class GIFSource {
    let data: [UInt8]
    var position = 0
    init(_ data: [UInt8]) { self.data = data }
}

private let gifRead: InputFunc = { gif, out, count in
    guard let gif, let out, count > 0, let user = gif.pointee.UserData else { return 0 }
    let source = Unmanaged<GIFSource>.fromOpaque(user).takeUnretainedValue()
    let n = min(Int(count), source.data.count - source.position)
    source.data.withUnsafeBufferPointer { buf in
        out.update(from: buf.baseAddress! + source.position, count: n)
    }
    source.position += n
    return Int32(n)
}

/// One pass through a GIF's records (a loop of the animation); reopened to play it again.
final class GIFFrames {
    /// The canvas composed: the logical screen, sampled every `step` pixels.
    let width: Int
    let height: Int
    /// The logical screen's size, as the file states it.
    let screenWidth: Int
    let screenHeight: Int
    let step: Int
    /// Every frame's delay in seconds (after the 0-10 ms rule), and the plays (0: forever).
    let delays: [Double]
    let plays: Int

    private let source: GIFSource
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var canvas: [UInt8]
    private var pendingDisposal: (mode: Int32, x: Int, y: Int, w: Int, h: Int, previous: [UInt8]?)?
    private var produced = 0

    /// Opens `data` and scans it for the frames' delays; the canvas is composed for `fit`
    /// (`DecodeBudget.canvasStep`; full size when nil).
    /// - Throws: `.imageTooLarge` (the canvas's size), `.decode(format: .gif, …)`.
    init(data: [UInt8], limits: Image.Limits, fit: ImageFit? = nil) throws(ImageError) {
        source = GIFSource(data)
        let scanned = try GIFFrames.scan(source)
        step = DecodeBudget.canvasStep(width: scanned.width, height: scanned.height, fit: fit)
        (screenWidth, screenHeight) = (scanned.width, scanned.height)
        (width, height) = (DecodeBudget.sampled(scanned.width, step), DecodeBudget.sampled(scanned.height, step))
        try Image.check(width: width, height: height, limits)
        guard !scanned.delays.isEmpty else { throw .decode(format: .gif, reason: "the GIF file has no frame") }
        (delays, plays) = (scanned.delays, scanned.plays)
        canvas = []
        gif = try GIFFrames.open(source)
    }

    deinit { close() }

    private func close() {
        if let gif { var error: Int32 = 0; DGifCloseFile(gif, &error) }
        gif = nil
    }

    private static func open(_ source: GIFSource) throws(ImageError) -> UnsafeMutablePointer<GifFileType> {
        source.position = 0
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), gifRead, &error) else {
            throw .decode(format: .gif, reason: GIFFrames.message(error))
        }
        return gif
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "GIF error \(code)"
    }

    /// The browsers' rule: a delay of 0 to 10 ms is shown for 100 ms.
    static func seconds(milliseconds: Int) -> Double { milliseconds <= 10 ? 0.1 : Double(milliseconds) / 1000 }

    /// Reads every record, decompressing nothing: the screen's size, the delays, the plays.
    private static func scan(_ source: GIFSource) throws(ImageError)
        -> (width: Int, height: Int, delays: [Double], plays: Int) {
        let gif = try open(source)
        defer { var e: Int32 = 0; DGifCloseFile(gif, &e) }
        var delays: [Double] = []
        var delay = 0, plays = 1
        var type = UNDEFINED_RECORD_TYPE
        repeat {
            guard DGifGetRecordType(gif, &type) == GIF_OK else { break }  // cut short: the frames so far
            if type == IMAGE_DESC_RECORD_TYPE {
                let descriptor = source.position
                guard DGifGetImageDesc(gif) == GIF_OK else {
                    // A code size giflib refuses: the frame is counted, its data skipped here.
                    guard GIFLZW(data: source.data, descriptor: descriptor, position: source.position) != nil,
                          let end = GIFLZW.endOfSubBlocks(source.data, from: source.position) else { break }
                    source.position = end
                    resetSavedImages(gif)
                    delays.append(seconds(milliseconds: delay * 10))
                    delay = 0
                    continue
                }
                resetSavedImages(gif)
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetCode(gif, &code, &block) == GIF_OK else { break }
                var ok = true
                while block != nil { if DGifGetCodeNext(gif, &block) != GIF_OK { ok = false; break } }
                guard ok else { break }
                delays.append(seconds(milliseconds: delay * 10))
                delay = 0
            } else if type == EXTENSION_RECORD_TYPE {
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { break }
                var first = true, netscape = false, ok = true
                while let e = ext {
                    let n = Int(e[0])
                    if code == GRAPHICS_EXT_FUNC_CODE, first, n >= 4 { delay = Int(e[2]) | Int(e[3]) << 8 }
                    if code == APPLICATION_EXT_FUNC_CODE, first, n == 11 {
                        let id = String(decoding: UnsafeBufferPointer(start: e + 1, count: 11), as: UTF8.self)
                        netscape = id == "NETSCAPE2.0" || id == "ANIMEXTS1.0"
                    } else if netscape, !first, n >= 3, e[1] == 1 {
                        let repeats = Int(e[2]) | Int(e[3]) << 8
                        plays = repeats == 0 ? 0 : repeats + 1  // the repeats after the first play
                    }
                    first = false
                    if DGifGetExtensionNext(gif, &ext) != GIF_OK { ok = false; break }
                }
                guard ok else { break }
            }
        } while type != TERMINATE_RECORD_TYPE
        return (Int(gif.pointee.SWidth), Int(gif.pointee.SHeight), delays, plays)
    }

    /// DGifGetImageDesc keeps a description of every frame read; forgotten at once, so that a
    /// GIF of a million frames costs no more than one of two.
    private static func resetSavedImages(_ gif: UnsafeMutablePointer<GifFileType>) {
        GifFreeSavedImages(gif)
        gif.pointee.ImageCount = 0
    }

    /// The next frame composed on the canvas, or nil after the last (or at damage after the
    /// first frame: the frames before it are the animation, as browsers show them).
    func next() throws(ImageError) -> (image: Image, delay: Double)? {
        guard let gif, produced < delays.count else { return nil }
        var transparent: Int32 = -1, disposal: Int32 = 0
        var type = UNDEFINED_RECORD_TYPE
        var wide: GIFLZW?
        func fail(_ reason: String) throws(ImageError) -> (image: Image, delay: Double)? {
            if produced == 0 { throw .decode(format: .gif, reason: reason) }
            return nil
        }
        while true {
            guard DGifGetRecordType(gif, &type) == GIF_OK else { return try fail(GIFFrames.message(gif.pointee.Error)) }
            if type == TERMINATE_RECORD_TYPE { return try fail("the GIF file ends before its frames") }
            if type == EXTENSION_RECORD_TYPE {
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { return try fail(GIFFrames.message(gif.pointee.Error)) }
                var first = true
                while let e = ext {
                    if code == GRAPHICS_EXT_FUNC_CODE, first, e[0] >= 4 {
                        disposal = Int32((e[1] >> 2) & 7)
                        transparent = e[1] & 1 != 0 ? Int32(e[4]) : -1
                    }
                    first = false
                    guard DGifGetExtensionNext(gif, &ext) == GIF_OK else { return try fail(GIFFrames.message(gif.pointee.Error)) }
                }
                continue
            }
            guard type == IMAGE_DESC_RECORD_TYPE else { return try fail(GIFFrames.message(gif.pointee.Error)) }
            let descriptor = source.position
            if DGifGetImageDesc(gif) != GIF_OK {
                wide = GIFLZW(data: source.data, descriptor: descriptor, position: source.position)
                guard wide != nil else { return try fail(GIFFrames.message(gif.pointee.Error)) }
            }
            break
        }
        if canvas.isEmpty {
            try requireMemory(width * height * 4, for: "a \(width)x\(height) GIF canvas")
            canvas = [UInt8](repeating: 0, count: width * height * 4)
        }
        applyPendingDisposal()
        let desc = gif.pointee.Image
        let fx = Int(desc.Left), fy = Int(desc.Top), fw = Int(desc.Width), fh = Int(desc.Height)
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap, fw > 0, fh > 0 else {
            GIFFrames.resetSavedImages(gif)
            return try fail("a frame has no colour table or no size")
        }
        let colors = UnsafeBufferPointer(start: map.pointee.Colors, count: Int(map.pointee.ColorCount))
        let previous = disposal == 3 ? canvas : nil
        var row = [GifPixelType](repeating: 0, count: wide == nil ? fw : 0)
        var wideRow = [UInt16](repeating: 0, count: wide == nil ? 0 : fw)
        let rows: [Int] = desc.Interlace
            ? [stride(from: 0, to: fh, by: 8), stride(from: 4, to: fh, by: 8), stride(from: 2, to: fh, by: 4),
               stride(from: 1, to: fh, by: 2)].flatMap { Array($0) }
            : Array(0..<fh)
        var damaged = false
        for y in rows {
            if wide != nil {
                guard wide!.readRow(&wideRow) else { damaged = true; break }
            } else {
                guard DGifGetLine(gif, &row, Int32(fw)) == GIF_OK else { damaged = true; break }
            }
            let sy = fy + y
            guard sy >= 0, sy < screenHeight, sy % step == 0 else { continue }
            let cy = sy / step
            // The frame's columns on the canvas: screen columns fx + x that are a multiple of step.
            var x = fx >= 0 ? (step - fx % step) % step : -fx
            while x < fw {
                let sx = fx + x
                guard sx < screenWidth else { break }
                defer { x += step }
                let index = wide == nil ? Int(row[x]) : Int(wideRow[x])
                guard Int32(index) != transparent, index < colors.count else { continue }
                let c = colors[index], p = (cy * width + sx / step) * 4
                canvas[p] = c.Red; canvas[p + 1] = c.Green; canvas[p + 2] = c.Blue; canvas[p + 3] = 255
            }
        }
        GIFFrames.resetSavedImages(gif)
        if let wide {  // giflib reads on after the frame's data
            if let end = wide.end { source.position = end } else { damaged = true }
        }
        if damaged, produced > 0 { return nil }  // a frame cut short after the first: the animation ends
        pendingDisposal = (disposal, fx, fy, fw, fh, previous)
        let delay = delays[produced]
        produced += 1
        return (try Image(width: width, height: height, pixels: canvas), delay)
    }

    /// What the last frame's disposal asks for, done before the next frame is drawn.
    private func applyPendingDisposal() {
        guard let d = pendingDisposal else { return }
        pendingDisposal = nil
        if d.mode == 3, let previous = d.previous {
            canvas = previous
        } else if d.mode == 2 {
            // The canvas's rows and columns whose screen pixels lie in the frame's rectangle.
            func first(_ v: Int) -> Int { v <= 0 ? 0 : (v + step - 1) / step }
            let top = first(d.y), bottom = min(height, first(d.y + d.h))
            let left = first(d.x), right = min(width, first(d.x + d.w))
            guard top < bottom, left < right else { return }
            for y in top..<bottom {
                let from = (y * width + left) * 4, to = (y * width + right) * 4
                canvas.replaceSubrange(from..<to, with: repeatElement(0, count: to - from))
            }
        }
    }

    /// Back to the first frame: the file read again from its start, the canvas cleared.
    func rewind() throws(ImageError) {
        close()
        gif = try GIFFrames.open(source)
        canvas = []
        pendingDisposal = nil
        produced = 0
    }
}
