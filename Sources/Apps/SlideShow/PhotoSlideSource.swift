import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunMovie
import GLFunPhotos
import GLFunTransitions

/// The slide show's pictures from files: a `SlideList` decoded by a `PhotoLoader` (on its
/// own thread, ahead of time) for a square box of the view's larger side, so that turning
/// the view needs no new decode. A movie among them (`PhotoLoader.kind(at:)`) is probed once
/// (`MovieProbe`: size, length, rate, or why it cannot be played), without GL, when first asked;
/// an SVG drawing is read (`SVGSlide.read`: parsed and drawn into shapes, no GL) when first asked.
public final class PhotoSlideSource: SlideSource {
    /// The slides.
    public let list: SlideList
    private let loader: PhotoLoader
    /// Movies probed so far (a few bytes each), by slide.
    private var probed: [Int: Result<MovieSlide, any Error>] = [:]
    private let maxSide: Int
    /// Slides known to be still pictures (not animated).
    private var stills: Set<Int> = []
    /// SVG slides read so far: failures kept (a few bytes each), drawings for the last
    /// `PhotoLoader.capacity` asked for (`svgKept`, the most recent last).
    private var svgs: [Int: Result<SVGSlide, any Error>] = [:]
    private var svgKept: [Int] = []
    /// Headers read so far (nil: none that tiles can be decoded from), by slide.
    private var headers: [Int: ImageHeader?] = [:]

    /// - Parameters:
    ///   - list: the slides, in list order.
    ///   - viewPixels: the view's size in pixels (photos are decoded for a square of its larger side).
    ///   - contentMode: how a slide fills the view (photos are decoded to fit or fill its box).
    ///   - loop: the show wraps around at the list's ends.
    ///   - maxSide: the largest texture side (`Context.maxTextureSize`); larger photos are reduced.
    public init(list: SlideList, viewPixels: (width: Int, height: Int), contentMode: SlideContentMode, loop: Bool,
                maxSide: Int) {
        precondition(maxSide > 0, "PhotoSlideSource: maxSide \(maxSide) (read Context.maxTextureSize with a context current)")
        self.list = list
        self.maxSide = maxSide
        let side = max(viewPixels.width, viewPixels.height)
        loader = PhotoLoader(slides: list, fit: ImageFit(width: side, height: side, mode: ImageFit.Mode(contentMode)),
                             limits: Image.Limits(maxSide: maxSide), wraps: loop)
    }

    /// How many slides the list has.
    public var count: Int { list.count }

    /// The slide's file name.
    public func name(_ index: Int) -> String { PathName.lastComponent(of: list[index]) }

    /// The slide's picture once decoded (waiting if it must), or why it cannot be had.
    public func image(_ index: Int) -> Result<Image, any Error> {
        loader.image(at: index).mapError { $0 as any Error }
    }

    /// The slide as a movie or an animated picture (probed once), or nil for a still picture.
    public func movie(_ index: Int) -> Result<MovieSlide, any Error>? {
        guard loader.kind(at: index) == .movie else { return animation(index) }
        if let r = probed[index] { return r }
        let path = list[index]
        // A file named twice is probed once: the same answer for each of its slides.
        if let i = (0..<list.count).first(where: { list[$0] == path && probed[$0] != nil }), let r = probed[i] {
            probed[index] = r
            return r
        }
        let r = Result { () throws(MovieError) in MovieSlide(path: path, info: try MovieProbe.info(path)) }
            .mapError { $0 as any Error }
        probed[index] = r
        return r
    }

    /// The slide as an SVG drawing (read once; `SVGSlide.read`), or nil when it is none.
    public func svg(_ index: Int) -> Result<SVGSlide, any Error>? {
        guard loader.kind(at: index) == .svg else { return nil }
        if let r = svgs[index] {
            if case .success = r, let i = svgKept.firstIndex(of: index) { svgKept.append(svgKept.remove(at: i)) }
            return r
        }
        let r = SVGSlide.read(list[index]).mapError { $0 as any Error }
        svgs[index] = r
        if case .success = r {
            svgKept.append(index)
            while svgKept.count > PhotoLoader.capacity { svgs[svgKept.removeFirst()] = nil }
        }
        return r
    }

    /// Remembers the failure for every slide of the same file.
    public func movieFailed(_ index: Int, _ error: any Error) {
        let path = list[index]
        for i in 0..<list.count where list[i] == path { probed[i] = .failure(error) }
    }

    /// An animated GIF or WebP slide (its records read once, no frame decoded), or nil for a still.
    private func animation(_ index: Int) -> Result<MovieSlide, any Error>? {
        if stills.contains(index) { return nil }
        if let r = probed[index] { return r }
        guard let slide = AnimatedSlide.probe(list[index], maxSide: maxSide, fit: loader.fit) else {
            stills.insert(index)
            return nil
        }
        probed[index] = .success(slide)
        return .success(slide)
    }

    /// The slide's size upright, from its header (read once), when it is a PNG (not
    /// interlaced) or a JPEG: what tiles can be decoded from.
    public func fullSize(_ index: Int) -> (width: Int, height: Int)? {
        header(index).map { ($0.width, $0.height) }
    }

    /// A loader of the slide's tiles (no decode starts until it is asked for some).
    public func tiles(_ index: Int, onReady: (@Sendable () -> Void)?) -> TileLoader? {
        guard let h = header(index) else { return nil }
        return TileLoader(path: list[index], header: h, onReady: onReady)
    }

    private func header(_ index: Int) -> ImageHeader? {
        if let h = headers[index] { return h }
        var h = ImageHeader(contentsOfFile: list[index])
        if let x = h, x.format != .png && x.format != .jpeg || x.interlaced { h = nil }
        headers[index] = h
        return h
    }

    /// Decodes the slides around `index` ahead of time.
    public func prefetch(around index: Int) { loader.prefetch(around: index) }

    /// Decodes `window` ahead of time (`PhotoLoader.prefetch(window:)`).
    public func prefetch(window: [Int]) { loader.prefetch(window: window) }

    /// Whether slide `index` is decoded now (`PhotoLoader.isReady`): for measurements only.
    public func isReady(_ index: Int) -> Bool { loader.isReady(index) }

    /// The view changed size: decode for the new box (slides decoded for the old one are dropped).
    public func viewResized(pixels: (width: Int, height: Int), contentMode: SlideContentMode) {
        let side = max(pixels.width, pixels.height)
        let fit = ImageFit(width: side, height: side, mode: ImageFit.Mode(contentMode))
        if loader.fit != fit { loader.fit = fit }
    }
}

extension ImageFit.Mode {
    /// The decode that a slide's content mode needs: fit for aspect fit, fill for aspect fill.
    init(_ contentMode: SlideContentMode) {
        self = contentMode == .aspectFill ? .fill : .fit
    }
}
