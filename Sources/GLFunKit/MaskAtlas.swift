import GLFunGLES

/// The coverage masks drawn lately (`CoverageMask`), packed on shelves (`ShelfRows`) into pages
/// of `side` x `side` pixels, each page one texture (luminance-alpha, two bytes a pixel, or
/// alpha, one byte, as its `texel` says; nearest: a pixel's fragment reads its own texel). A
/// mask is copied into its page's texture when it is placed (no copy in memory: the mask is
/// its path's) and stays there, frame after frame,
/// until every page is full and the atlas starts again: a fill drawn again (the same mask
/// object, kept with its path's mesh) is found by its identity and neither placed nor
/// uploaded again. So a frame whose masks fill more than one page and fit in `pageLimit`
/// uploads nothing after its first frame, where one page that filled every frame was written
/// again each time, and each time the frame waited for the rasterizer (`flushChunk`).
///
/// The atlas holds the masks it has placed (so that no other mask takes a freed one's
/// identity): at most its pages' size in bytes. Bounded: `pageLimit` textures of 8 MiB, or 4
/// MiB of one byte a pixel (64 MiB at most: `maxPages`, `Texel.pages`), made as a frame first needs them, and given back when the frames drawn
/// lately need fewer (`frameStarted`): what it holds follows what is drawn, not the heaviest
/// frame it ever drew.
final class MaskAtlas {
    /// How a page holds a mask's pixel.
    enum Texel {
        /// Two bytes, luminance-alpha: the coverage level in 1/4096ths (`PathCoverage.levels`),
        /// high byte then low, as the mask holds it. For any paint.
        case twoBytes
        /// One byte, alpha: the level as the target's 8-bit alpha takes it, round(255 level / 4096)
        /// (`byteLevels`). For a draw whose paint is opaque: its fragment's alpha is the coverage,
        /// which llvmpipe rounds to 8 bits before it blends, so the picture is the two bytes' to
        /// the bit; the read costs about 15% less a pixel (docs/performance.md, session 25).
        case byte

        var format: PixelFormat { self == .byte ? .a8 : .luminanceAlpha }
        /// The pages that hold as many bytes as `twoBytePages` pages of two bytes a pixel.
        func pages(_ twoBytePages: Int) -> Int { self == .byte ? 2 * twoBytePages : twoBytePages }
    }

    /// The one-byte texel of each coverage level 0...4096: round(255 k / 4096), halves up.
    static let byteLevels: [UInt8] = {
        let levels = Int(PathCoverage.levels)
        return (0...levels).map { UInt8((255 * $0 + levels / 2) / levels) }
    }()

    /// How this atlas's pages hold a pixel.
    let texel: Texel

    init(texel: Texel = .twoBytes) {
        self.texel = texel
        pageLimit = texel.pages(MaskAtlas.maxPages)
    }

    /// A page's side in pixels.
    static let side = 2048
    /// The most pages of two bytes a pixel an atlas has (64 MiB of textures); of one byte, twice
    /// as many (`Texel.pages`).
    static let maxPages = 8
    /// The most pages this atlas fills before it starts again (`Renderer.maskPages`).
    var pageLimit: Int

    /// One pixel of coverage 1 (4096 in 1/4096ths), placed as any mask: the texel that fills
    /// covering their pixels wholly read (`Renderer.emitWhole`).
    static let whole = CoverageMask(width: 1, height: 1, bytes: wholeLevel,
                                    corners: (Vec(0, 0), Vec(1, 0), Vec(1, 1), Vec(0, 1)), spans: [0..<1])
    private static let wholeLevel: [UInt8] = {
        let level = Int(PathCoverage.levels)
        return [UInt8(level >> 8), UInt8(level & 255)]
    }()

    /// Where a mask is: its page and its top-left pixel there.
    struct Spot: Equatable {
        var page: Int, x: Int, y: Int
    }

    private var pages: [Texture2D] = []
    /// The page being filled, and its shelves (`ShelfRows`). Pages are filled one after the
    /// other: a mask put back on an earlier page with room left would split its run of draws
    /// from its neighbours' (groups_10000's calls went from 68 to 1,038 that way).
    private var current = 0
    private var shelves = ShelfRows(byClass: false)
    /// Whether masks go on shelves by class of height (dense) rather than one shelf at a time,
    /// each mask beside the one before (near it in memory: groups_10000's frame is 3-5% faster
    /// so): from the first time the atlas fills its pages until it gives pages back.
    private(set) var dense = false
    private var placed: [ObjectIdentifier: (mask: CoverageMask, spot: Spot)] = [:]

    /// How many pages have been made.
    var pageCount: Int { pages.count }
    /// The frames watched before the atlas may give pages back (`frameStarted`).
    static let watchedFrames = 120
    /// The share of a page's pixels its masks are taken to fill when the atlas works out how
    /// many pages the frames drawn lately need: less than the shelves pack (most frames'
    /// masks fill 70-90% of a page), so that a frame whose masks fill its pages never gives one
    /// back only to make it again the next frame.
    static let packing = 0.35
    /// The mask pixels the frame being drawn has placed or found, the most a frame of the
    /// watch has, and how many frames have been watched.
    private var frameUse = 0, watchPeak = 0, watched = 0
    /// How many masks have been copied in, in all.
    private(set) var uploads = 0

    /// Where `mask` is: where it was put before, or, copied in now (as this atlas's texels), on
    /// the page being filled where it has room (`ShelfRows`), else on a new page while there are
    /// fewer than `pageLimit`; nil when the atlas has no room.
    func place(_ mask: CoverageMask, context: Context) throws(GLESError) -> Spot? {
        let w = mask.width, h = mask.height, side = MaskAtlas.side
        frameUse += w * h
        if let p = placed[ObjectIdentifier(mask)] { return p.spot }
        guard w > 0, h > 0, w <= side, h <= side else { return nil }
        var at = shelves.place(width: w, height: h, side: side)
        if at == nil {
            guard current + 1 < pageLimit else { return nil }
            current += 1
            shelves = ShelfRows(byClass: dense)
            at = shelves.place(width: w, height: h, side: side)
        }
        guard let (x, y) = at else { return nil }
        let spot = Spot(page: current, x: x, y: y)
        let page = try texture(spot.page, context: context)
        if texel == .byte {
            // Each level as its byte (levels past 4096 are none: clamped all the same).
            let table = MaskAtlas.byteLevels, top = table.count - 1
            let bytes = [UInt8](unsafeUninitializedCapacity: w * h) { out, n in
                mask.bytes.withUnsafeBufferPointer { two in
                    for k in 0..<(w * h) { out[k] = table[min(Int(two[2 * k]) << 8 | Int(two[2 * k + 1]), top)] }
                }
                n = w * h
            }
            try page.update(x: spot.x, y: spot.y, width: w, height: h, pixels: bytes)
        } else {
            try page.update(x: spot.x, y: spot.y, width: w, height: h, pixels: mask.bytes)
        }
        uploads += 1
        placed[ObjectIdentifier(mask)] = (mask, spot)
        return spot
    }

    /// Empties the atlas (what was placed has been drawn): filled again from the first page.
    /// The pages' textures are kept.
    func reset() {
        current = 0
        shelves = ShelfRows(byClass: dense)
        placed.removeAll(keepingCapacity: true)
    }

    /// The atlas filled its pages (what was placed has been drawn): it starts again, and packs
    /// densely from now on (opacity_10000's 39 M mask pixels fit in 16 one-byte pages dense,
    /// not one shelf at a time, and were copied in again every frame).
    func filled() {
        dense = true
        reset()
    }

    /// A frame starts (the renderer's outermost `draw`). After `watchedFrames` frames whose
    /// masks would all fit in fewer pages than the atlas has made (at `packing`), it
    /// starts again with that many: its other pages' textures are deleted and the masks it
    /// held let go (the next frame places the ones it draws again). So a window that drew a
    /// heavy document and then light ones holds a page again, not eight.
    func frameStarted() {
        watchPeak = max(watchPeak, frameUse)
        frameUse = 0
        watched += 1
        guard watched >= MaskAtlas.watchedFrames else { return }
        let page = Double(MaskAtlas.side * MaskAtlas.side) * MaskAtlas.packing
        let needed = max(1, Int((Double(watchPeak) / page).rounded(.up)))
        if pages.count > needed {
            dense = false
            reset()
            pages.removeLast(pages.count - needed)
        }
        watched = 0
        watchPeak = 0
    }

    /// Page `i`'s texture, made on first use.
    func texture(_ i: Int, context: Context) throws(GLESError) -> Texture2D {
        if i < pages.count { return pages[i] }
        let t = try Texture2D(context: context, pixels: nil, width: MaskAtlas.side, height: MaskAtlas.side,
                              options: TextureOptions(format: texel.format, filter: .nearest))
        pages.append(t)
        return t
    }
}
