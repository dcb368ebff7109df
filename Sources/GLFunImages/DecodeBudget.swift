import Foundation

/// What one slide's decode may cost, decided from the file's header before any pixel buffer is
/// allocated: a viewer is bounded by what it shows, not by what a file claims (a few-KB GIF may
/// claim a 16384x4096 screen, a JPEG's SOF 65500x65500, an AVIF grid 65535 px across).
///
/// - An animation's canvas is composed at full size up to `fullCanvasBytes` (every ordinary
///   animation: its frames are what they always were). A larger one is composed at the size it
///   is shown: the screen sampled every `step` pixels each way (`canvasStep`), at least twice
///   the shown size and within `fullCanvasBytes`, with at most one previous canvas of that size.
/// - A picture decoded at its own size (AVIF, HEIC, an animated WebP, whose libraries compose or
///   join at the size the file states) is refused, `.imageTooLarge(.decoderMemory)`, when what
///   its decode would hold at once is over `bytes(forView:)`. It scales with the view: 512 MiB,
///   or 16 RGBA copies of the view's square box when that is more (a 3840-px view: 900 MiB);
///   an animated WebP's canvas may take a quarter of it (libwebp keeps two, we one, one shown).
/// - A JPEG whose smallest eighth is still over `fullCanvasBytes` is averaged down as libjpeg
///   hands its rows over (`Image.jpegReduction`), never held at that size.
public enum DecodeBudget {
    /// An animation's canvas up to this (a 4096x4096 screen) is composed at full size: 64 MiB.
    public static let fullCanvasBytes = 64 << 20

    /// The least budget of one decode, whatever the view: 512 MiB (a 48-megapixel AVIF's).
    public static let floorBytes = 512 << 20

    /// The most one slide's decode may hold at once for a view whose larger side is `side` pixels.
    public static func bytes(forView side: Int) -> Int {
        let box = rgbaByteCount(max(1, side), max(1, side))
        return max(floorBytes, box > Int.max / 16 ? Int.max : 16 * box)
    }

    /// The budget for pictures decoded for `fit` (its box's larger side is the view's).
    public static func bytes(for fit: ImageFit) -> Int { bytes(forView: max(fit.width, fit.height)) }

    /// The sampling step of a width x height animation composed for `fit`: 1 (full size) when its
    /// canvas is within `fullCanvasBytes` or no fit is given; else the largest step that keeps
    /// the canvas at least twice the shown size each way, raised until it is within
    /// `fullCanvasBytes`.
    public static func canvasStep(width w: Int, height h: Int, fit: ImageFit?) -> Int {
        guard let fit, rgbaByteCount(w, h) > fullCanvasBytes else { return 1 }
        let shown = fit.shownSize(width: w, height: h)
        var step = max(1, min(w / max(1, 2 * shown.width), h / max(1, 2 * shown.height)))
        while rgbaByteCount(sampled(w, step), sampled(h, step)) > fullCanvasBytes { step += 1 }
        return step
    }

    /// How many samples `step` apart a side of `n` pixels has (its first pixel is one).
    public static func sampled(_ n: Int, _ step: Int) -> Int { (n + step - 1) / step }
}
