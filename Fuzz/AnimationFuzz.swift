// libFuzzer targets `webp` and `gif` (one source, built twice with -D WEBP / -D GIF): WebP or GIF
// decoding (GLFunImages' Image and AnimationDecoder over libwebp / giflib, with Little CMS for an ICCP
// chunk; no GL context). The input is given its format's signature first, so every run reaches
// the decoder. Any input must give an image (every frame of an animation, up to 64, played
// twice: rewinding included) or an ImageError, never a crash; every frame has the canvas's size.
// Small limits keep each run fast. Built and run by scripts/fuzz/run.
// Built with -D COMPOSE too (target `webpanim`, with -D WEBP): opened for a 96-px view, as a
// slide show does, an animation must be refused over the view's `DecodeBudget` or composed
// within it (its canvas, with libwebp's two, within the budget), larger limits allowed.
import GLFunImages

#if WEBP
let signature: [UInt8] = Array("RIFF".utf8)
#else
let signature: [UInt8] = Array("GIF89a".utf8)
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if !bytes.starts(with: signature) { bytes = signature + bytes }
    #if COMPOSE
    let limits = Image.Limits(maxSide: 16384, maxBytes: 256 << 20)
    let fit: ImageFit? = ImageFit(width: 96, height: 96)
    #else
    let limits = Image.Limits(maxSide: 2048, maxBytes: 8 << 20)
    let fit: ImageFit? = nil
    #endif
    if fit == nil, let image = try? Image(data: bytes, limits: limits),
       image.pixels.count != image.width * image.height * 4 {
        fatalError("\(image.pixels.count) bytes for \(image.width)x\(image.height)")
    }
    guard let animation = try? AnimationDecoder(data: bytes, limits: limits, fit: fit) else { return 0 }
    if let fit, 4 * animation.width * animation.height * 4 > DecodeBudget.bytes(for: fit) {
        fatalError("a \(animation.width)x\(animation.height) canvas over the budget")
    }
    if animation.delays.contains(where: { !($0 > 0.01) }) { fatalError("a delay of 10 ms or less: \(animation.delays)") }
    for _ in 0..<2 {
        var n = 0
        while n < 64, let frame = try? animation.nextFrame() {
            let w = frame.image.width, h = frame.image.height
            if w * h * 4 != frame.image.pixels.count { fatalError("frame \(n): \(frame.image.pixels.count) bytes for \(w)x\(h)") }
            n += 1
        }
        guard (try? animation.rewind()) != nil else { return 0 }
    }
    return 0
}
