import Foundation

extension Image {
    /// The image as it is displayed with orientation `o` (an Exif Orientation value): turned
    /// and mirrored; `.leftMirrored` to `.left` swap width and height. `.up` returns it as is.
    /// - Throws: `.outOfMemory` when the turned copy cannot be had (`Memory.require`).
    public func oriented(_ o: ImageOrientation) throws(ImageError) -> Image {
        if o == .up { return self }
        let w = width, h = height
        // Output pixel (x, y) is input pixel origin + x * dx + y * dy (in pixels).
        let (origin, dx, dy): (Int, Int, Int)
        switch o {
        case .up: (origin, dx, dy) = (0, 1, w)
        case .upMirrored: (origin, dx, dy) = (w - 1, -1, w)
        case .down: (origin, dx, dy) = ((h - 1) * w + w - 1, -1, -w)
        case .downMirrored: (origin, dx, dy) = ((h - 1) * w, 1, -w)
        case .leftMirrored: (origin, dx, dy) = (0, w, 1)
        case .right: (origin, dx, dy) = ((h - 1) * w, -w, 1)
        case .rightMirrored: (origin, dx, dy) = ((h - 1) * w + w - 1, -w, -1)
        case .left: (origin, dx, dy) = (w - 1, w, -1)
        }
        let (ow, oh) = o.swapsAxes ? (h, w) : (w, h)
        try requireMemory(ow * oh * 4, for: "a \(ow)x\(oh) image")
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let s = src.bindMemory(to: UInt32.self).baseAddress!
                let d = dst.bindMemory(to: UInt32.self).baseAddress!
                for y in 0..<oh {
                    var i = origin + y * dy
                    let row = d + y * ow
                    for x in 0..<ow {
                        row[x] = s[i]
                        i += dx
                    }
                }
            }
        }
        return try Image(width: ow, height: oh, pixels: out)
    }
}
