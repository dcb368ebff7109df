// libFuzzer target: PNG decoding (GLFunImages' Image over libpng, no GL context). Any input must give
// an image or an ImageError, never a crash; a decoded image has width x height x 4 bytes and
// survives a PNG encode and decode unchanged. Small limits keep each run fast (the limit
// checks themselves are part of what is fuzzed). Built and run by scripts/fuzz/run.
import GLFunImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = Image.Limits(maxSide: 4096, maxBytes: 16 << 20)
    guard let image = try? Image(pngData: bytes, limits: limits) else { return 0 }
    if image.pixels.count != image.width * image.height * 4 { fatalError("\(image.pixels.count) bytes for \(image.width)x\(image.height)") }
    do {
        let again = try Image(pngData: try image.pngData(compression: .zlib(level: 1)), limits: limits)
        if again != image { fatalError("a decoded PNG differs after encoding and decoding it again") }
    } catch {
        fatalError("a decoded PNG does not encode and decode again: \(error)")
    }
    return 0
}
