import ArgumentParser
import Dispatch
import Foundation
import GLFunGLES
import GLFunKit
import GLFunPhotos
import GLFunSlideShowApp

/// `glfun bench-slideshow`: issue 10's slide-show targets measured through the app, its
/// photo source and a headless renderer (README, "Slide show").
struct BenchSlideShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-slideshow",
        abstract: "Time the slide show on camera-sized JPEGs: next to the first transition frame, decodes, resident memory.",
        discussion: """
            next: a show of 24-megapixel JPEGs (6000x4000, made here) at --size: the ms from feeding the \
            Right key to the end of the first transition frame (glFinish), when the next slide was decoded \
            ahead and when it was not (a source that decodes nothing ahead); a transition frame's ms for \
            comparison; the JPEG's full-size and view-size decode. memory: a show of --slides slides \
            (symlinks to four 12-megapixel JPEGs), each shown through a fade and its neighbours decoded; \
            resident memory at slides 3, 10, 25, 50, 100, 250 and the last. Photos are made in --dir \
            (kept; default a temporary folder, removed after). tiles: each --picture zoomed in to full \
            resolution and panned across, live as in a window: resident memory, frames that showed the \
            fitted picture in place of a tile not decoded yet, tile textures.
            """)

    @Argument(help: "What to measure: next, memory (default both), tiles (with --picture).")
    var what: [String] = ["next", "memory"]

    @Option(help: "The view's size in points, WxH.")
    var size = Size(argument: "1280x720")!

    @Option(help: "Runs of each timing.")
    var runs = 5

    @Option(help: "Slides in the memory show.")
    var slides = 500

    @Option(help: "Where to make the photos (kept for the next run).")
    var dir: String?

    @Option(help: "tiles: a large picture to zoom into and pan across (scripts/make/big_pictures.py makes some); repeatable.")
    var picture: [String] = []

    @Option(help: "tiles: points the finger moves a frame.")
    var panSpeed: Float = 30

    func validate() throws {
        for w in what where !["next", "memory", "tiles"].contains(w) { throw ValidationError("nothing to measure named \(w)") }
        if what.contains("tiles") && picture.isEmpty { throw ValidationError("tiles needs a --picture") }
        guard panSpeed > 0 && panSpeed <= 1000 else { throw ValidationError("--pan-speed must be 0...1000") }
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be 1...1000") }
        guard (101...100_000).contains(slides) else { throw ValidationError("--slides must be 101...100000") }
    }

    func run() throws {
        MallocTuning.applyForPhotos()
        let folder = dir ?? NSTemporaryDirectory() + "/glfun-bench-slideshow-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if dir == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let context: Context
        do { context = try Context.headless() } catch { throw GLFunError.headlessContext(error) }
        let renderer: Renderer
        do { renderer = try Renderer(context: context) } catch { throw GLFunError.gl(path: "bench-slideshow", error) }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
        print("glfun-bench-slideshow size=\(Int(size.width))x\(Int(size.height)) runs=\(runs) "
              + "cores=\(ProcessInfo.processInfo.activeProcessorCount) loadavg=\(load?.joined(separator: " ") ?? "?") "
              + "malloc=\(MallocTuning.described)")
        let canvas = Canvas(width: size.width, height: size.height)
        if what.contains("next") { try next(folder: folder, canvas: canvas, renderer: renderer) }
        if what.contains("memory") { try memory(folder: folder, canvas: canvas, renderer: renderer) }
        if what.contains("tiles") { try tiles(canvas: canvas, renderer: renderer) }
    }

    func source(_ list: SlideList, _ canvas: Canvas) -> PhotoSlideSource {
        PhotoSlideSource(list: list, viewPixels: (canvas.pixelWidth, canvas.pixelHeight), contentMode: .aspectFit, loop: true,
                         maxSide: Context.maxTextureSize)
    }

    private func next(folder: String, canvas: Canvas, renderer: Renderer) throws {
        let photos = try (0..<3).map { k in
            let path = folder + "/24mp-\(k).jpg"
            try BenchPhotoFiles.make(path, width: 6000, height: 4000, seed: UInt64(24 + k))
            return path
        }
        let bytes = (try FileManager.default.attributesOfItem(atPath: photos[0])[.size] as? Int) ?? 0
        print("jpeg=6000x4000 bytes=\(bytes)")

        // The decodes themselves: whole, and for the view (what the slide source asks for).
        let side = max(canvas.pixelWidth, canvas.pixelHeight)
        var full: [Double] = [], view: [Double] = []
        var viewSize = ""
        for _ in 0..<runs {
            var t0 = DispatchTime.now().uptimeNanoseconds
            _ = try Image(contentsOfFile: photos[0])
            full.append(BenchShowDriver.ms(since: t0))
            t0 = DispatchTime.now().uptimeNanoseconds
            let small = try Image(contentsOfFile: photos[0], fitting: ImageFit(width: side, height: side),
                                  limits: Image.Limits(maxSide: Context.maxTextureSize))
            view.append(BenchShowDriver.ms(since: t0))
            viewSize = "\(small.width)x\(small.height)"
        }
        print(Self.line("decode_full_ms", full))
        print(Self.line("decode_for_view_ms", view) + " decoded_at=\(viewSize)")
        // The window thread's part of a new slide: its texture made from the decoded picture.
        let picture = try Image(contentsOfFile: photos[0], fitting: ImageFit(width: side, height: side),
                                limits: Image.Limits(maxSide: Context.maxTextureSize))
        var upload: [Double] = []
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = try Texture2D(context: renderer.context, image: picture, options: TextureOptions(filter: .linear))
            GL.finish()
            upload.append(BenchShowDriver.ms(since: t0))
        }
        print(Self.line("texture_upload_ms", upload))

        let list = SlideList(paths: (0..<12).map { photos[$0 % photos.count] })
        var settings = SlideShowSettings(paths: list.paths)
        settings.transition = .kind(.curlUp)
        let n = list.count

        // Prefetched: the show at rest, its neighbours decoded (as after a slide's interval).
        let ahead = source(list, canvas)
        let d = try BenchShowDriver(source: ahead, settings: settings, canvas: canvas, renderer: renderer)
        var prefetched: [Double] = [], frames: [Double] = [], resting: [Double] = []
        for _ in 0..<runs {
            let c = d.app.current
            d.waitUntilDecoded([c, (c + 1) % n, (c + n - 1) % n], isReady: ahead.isReady)
            resting += try d.rest(seconds: 1)  // the app makes the next slide ready meanwhile
            prefetched.append(try d.press("right"))
            frames += try d.finishTransition()
        }
        print(Self.line("next_prefetched_ms", prefetched))
        print(Self.line("resting_frame_ms", resting) + " (the frames at rest: the next slide made ready)")
        print(Self.line("transition_frame_ms", frames) + " (curl-up, the frames after the first)")

        // Not prefetched: no time at rest (the next slide not made ready) and a source that
        // decodes nothing ahead (PhotoLoader moves its window
        // only to a slide asked for outside it), so about every other Right lands on a slide
        // nobody has decoded, which the window thread decodes itself. Before each, the show
        // waits three view-size decodes, so the loader's thread is idle.
        let base = source(list, canvas)
        let d2 = try BenchShowDriver(source: UnforeseeingSource(base), settings: settings, canvas: canvas,
                                     renderer: renderer)
        let idle = UInt32(min(3_000_000, max(300_000, 3_000 * (view.max() ?? 100))))
        var cold: [Double] = [], quiet: [Double] = []
        while cold.count < runs {
            usleep(idle)
            let decoded = base.isReady((d2.app.current + 1) % n)
            let ms = try d2.press("right")
            try d2.finishTransition()
            if decoded { quiet.append(ms) } else { cold.append(ms) }
        }
        print(Self.line("next_decoded_nothing_behind_ms", quiet) + " (decoded, and no decode started with it)")
        print(Self.line("next_not_prefetched_ms", cold))
    }

    static func line(_ name: String, _ ms: [Double]) -> String {
        String(format: "%@_median=%.1f %@_max=%.1f (of %d)", name, median(ms), name, ms.max() ?? 0, ms.count)
    }
}
