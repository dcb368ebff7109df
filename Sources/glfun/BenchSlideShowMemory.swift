import Foundation
import GLFunGLES
import GLFunKit
import GLFunPhotos
import GLFunSlideShowApp
import GLFunSoak

extension BenchSlideShow {
    /// Resident memory over a long show of 12-megapixel photos, through the app and the
    /// renderer (textures included): each slide shown through a fade, then the show waits
    /// until its neighbours are decoded and rests half a second, as during a slide's interval.
    func memory(folder: String, canvas: Canvas, renderer: Renderer) throws {
        let originals = try (0..<4).map { k in
            let path = folder + "/12mp-\(k).jpg"
            try BenchPhotoFiles.make(path, width: 4000, height: 3000, seed: UInt64(12 + k))
            return path
        }
        let show = folder + "/show"
        try BenchPhotoFiles.linkedShow(show, count: slides, originals: originals)
        let list = try SlideList(reading: [show])
        var settings = SlideShowSettings(paths: [show])
        settings.transition = .kind(.fade)
        settings.duration = 0.25
        settings.loop = false
        let photos = source(list, canvas)
        let d = try BenchShowDriver(source: photos, settings: settings, canvas: canvas, renderer: renderer)
        let marks: Set<Int> = [1, 3, 10, 25, 50, 100, 250, slides]
        let n = list.count
        let start = Date()
        for shown in 1...n {
            if shown > 1 {
                _ = try d.press("right")
                try d.finishTransition()
            }
            let c = d.app.current
            d.waitUntilDecoded([c, min(n - 1, c + 1), max(0, c - 1)], isReady: photos.isReady)
            try d.rest(seconds: 0.5)  // the next slide made ready, as during a slide's interval
            if marks.contains(shown) {
                let gl = GLObjectCounts.live
                print(String(format: "rss_at_slide_%d_mib=%.1f", shown, Double(ResidentMemory.current ?? 0) / 1_048_576)
                      + " textures=\(gl.textures) framebuffers=\(gl.framebuffers)")
            }
        }
        let perSlide = Date().timeIntervalSince(start) * 1000 / Double(n)
        print(String(format: "slides=%d ms_per_slide=%.1f peak_rss_mib=%.1f", n, perSlide,
                     Double(ResidentMemory.peak ?? 0) / 1_048_576))
        MallocTuning.trim()
        print(String(format: "rss_after_malloc_trim_mib=%.1f", Double(ResidentMemory.current ?? 0) / 1_048_576))
    }
}
