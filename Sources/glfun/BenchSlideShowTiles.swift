import Dispatch
import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunSlideShowApp
import GLFunSoak

extension BenchSlideShow {
    /// Each picture (`--picture`, made by scripts/make/big_pictures.py) shown alone, full
    /// screen, pinched in to its limit (one picture pixel a pixel) and panned by one finger
    /// from its middle to one end and across to the other, along its longer side, at
    /// `--pan-speed` points a frame, 60 frames a second of wall time, the tiles drawn live as
    /// in a window. Says the resident memory before the pinch and the most while panning
    /// (sampled every frame), the frames that drew the fitted picture in place of a tile not
    /// decoded yet, the longest run of them, and the tile textures held at most.
    func tiles(canvas: Canvas, renderer: Renderer) throws {
        for path in picture {
            let list = try SlideList(reading: [path])
            var settings = SlideShowSettings(paths: [path])
            settings.fullScreen = true
            let photos = source(list, canvas)
            let d = try BenchShowDriver(source: photos, settings: settings, canvas: canvas, renderer: renderer)
            d.app.drawsTilesLive = true
            d.waitUntilDecoded([0], isReady: photos.isReady)
            try d.rest(seconds: 0.5)
            let fitted = ResidentMemory.current ?? 0
            let (cx, cy) = (canvas.width / 2, canvas.height / 2)
            // Pinch out from 4 points apart to 600: far past the limit.
            try d.touches([(.began, 1, cx - 2, cy), (.began, 2, cx + 2, cy)])
            for k in 1...10 {
                let r = 2 + Float(k) * 30
                try d.touches([(.moved, 1, cx - r, cy), (.moved, 2, cx + r, cy)])
            }
            try d.touches([(.ended, 1, cx - 302, cy), (.ended, 2, cx + 302, cy)])
            let size = try requireSize(photos.fullSize(0), path)
            let wide = size.width >= size.height
            let view = wide ? canvas.width : canvas.height
            let reach = Float(wide ? size.width : size.height) / canvas.scale / 2 - view / 2  // the middle to an end
            var stats = PanStats()
            var moved: Float = 0
            for (sign, distance) in [(Float(1), reach), (-1, 2 * reach)] {
                moved = 0
                while moved < distance {
                    // One drag of up to 60% of the view.
                    let drag = min(distance - moved, view * 0.6)
                    let start = cx + (wide ? -sign * view * 0.3 : 0), startY = cy + (wide ? 0 : -sign * view * 0.3)
                    try d.touches([(.began, 3, start, startY)])
                    var done: Float = 0
                    while done < drag {
                        done = min(drag, done + panSpeed)
                        try d.touches([(.moved, 3, start + (wide ? sign * done : 0), startY + (wide ? 0 : sign * done))], paced: true)
                        stats.frame(missing: d.app.missingTiles, textures: d.app.tileTextures)
                    }
                    try d.touches([(.ended, 3, start + (wide ? sign * done : 0), startY + (wide ? 0 : sign * done))])
                    moved += drag
                }
            }
            print(String(format: "tiles %@ %dx%d: rss_fitted_mib=%.1f rss_panning_max_mib=%.1f frames=%d "
                         + "frames_with_fitted_in_place_of_a_tile=%d longest_run=%d tile_textures_max=%d budget=%d vmhwm_mib=%.1f",
                         PathName.lastComponent(of: path), size.width, size.height, Double(fitted) / 1_048_576,
                         Double(stats.rss) / 1_048_576, stats.frames, stats.missingFrames, stats.longestRun, stats.textures,
                         BenchSlideShow.tileBudget(canvas), Double(ResidentMemory.peak ?? 0) / 1_048_576))
        }
    }

    static func tileBudget(_ canvas: Canvas) -> Int {
        let columns = (canvas.pixelWidth + TileGrid.side - 1) / TileGrid.side
        let rows = (canvas.pixelHeight + TileGrid.side - 1) / TileGrid.side
        return (columns + 3) * (rows + 3)
    }

    private func requireSize(_ size: (width: Int, height: Int)?, _ path: String) throws -> (width: Int, height: Int) {
        guard let size else { throw GLFunError.unreadable(path: path) }
        return size
    }
}

/// What a pan showed, frame by frame.
private struct PanStats {
    var frames = 0, missingFrames = 0, run = 0, longestRun = 0, textures = 0, rss = 0

    mutating func frame(missing: Int, textures t: Int) {
        frames += 1
        if missing > 0 {
            missingFrames += 1
            run += 1
            longestRun = max(longestRun, run)
        } else {
            run = 0
        }
        textures = max(textures, t)
        rss = max(rss, ResidentMemory.current ?? 0)
    }
}

extension BenchShowDriver {
    /// Touches fed now, then one frame drawn and finished; `paced`: the frame takes at least
    /// 1/60 s of wall time, as a window's (the tiles' thread has the time it would have there).
    func touches(_ list: [(TouchPhase, Int, Float, Float)], paced: Bool = false) throws {
        let t0 = DispatchTime.now().uptimeNanoseconds
        for (phase, id, x, y) in list { host.feed(TimedEvent(t: t, .touch(phase: phase, id: id, x: x, y: y))) }
        _ = try frame()
        let spent = DispatchTime.now().uptimeNanoseconds - t0
        if paced, spent < 16_666_667 { usleep(UInt32((16_666_667 - spent) / 1000)) }
    }
}
