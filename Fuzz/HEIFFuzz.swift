// libFuzzer target: HEIC/AVIF decoding (GLFunImages' Image over libheif or libavif, each opened with
// dlopen, and Little CMS for a colr profile or nclx; no GL context). The libraries and their
// codecs are not instrumented (coverage counts the shims and the Swift around them), but what
// they do with hostile input is run. The
// input gets an ftyp box first when it has none. Any input must give an image or an ImageError,
// never a crash. Small limits keep each run fast. Built and run by scripts/fuzz/run.
// Built with -D GRID too (target `heifgrid`, seeded with grids and transformed pictures): decoded
// for a 96-px view as a slide show does, within the view's DecodeBudget.
import GLFunImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let ftyp: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    if bytes.count < 12 || !bytes[4..<8].elementsEqual("ftyp".utf8) { bytes = ftyp + bytes }
    #if GRID
    // As a slide show decodes: for a 96-px view, within its DecodeBudget (a grid or a picture
    // over it refused before libavif allocates), the output under twice the shown size.
    let fit = ImageFit(width: 96, height: 96)
    guard let image = try? Image(data: bytes, fitting: fit, limits: Image.Limits(maxSide: 16384, maxBytes: 256 << 20)) else {
        return 0
    }
    if image.width * image.height * 4 > DecodeBudget.bytes(for: fit) { fatalError("\(image.width)x\(image.height) for a 96-px view") }
    #else
    guard let image = try? Image(data: bytes, limits: Image.Limits(maxSide: 1024, maxBytes: 4 << 20)) else { return 0 }
    #endif
    if image.pixels.count != image.width * image.height * 4 { fatalError("\(image.pixels.count) bytes for \(image.width)x\(image.height)") }
    return 0
}
