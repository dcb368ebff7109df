import Foundation
import GLFunImages

/// Decodes a show's slides on a background thread, ahead of time, so the window thread only
/// uploads textures. It keeps a window of slides decoded (`PhotoWindow`: the current one, the
/// next, the previous): at most `capacity` (3) decoded images are held, whatever the list's
/// length; moving the window lets go of the others.
///
/// What the app shows depends only on its own events, never on timing: `image(at:)` blocks
/// until that slide's decode is done (usually it is, having been prefetched) and its result
/// depends only on the file and the fit. When the slide is not decoded yet and the background
/// thread is busy with another, the calling thread decodes it itself rather than wait in line;
/// while a caller waits, the thread starts no other decode.
///
///     let loader = PhotoLoader(slides: list, fit: ImageFit(width: 1280, height: 720))
///     loader.prefetch(around: 0)
///     switch loader.image(at: 0) {              // blocks until decoded
///     case .success(let image): texture = try Texture2D(context: ctx, image: image)
///     case .failure(let error): print("glfun: warning: \(error)")   // skip the slide
///     }
///
/// A movie slide (`SlideKind`, told from the file's first bytes, read once) is never decoded:
/// its answer is `PhotoError.movie`, at once; the show plays it (`kind(at:)` says which). Nor is
/// an SVG slide (`PhotoError.svg`): the show renders it with GL.
///
/// Thread safety: every method may be called from any thread; the state is guarded by one
/// condition lock. Decoding makes no GL call. The thread ends when the loader is released.
public final class PhotoLoader: Sendable {
    /// The most decoded slides held at once.
    public static let capacity = 3

    /// The slides it decodes.
    public let slides: SlideList
    /// Whether the window wraps around the list's ends (a looping show).
    public let wraps: Bool
    private let core: Core

    /// - Parameters:
    ///   - slides: the list to decode from.
    ///   - fit: the box slides are shown in, in pixels (the view's pixel size), and fit or fill.
    ///   - limits: `maxSide` is what a slide is reduced to at most (pass GL_MAX_TEXTURE_SIZE,
    ///     `Context.maxTextureSize`, read on the GL thread); `maxBytes` bounds one decode.
    ///   - wraps: whether the window wraps around the list's ends (a looping show).
    public init(slides: SlideList, fit: ImageFit, limits: Image.Limits = Image.Limits(), wraps: Bool = true) {
        self.slides = slides
        self.wraps = wraps
        core = Core(paths: slides.paths, fit: fit, limits: limits)
        let core = self.core
        let thread = Thread { core.run() }
        thread.name = "glfun-photos"
        thread.start()
    }

    deinit {
        core.stop()
    }

    /// Starts decoding the window around `index` (itself first, then the next, then the
    /// previous) and lets go of every decoded slide outside it. Does not block.
    public func prefetch(around index: Int) {
        precondition(slides.paths.indices.contains(index), "PhotoLoader.prefetch(around: \(index)) of \(slides.count) slides")
        core.setWindow(PhotoWindow.indices(around: index, count: slides.count, wraps: wraps))
    }

    /// Starts decoding `window` (slide indices, most urgent first: a show in an order of its
    /// own names the slide shown, then the next and the previous in that order) and lets go
    /// of every decoded slide outside it. Does not block.
    public func prefetch(window: [Int]) {
        precondition(window.allSatisfy(slides.paths.indices.contains), "PhotoLoader.prefetch(window:) of \(slides.count) slides")
        core.setWindow(window)
    }

    /// Slide `index` decoded for the fit, or why it cannot be shown. Blocks until its decode is
    /// done. When `index` is outside the window, the window moves to it first.
    public func image(at index: Int) -> Result<Image, PhotoError> {
        precondition(slides.paths.indices.contains(index), "PhotoLoader.image(at: \(index)) of \(slides.count) slides")
        return core.result(index, window: PhotoWindow.indices(around: index, count: slides.count, wraps: wraps))
    }

    /// The box slides are decoded for. Setting a different one drops every decoded slide (the
    /// window is decoded again for the new box; a decode under way for the old one is thrown
    /// away when it ends).
    public var fit: ImageFit {
        get { core.currentFit }
        set { core.setFit(newValue) }
    }

    /// What slide `index` is, a photo or a movie: by its first bytes, else its extension
    /// (`SlideKind(file:)`), read the first time it is asked for (here or by a decode) and kept.
    public func kind(at index: Int) -> SlideKind {
        precondition(slides.paths.indices.contains(index), "PhotoLoader.kind(at: \(index)) of \(slides.count) slides")
        return core.kind(index)
    }

    /// Whether slide `index` is decoded now. For progress display and measurements only:
    /// what is shown must come from `image(at:)`, which does not depend on timing.
    public func isReady(_ index: Int) -> Bool {
        core.isReady(index)
    }

    /// The indices of the decoded slides held now, ascending (at most `capacity`).
    public var residentIndices: [Int] {
        core.resident
    }
}

/// The loader's state and its thread's loop, under one condition lock.
private final class Core: @unchecked Sendable {
    let paths: [String]
    let limits: Image.Limits
    let lock = DecodeLock()
    var condition: NSCondition { lock.condition }
    // Guarded by `condition`:
    var fit: ImageFit
    var generation = 0           // bumped when the fit changes: older decodes are thrown away
    var window: [Int] = []       // most urgent first
    var done: [Int: Result<Image, PhotoError>] = [:]
    var inFlight: Set<Int> = []
    var kinds: [SlideKind?]      // what each slide is, once read

    init(paths: [String], fit: ImageFit, limits: Image.Limits) {
        self.paths = paths
        kinds = Array(repeating: nil, count: paths.count)
        self.fit = fit
        self.limits = limits
    }

    func locked<T>(_ body: () -> T) -> T { lock.locked(body) }

    var currentFit: ImageFit { locked { fit } }
    var resident: [Int] { locked { done.keys.sorted() } }
    func isReady(_ i: Int) -> Bool { locked { done[i] != nil } }

    /// Slide `i`'s kind, read from the file (without the lock) the first time.
    func kind(_ i: Int) -> SlideKind {
        if let k = locked({ kinds[i] }) { return k }
        let k = SlideKind(file: paths[i])
        locked { kinds[i] = k }
        return k
    }

    func stop() { lock.stop() }

    func setFit(_ newFit: ImageFit) {
        locked {
            guard newFit != fit else { return }
            fit = newFit
            generation += 1
            done = [:]
            condition.broadcast()
        }
    }

    /// Call with the lock held.
    private func moveWindow(_ w: [Int]) {
        window = w
        done = done.filter { w.contains($0.key) }
        condition.broadcast()
    }

    func setWindow(_ w: [Int]) {
        locked { moveWindow(w) }
    }

    /// Blocks until slide `i` is decoded (decoding it on this thread when nobody is), and
    /// returns it. Moves the window to `around` when `i` is outside the current one.
    func result(_ i: Int, window around: [Int]) -> Result<Image, PhotoError> {
        lock.wait {
            if let r = done[i] { return .done(r) }
            if !window.contains(i) { moveWindow(around) }
            guard !inFlight.contains(i) else { return .sleep }
            decode(i)
            return .again
        }
    }

    /// The background thread: decodes the most urgent slide of the window not yet decoded, but
    /// starts nothing while a caller waits for one (`DecodeLock.run`).
    func run() {
        lock.run {
            guard let i = window.first(where: { done[$0] == nil && !inFlight.contains($0) }) else { return false }
            decode(i)
            return true
        }
    }

    /// Decodes slide `i` with the lock released meanwhile (a movie: not at all); keeps the
    /// result if `i` is still in the window and the fit has not changed. Call with the lock held.
    private func decode(_ i: Int) {
        inFlight.insert(i)
        let (path, fit, gen, limits, known) = (paths[i], fit, generation, limits, kinds[i])
        condition.unlock()
        let kind = known ?? SlideKind(file: path)
        let result: Result<Image, PhotoError>
        if kind == .movie {
            result = .failure(.movie(path: path))
        } else if kind == .svg {
            result = .failure(.svg(path: path))
        } else {
            result = Result { () throws(ImageError) in try Image(contentsOfFile: path, fitting: fit, limits: limits) }
                .mapError { PhotoError(path: path, error: $0) }
        }
        condition.lock()
        kinds[i] = kind
        inFlight.remove(i)
        if gen == generation && window.contains(i) { done[i] = result }
        condition.broadcast()
    }
}
