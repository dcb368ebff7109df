// libFuzzer target: HEIC/AVIF decoding (GLES's Image over libheif or libavif, each opened with
// dlopen, and Little CMS for a colr profile or nclx; no GL context). The libraries and their
// codecs are not instrumented (coverage counts the shims and the Swift around them), but what
// they do with hostile input is run. The
// input gets an ftyp box first when it has none. Any input must give an image or a GLESError,
// never a crash. Small limits keep each run fast. Built and run by scripts/fuzz.
import GLES

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let ftyp: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    if bytes.count < 12 || !bytes[4..<8].elementsEqual("ftyp".utf8) { bytes = ftyp + bytes }
    guard let image = try? Image(data: bytes, limits: Image.Limits(maxSide: 1024, maxBytes: 4 << 20)) else { return 0 }
    if image.pixels.count != image.width * image.height * 4 { fatalError("\(image.pixels.count) bytes for \(image.width)x\(image.height)") }
    return 0
}
