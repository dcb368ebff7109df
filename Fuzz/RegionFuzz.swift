// libFuzzer target: one rectangle of a JPEG or PNG decoded alone (GLFunImages' Image(data:region:),
// libjpeg-turbo's skip/crop and libpng's row reads; no GL context). The rectangle and the JPEG
// scale come from the input's last 5 bytes, so the fuzzer reaches every edge. Any input must
// give the rectangle's pixels or an ImageError, never a crash; the image has the rectangle's size.
// Small limits keep each run fast. Built and run by scripts/fuzz/run.
import GLFunImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegion(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 5 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size - 5))
    let t = Array(UnsafeBufferPointer(start: data + size - 5, count: 5))
    let region = PixelRect(x: Int(t[0]) * 4, y: Int(t[1]) * 4, width: Int(t[2]) + 1, height: Int(t[3]) + 1)
    let eighths = bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? Int(t[4] % 8) + 1 : 8
    guard let image = try? Image(data: bytes, region: region, eighths: eighths,
                                 limits: Image.Limits(maxSide: 4096, maxBytes: 16 << 20)) else { return 0 }
    if image.width != region.width || image.height != region.height || image.pixels.count != image.width * image.height * 4 {
        fatalError("\(image.width)x\(image.height) (\(image.pixels.count) bytes) for the region \(region)")
    }
    return 0
}
