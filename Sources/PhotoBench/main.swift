// The photo pipeline's figures (scripts/bench/photos runs this, built for release):
// - a 24-megapixel JPEG (6000x4000, made here: pixels with a photo's entropy, encoded by
//   libjpeg's cjpeg) decoded whole, and decoded for a 1280x720 view (DCT scaling);
// - "next" when not prefetched: a PhotoLoader asked for a slide nobody decoded yet;
// - resident memory over a show of 500 slides of 12 megapixels (symlinks to four files),
//   sampled at slide 3 and slide 100 (and at the end);
// - with `--regions A.jpg,B.png` only: one rectangle of each decoded alone, then the whole.
import Foundation
import GLFunImages
import GLFunPhotos

var options: [String: String] = [:]
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    guard a.hasPrefix("--"), let v = args.popFirst() else { fatalError("usage: PhotoBench [--dir DIR] [--slides N] [--runs N]") }
    options[String(a.dropFirst(2))] = v
}
let dir = options["dir"] ?? NSTemporaryDirectory() + "/photo-bench-\(getpid())"
let slideCount = Int(options["slides"] ?? "500") ?? 500
let runs = Int(options["runs"] ?? "5") ?? 5
try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

/// Resident set size in MiB (VmRSS of /proc/self/status).
func rssMiB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Double(line.split(separator: " ")[1]) ?? 0) / 1024
}

/// A w x h JPEG of a photo's entropy (smooth gradients, edges, grain), quality 90, 4:2:0.
func makeJPEG(_ path: String, _ w: Int, _ h: Int, seed: UInt32) throws {
    if FileManager.default.fileExists(atPath: path) { return }
    var ppm = [UInt8](repeating: 0, count: w * h * 3)
    var s = seed | 1
    for y in 0..<h {
        for x in 0..<w {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5
            let grain = Int(s & 31) - 16
            let ring = ((x - w / 2) * (x - w / 2) + (y - h / 3) * (y - h / 3)) / (w * 4) % 64
            let i = (y * w + x) * 3
            ppm[i] = UInt8(clamping: x * 255 / w + grain)
            ppm[i + 1] = UInt8(clamping: y * 255 / h + ring + grain)
            ppm[i + 2] = UInt8(clamping: ((x / 40 + y / 40) % 2) * 90 + 60 + grain)
        }
    }
    let ppmPath = path + ".ppm"
    try Data(Array("P6\n\(w) \(h)\n255\n".utf8) + ppm).write(to: URL(fileURLWithPath: ppmPath))
    defer { try? FileManager.default.removeItem(atPath: ppmPath) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
    p.arguments = ["-quality", "90", "-outfile", path, ppmPath]
    try p.run()
    p.waitUntilExit()
    precondition(p.terminationStatus == 0, "cjpeg failed")
}

// --regions A.jpg,B.png: a 1024-pixel-wide rectangle at the centre of each picture (as tall as
// the picture allows) decoded alone (`Image(data:region:)`), then the whole picture: time and
// resident memory (VmRSS growth; VmHWM, the peak) after each; nothing else is measured.
if let files = options["regions"] {
    func status(_ key: String) -> Double {
        let s = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = s.split(separator: "\n").first { $0.hasPrefix(key) } ?? ""
        return (Double(line.split(separator: " ")[1]) ?? 0) / 1024
    }
    let wide = Image.Limits(maxSide: .max, maxBytes: 1 << 30)
    for path in files.split(separator: ",").map(String.init) {
        let data = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        guard let format = ImageFormat(sniffing: data), format == .png || format == .jpeg else {
            fatalError("\(path): not a PNG or JPEG")
        }
        func be32(_ i: Int) -> Int { Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3]) }
        let (w, h) = format == .png ? (be32(16), be32(20)) : jpegSize(data)
        let r = PixelRect(x: w / 2 - 512, y: max(0, h / 2 - 512), width: 1024, height: min(1024, h))
        let rss0 = status("VmRSS:"), t0 = now()
        let region = try Image(data: data, region: r, limits: wide)
        print(String(format: "region_%dx%d_of_%dx%d_%@ ms=%.0f rss_growth_mib=%.1f peak_mib=%.0f", region.width,
                     region.height, w, h, format.rawValue, (now() - t0) * 1000, status("VmRSS:") - rss0, status("VmHWM:")))
        let t1 = now()
        let whole = try Image(data: data, limits: wide)
        print(String(format: "whole_%dx%d_%@ ms=%.0f peak_mib=%.0f", whole.width, whole.height, format.rawValue,
                     (now() - t1) * 1000, status("VmHWM:")))
    }
    exit(0)
}

/// A JPEG's size from its first SOFn marker.
func jpegSize(_ d: [UInt8]) -> (Int, Int) {
    var i = 2
    while i + 9 < d.count {
        let m = d[i + 1]
        if (0xC0...0xCF).contains(m), m != 0xC4, m != 0xC8, m != 0xCC {
            return (Int(d[i + 7]) << 8 | Int(d[i + 8]), Int(d[i + 5]) << 8 | Int(d[i + 6]))
        }
        i += 2 + (Int(d[i + 2]) << 8 | Int(d[i + 3]))
    }
    return (0, 0)
}

let view = ImageFit(width: 1280, height: 720)
let limits = Image.Limits(maxSide: 16384)  // llvmpipe's GL_MAX_TEXTURE_SIZE

// 1. The 24-megapixel JPEG, whole and for the view.
var big: [String] = []
for k in 0..<3 {
    let path = dir + "/24mp-\(k).jpg"
    try makeJPEG(path, 6000, 4000, seed: UInt32(100 + k))
    big.append(path)
}
let bytes = (try FileManager.default.attributesOfItem(atPath: big[0])[.size] as? Int) ?? 0
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3) ?? []
print("jpeg_24mp=6000x4000 bytes=\(bytes) cores=\(ProcessInfo.processInfo.activeProcessorCount) loadavg=\(load.joined(separator: " "))")
var full: [Double] = [], scaled: [Double] = [], reduce: [Double] = []
var scaledSize = ""
for _ in 0..<runs {
    var t = now()
    let whole = try Image(contentsOfFile: big[0])
    full.append((now() - t) * 1000)
    precondition(whole.width == 6000)
    t = now()
    _ = try whole.reduced(toWidth: 1080, height: 720)  // what a PNG photo of that size goes through
    reduce.append((now() - t) * 1000)
    t = now()
    let small = try Image(contentsOfFile: big[0], fitting: view, limits: limits)
    scaled.append((now() - t) * 1000)
    scaledSize = "\(small.width)x\(small.height)"
}
print(String(format: "decode_24mp_full_ms_median=%.1f (of %d runs)", median(full), runs))
print(String(format: "decode_24mp_for_1280x720_ms_median=%.1f (decoded at %@)", median(scaled), scaledSize))
print(String(format: "area_reduce_6000x4000_to_1080x720_ms_median=%.1f", median(reduce)))

// 2. "Next": a show of 24-megapixel slides whose window is decoded and the thread idle; then a
// jump to a slide outside the window (not prefetched), or a step to the next (prefetched).
/// Waits (polling) until the loader's window around `i` is decoded: its thread is idle.
func settle(_ loader: PhotoLoader, around i: Int, count: Int) {
    while !PhotoWindow.indices(around: i, count: count, wraps: true).allSatisfy(loader.isReady) { usleep(500) }
}
let bigShow = SlideList(paths: (0..<12).map { big[$0 % big.count] })
var jump: [Double] = [], step: [Double] = []
do {
    let loader = PhotoLoader(slides: bigShow, fit: view, limits: limits)
    var i = 0
    loader.prefetch(around: i)
    for _ in 0..<runs {
        settle(loader, around: i, count: bigShow.count)
        i = (i + 4) % bigShow.count   // outside the window
        var t = now()
        guard case .success = loader.image(at: i) else { fatalError("decode failed") }
        jump.append((now() - t) * 1000)
        loader.prefetch(around: i)
        settle(loader, around: i, count: bigShow.count)
        i = (i + 1) % bigShow.count   // the next: prefetched
        t = now()
        guard case .success = loader.image(at: i) else { fatalError("decode failed") }
        step.append((now() - t) * 1000)
        loader.prefetch(around: i)
    }
}
print(String(format: "next_24mp_not_prefetched_ms_median=%.1f (max %.1f)", median(jump), jump.max()!))
print(String(format: "next_24mp_prefetched_ms_median=%.3f", median(step)))

// 3. Resident memory over a long show of 12-megapixel photos.
var originals: [String] = []
for k in 0..<4 {
    let path = dir + "/12mp-\(k).jpg"
    try makeJPEG(path, 4000, 3000, seed: UInt32(7 + k))
    originals.append(path)
}
let show = dir + "/show"
try? FileManager.default.removeItem(atPath: show)
try FileManager.default.createDirectory(atPath: show, withIntermediateDirectories: true)
for i in 0..<slideCount {
    try FileManager.default.createSymbolicLink(atPath: show + "/img\(i).jpg", withDestinationPath: originals[i % 4])
}
let list = try SlideList(reading: [show])
let loader = PhotoLoader(slides: list, fit: view, limits: limits)
var shown: [Image] = []   // what the app holds: three textures' worth
var rss: [Int: Double] = [:]
let start = now()
for i in 0..<list.count {
    loader.prefetch(around: i)
    guard case let .success(image) = loader.image(at: i) else { fatalError("slide \(i) failed") }
    shown.append(image)
    if shown.count > 3 { shown.removeFirst() }
    if [3, 10, 25, 50, 100, 250, list.count].contains(i + 1) { rss[i + 1] = rssMiB() }
}
let perSlide = (now() - start) * 1000 / Double(list.count)
print(String(format: "show_12mp_slides=%d per_slide_ms=%.1f resident=%@", list.count, perSlide,
             "\(loader.residentIndices.count)"))
for k in rss.keys.sorted() { print(String(format: "rss_at_slide_%d_mib=%.1f", k, rss[k]!)) }
