// libFuzzer target `gifcompose`: the GIF composer (GLFunImages' AnimationDecoder over giflib) fed
// whole GIFs written here from the input's bytes, so that every run reaches composition: the
// logical screen's size (any a GIF can state, to 65535 a side), the view the frames are composed
// for, and frames placed anywhere with every disposal (0-3) and transparency. Every frame of two
// plays must have the canvas's size, and the canvas must stay within
// `DecodeBudget.fullCanvasBytes` (composed sampled when the screen is larger) and at least twice
// the shown size when sampled. Built and run by scripts/fuzz/run (seeds: scripts/fuzz/seeds).
//
// Input: screen width and height (2 bytes each, little-endian), the view's side (1 byte: 16 +
// 4n), then frames of 8 bytes: x, y (2 bytes each), width and height (1 + n % 64), flags
// (disposal: bits 0-1, transparent index 0: bit 2, interlaced: bit 3) and a pattern byte.
import GLFunImages

private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

/// Code size 8, literal codes, a clear code every 200 (the code width stays 9 bits).
private func lzw(_ indices: [Int]) -> [UInt8] {
    var bytes: [UInt8] = [], bits = 0, count = 0
    func emit(_ code: Int) {
        bits |= code << count
        count += 9
        while count >= 8 { bytes.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
    }
    for (n, i) in indices.enumerated() {
        if n % 200 == 0 { emit(256) }
        emit(i & 0xFF)
    }
    emit(257)
    if count > 0 { bytes.append(UInt8(bits & 0xFF)) }
    return bytes
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIFCompose(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let b = Array(UnsafeBufferPointer(start: data, count: size))
    guard b.count >= 5 else { return 0 }
    let width = max(1, Int(b[0]) | Int(b[1]) << 8), height = max(1, Int(b[2]) | Int(b[3]) << 8)
    let side = 16 + 4 * Int(b[4])
    var gif = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF7, 0, 0]
    for i in 0..<256 { gif += [UInt8(i), UInt8(255 - i), UInt8(i * 7 & 0xFF)] }
    var at = 5, frames = 0
    while at + 8 <= b.count, frames < 16 {
        let x = Int(b[at]) | Int(b[at + 1]) << 8, y = Int(b[at + 2]) | Int(b[at + 3]) << 8
        let fw = 1 + Int(b[at + 4]) % 64, fh = 1 + Int(b[at + 5]) % 64
        let flags = Int(b[at + 6]), pattern = Int(b[at + 7])
        at += 8
        frames += 1
        gif += [0x21, 0xF9, 4, UInt8((flags & 3) << 2 | (flags >> 2) & 1), 1, 0, 0, 0]
        gif += [0x2C] + le16(x) + le16(y) + le16(fw) + le16(fh) + [flags & 8 != 0 ? 0x40 : 0, 8]
        let data = lzw((0..<(fw * fh)).map { ($0 % fw * pattern + $0 / fw) % 5 })
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(data.count, start + 255)]
            gif += [UInt8(block.count)] + block
        }
        gif += [0]
    }
    gif += [0x3B]
    let fit = ImageFit(width: side, height: side)
    guard let animation = try? AnimationDecoder(data: gif, limits: Image.Limits(maxSide: 65535, maxBytes: .max), fit: fit) else {
        return 0
    }
    let canvas = animation.width * animation.height * 4
    if canvas > DecodeBudget.fullCanvasBytes { fatalError("a \(animation.width)x\(animation.height) canvas for \(width)x\(height)") }
    if animation.step > 1 {
        let shown = fit.shownSize(width: width, height: height)
        if animation.width < min(width, 2 * shown.width) && animation.height < min(height, 2 * shown.height) {
            fatalError("\(width)x\(height) composed at \(animation.width)x\(animation.height), shown \(shown)")
        }
    }
    for _ in 0..<2 {
        while let frame = try? animation.nextFrame() {
            if frame.image.width != animation.width || frame.image.height != animation.height {
                fatalError("a \(frame.image.width)x\(frame.image.height) frame on a \(animation.width)x\(animation.height) canvas")
            }
        }
        guard (try? animation.rewind()) != nil else { return 0 }
    }
    return 0
}
