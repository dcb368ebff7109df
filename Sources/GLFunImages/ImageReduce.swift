// Shrinking an image by area averaging (a box filter with fractional coverage): each output
// pixel is the mean of the input area it covers, weighted by how much of each input pixel
// falls inside it. Colors are weighted by their alpha, so transparent pixels do not bleed
// their (invisible) color into the edges. Rows are reduced one at a time, so besides the
// output the work needs two rows of floats, whatever the input's size.

extension Image {
    /// The image shrunk to width x height (each at most the current one) by area averaging.
    /// Returns the image itself when the size is its own.
    /// - Throws: `.badPixels` for a size that is not a reduction, `.outOfMemory` (`Memory.require`).
    public func reduced(toWidth ow: Int, height oh: Int) throws(ImageError) -> Image {
        guard ow > 0, oh > 0, ow <= width, oh <= height else {
            throw .badPixels("cannot reduce a \(width)x\(height) image to \(ow)x\(oh)")
        }
        if ow == width && oh == height { return self }
        try requireMemory(ow * oh * 4, for: "a \(ow)x\(oh) image")
        let iw = width, ih = height
        // Input column x covers [x * ow, (x + 1) * ow) and output column X covers
        // [X * iw, (X + 1) * iw), in units of 1 / (iw * ow) of the image: all whole numbers.
        // Each input column falls into one output column or straddles two.
        var firstOut = [Int](repeating: 0, count: iw)
        var firstWeight = [Float](repeating: 0, count: iw), secondWeight = [Float](repeating: 0, count: iw)
        for x in 0..<iw {
            let start = x * ow, end = start + ow, X = start / iw, boundary = (X + 1) * iw
            firstOut[x] = X
            firstWeight[x] = Float(min(end, boundary) - start) / Float(iw)
            secondWeight[x] = Float(max(0, end - boundary)) / Float(iw)
        }
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        var row = [Float](repeating: 0, count: ow * 4)      // one input row, reduced across
        var acc = [Float](repeating: 0, count: ow * 4)      // the output row being summed
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                row.withUnsafeMutableBufferPointer { row in
                    acc.withUnsafeMutableBufferPointer { acc in
                        var Y = 0
                        for y in 0..<ih {
                            for i in 0..<row.count { row[i] = 0 }
                            let p = y * iw * 4
                            for x in 0..<iw {
                                let a = Float(src[p + x * 4 + 3])
                                let r = Float(src[p + x * 4]) * a, g = Float(src[p + x * 4 + 1]) * a
                                let b = Float(src[p + x * 4 + 2]) * a
                                let X = firstOut[x], w0 = firstWeight[x]
                                row[X * 4] += r * w0; row[X * 4 + 1] += g * w0
                                row[X * 4 + 2] += b * w0; row[X * 4 + 3] += a * w0
                                let w1 = secondWeight[x]
                                if w1 > 0 {
                                    row[X * 4 + 4] += r * w1; row[X * 4 + 5] += g * w1
                                    row[X * 4 + 6] += b * w1; row[X * 4 + 7] += a * w1
                                }
                            }
                            // Rows likewise: input row y covers [y * oh, (y + 1) * oh), output row
                            // Y covers [Y * ih, (Y + 1) * ih).
                            var from = y * oh
                            let end = from + oh
                            while from < end {
                                let boundary = (Y + 1) * ih
                                let upTo = min(end, boundary)
                                let w = Float(upTo - from) / Float(ih)
                                for i in 0..<acc.count { acc[i] += row[i] * w }
                                from = upTo
                                if upTo == boundary {
                                    store(acc, into: dst, row: Y, width: ow)
                                    for i in 0..<acc.count { acc[i] = 0 }
                                    Y += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return try Image(width: ow, height: oh, pixels: out)
    }

    /// The largest size of this image's aspect ratio that fits in width x height (never larger
    /// than the image), at least 1x1.
    public func sizeReduced(toFit width: Int, _ height: Int) -> (width: Int, height: Int) {
        let s = min(1, min(Double(width) / Double(self.width), Double(height) / Double(self.height)))
        return (max(1, min(self.width, Int((Double(self.width) * s).rounded()))),
                max(1, min(self.height, Int((Double(self.height) * s).rounded()))))
    }
}

/// Writes one summed output row: premultiplied sums back to straight 8-bit RGBA.
private func store(_ acc: UnsafeMutableBufferPointer<Float>, into dst: UnsafeMutableBufferPointer<UInt8>,
                   row: Int, width: Int) {
    let base = row * width * 4
    for X in 0..<width {
        let a = acc[X * 4 + 3]
        let inv: Float = a > 0 ? 1 / a : 0
        for c in 0..<3 {
            dst[base + X * 4 + c] = UInt8(min(255, max(0, acc[X * 4 + c] * inv + 0.5)))
        }
        dst[base + X * 4 + 3] = UInt8(min(255, max(0, a + 0.5)))
    }
}
