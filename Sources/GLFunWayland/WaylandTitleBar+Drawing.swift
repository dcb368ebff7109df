import GLFunImages

/// The bar's pixels: dark grey, the title in light grey centred over the bar (left of the
/// buttons where it is wider; clipped at them), and three button boxes at the right end with
/// their marks (a line, a square, a cross) one pixel a point thick. Everything is drawn at the
/// buffer's scale, so the bar is as crisp at 2 as at 1. The title is rasterized by GLFunImages'
/// `TextRasterizer` (fontconfig and FreeType) to coverage and blended here.
extension WaylandTitleBar {
    static let barColor: UInt32 = 0xFF30_3030
    static let buttonColor: UInt32 = 0xFF44_4444
    static let inkColor: UInt32 = 0xFFE0_E0E0
    /// The title's font and size (points); the gap (points) kept between it and the bar's ends.
    static let titleFont = "sans-serif:bold", titleSize: Float = 13, titlePad = 8

    /// The bar as a wl_shm buffer `w` x `h` pixels at `scale`.
    func draw(width w: Int32, height h: Int32, scale: Int32) -> OpaquePointer? {
        let title = self.title(scale: scale)
        return makeShmBuffer(window.globals.shm, width: w, height: h, name: "glfun-title-bar") { px in
            let w = Int(w), h = Int(h), s = Int(scale)
            for i in 0..<(w * h) { px[i] = WaylandTitleBar.barColor }
            for b in Button.allCases {
                let x0 = w - (b.rawValue + 1) * h
                guard x0 >= 0 else { continue }
                WaylandTitleBar.drawButton(b, into: px, stride: w, x0: x0, side: h, thickness: s)
            }
            guard let title else { return }
            let pad = WaylandTitleBar.titlePad * s, limit = w - Button.allCases.count * h - pad
            let x0 = max(pad, (w - title.width) / 2), y0 = (h - title.height) / 2
            for y in 0..<title.height where y0 + y >= 0 && y0 + y < h {
                for x in 0..<title.width where x0 + x < limit {
                    let c = title[x, y]
                    if c > 0 { px[(y0 + y) * w + x0 + x] = WaylandTitleBar.blend(c) }
                }
            }
        }
    }

    /// The title's coverage at `scale` (kept until the title or scale changes); nil for an empty
    /// title or where no font can be had (the bar then shows none).
    private func title(scale: Int32) -> TextImage? {
        if let r = titleRaster, r.title == title, r.scale == scale { return r.image }
        let image = title.isEmpty ? nil
            : try? TextRasterizer.render(title, fontName: WaylandTitleBar.titleFont, size: WaylandTitleBar.titleSize * Float(scale))
        titleRaster = (title, scale, image)
        return image
    }

    /// The ink over the bar at coverage `c`.
    static func blend(_ c: UInt8) -> UInt32 {
        let bg = barColor & 0xFF, ink = inkColor & 0xFF
        let v = (bg * UInt32(255 - c) + ink * UInt32(c) + 127) / 255
        return 0xFF00_0000 | v << 16 | v << 8 | v
    }

    /// One button's box and mark: the mark sits in the middle third of the box.
    static func drawButton(_ b: Button, into px: UnsafeMutablePointer<UInt32>, stride: Int, x0: Int, side h: Int,
                           thickness t: Int) {
        let lo = h / 3, hi = h - h / 3
        for y in 0..<h {
            for x in 0..<h {
                var c = buttonColor
                if x >= lo && x < hi && y >= lo && y < hi {
                    let on: Bool
                    switch b {
                    case .close: on = abs(x - y) <= t / 2 || abs(x - (h - 1 - y)) <= t / 2
                    case .maximize: on = x < lo + t || x >= hi - t || y < lo + t || y >= hi - t
                    case .minimize: on = y >= hi - t
                    }
                    if on { c = inkColor }
                }
                px[y * stride + x0 + x] = c
            }
        }
    }
}
