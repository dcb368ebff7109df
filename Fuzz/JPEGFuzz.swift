// libFuzzer target: JPEG decoding (GLFunImages' Image over libjpeg, no GL context), through
// `Image(data:)` so that the format sniffing and the header scan run too. Any input must give an
// image or an ImageError, never a crash; a decoded image has width x height x 4 bytes, alpha 255.
// Small limits keep each run fast. Built and run by scripts/fuzz/run.
import GLFunImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else { return 0 }  // the PNG target has the rest
    guard let image = try? Image(data: bytes, limits: Image.Limits(maxSide: 4096, maxBytes: 16 << 20)) else { return 0 }
    if image.pixels.count != image.width * image.height * 4 { fatalError("\(image.pixels.count) bytes for \(image.width)x\(image.height)") }
    for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] != 255 {
        fatalError("a JPEG decoded with alpha \(image.pixels[i]) at byte \(i)")
    }
    return 0
}
