import GLFunGLES
import GLFunImages

/// Layers drawn side by side in a few targets the canvas's size ("planes"), then put onto the
/// frame as ordinary shapes (`Renderer+LayerPlanes`): a layer's pixels lie where they lie on
/// the canvas, so many layers whose footprints (the pixels their composite reads) do not meet
/// share a plane, and a plane is one framebuffer bound for all of them.
///
/// What this is: the packing (first plane whose footprints the new one does not meet), the
/// planes' framebuffers (made on need, kept frame to frame with the layers' other targets), and
/// one pattern a plane: its image is the plane, pixel for pixel (`ImagePattern.Source.drawing`
/// with no shapes of its own: the renderer draws the plane's layers into it, and
/// `Renderer.setPaint` finds the plane's texture here). What it is not: a texture atlas (no
/// layer moves, so its pixels are the ones the canvas would get).
final class LayerPlanes {
    /// A layer waiting for its plane to be drawn: its shapes go into plane `plane`, scissored to
    /// `footprint` (target pixels, top-left origin), cleared transparent first.
    struct Placed {
        let layer: Layer
        let plane: Int
        let footprint: PixelRect
    }

    /// The bytes of planes (colour and depth) a renderer keeps at most; at least one plane.
    static let budgetBytes = 64 << 20
    /// The most planes.
    static let maxPlanes = 8

    /// The layers placed since the last `reset`, in order.
    private(set) var pending: [Placed] = []
    /// The footprints placed in each plane since the last `reset`.
    private var taken: [[PixelRect]] = []
    private var targets: [Framebuffer] = []
    private var patterns: [ImagePattern] = []
    /// What the targets and patterns were made for.
    private var made: (width: Int, height: Int, scale: Float, depth: Bool) = (0, 0, 0, false)

    /// How many planes a canvas of `width` x `height` pixels gets.
    static func count(width: Int, height: Int, depth: Bool) -> Int {
        let bytes = max(width * height * (depth ? 8 : 4), 1)
        return min(maxPlanes, max(1, budgetBytes / bytes))
    }

    /// Places `footprint` (within the canvas) in the first plane where it meets no other and
    /// returns that plane, or nil when every plane has one it meets (draw the pending ones and
    /// `reset`). Makes the planes on first need, for a canvas of `width` x `height` pixels at
    /// `scale` pixels a point.
    func place(_ layer: Layer, footprint: PixelRect, width: Int, height: Int, scale: Float, depth: Bool,
               context: Context) throws(GLESError) -> Int? {
        if made != (width, height, scale, depth) {
            drop()
            made = (width, height, scale, depth)
        }
        let n = LayerPlanes.count(width: width, height: height, depth: depth)
        if taken.count < n { taken += Array(repeating: [], count: n - taken.count) }
        guard let plane = taken.firstIndex(where: { rects in !rects.contains { LayerBounds.intersect($0, footprint) != nil } }) else {
            return nil
        }
        while targets.count <= plane {
            targets.append(try Framebuffer(context: context, width: width, height: height, depth: depth))
            patterns.append(ImagePattern(layerPlaneWidth: width, height: height, scale: scale))
        }
        taken[plane].append(footprint)
        pending.append(Placed(layer: layer, plane: plane, footprint: footprint))
        return plane
    }

    /// Whether planes are made.
    var holdsTargets: Bool { !targets.isEmpty }

    /// The plane's framebuffer.
    func target(_ plane: Int) -> Framebuffer { targets[plane] }

    /// The pattern whose image is the plane: put at its pixels on the canvas.
    func pattern(_ plane: Int) -> ImagePattern { patterns[plane] }

    /// The texture of a plane's pattern; nil for any other pattern.
    func texture(for pattern: ImagePattern) -> Texture2D? {
        guard let i = patterns.firstIndex(where: { $0 === pattern }) else { return nil }
        return targets[i].texture
    }

    /// The pending layers are drawn (and composited by what was drawn after them): the planes
    /// are free again.
    func reset() {
        pending.removeAll(keepingCapacity: true)
        for i in taken.indices { taken[i].removeAll(keepingCapacity: true) }
    }

    /// Lets the targets go (the canvas's size changed, or frames hold no layers).
    func drop() {
        reset()
        targets.removeAll()
        patterns.removeAll()
        taken.removeAll()
    }

    /// What of `cut` (target pixels) a layer's shapes can change, as rectangles that do not
    /// overlap: the union of the shapes' pixel bounds (`LayerBounds.pixels`, 3 pixels wider than
    /// what they draw) within `cut`, on the grid of those bounds' edges: runs of cells in a row,
    /// a run going on down while the rows below have it too. `cut` itself when a shape is not
    /// bounded (an image), or the shapes are more than `maxCoverShapes`.
    static func cover(_ shapes: [Shape], cut: PixelRect, scale: Float) -> [PixelRect] {
        guard shapes.count <= maxCoverShapes else { return [cut] }
        var boxes: [PixelRect] = []
        for s in shapes {
            guard let b = LayerBounds.of([s]) else { return [cut] }
            if let p = b.pixels(scale: scale), let r = LayerBounds.intersect(p, cut) { boxes.append(r) }
        }
        guard boxes.count > 1 else { return boxes }
        let xs = Array(Set(boxes.flatMap { [$0.x, $0.x + $0.width] })).sorted()
        let ys = Array(Set(boxes.flatMap { [$0.y, $0.y + $0.height] })).sorted()
        let cols = xs.count - 1, rows = ys.count - 1
        var marked = [Bool](repeating: false, count: cols * rows)
        func index(_ v: [Int], _ x: Int) -> Int {
            var lo = 0, hi = v.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if v[mid] < x { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        for b in boxes {
            let c0 = index(xs, b.x), c1 = index(xs, b.x + b.width), r0 = index(ys, b.y), r1 = index(ys, b.y + b.height)
            for row in r0..<r1 { for col in c0..<c1 { marked[row * cols + col] = true } }
        }
        // Runs of each row, as (first column, end column); a run open since an earlier row while
        // each row has it.
        var open: [Int: (top: Int, end: Int)] = [:]  // by first column
        var rects: [PixelRect] = []
        for row in 0...rows {
            var runs: [(Int, Int)] = []
            if row < rows {
                var col = 0
                while col < cols {
                    guard marked[row * cols + col] else { col += 1; continue }
                    let first = col
                    while col < cols && marked[row * cols + col] { col += 1 }
                    runs.append((first, col))
                }
            }
            for (first, run) in open where !runs.contains(where: { $0 == (first, run.end) }) {
                rects.append(PixelRect(x: xs[first], y: ys[run.top], width: xs[run.end] - xs[first],
                                       height: ys[row] - ys[run.top]))
                open[first] = nil
            }
            for (first, end) in runs where open[first] == nil { open[first] = (row, end) }
        }
        return rects.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The most shapes a layer's cover is worked out for (the grid grows as their square).
    static let maxCoverShapes = 1_000
}
