/// Which slide comes next: the show's order walked forward or back, over slides that cannot be
/// shown (each said once), wrapping when the show loops.
extension SlideShowApp {
    /// Whether a slide's picture can be had (or its movie played); the first time one cannot, says so.
    func readable(_ slide: Int) -> Bool {
        switch showable(slide) {
        case .success: return true
        case let .failure(error):
            let line = "\(error)"
            warn(line, slide: slide)
            say(line)
            return false
        }
    }

    /// Whether the slide the show stands on can be shown: false only when no slide of the
    /// show can (the show starts on the first that can, each before it warned about).
    public var hasShowableSlide: Bool {
        guard !order.isEmpty, case .success = showable(current) else { return false }
        return true
    }

    /// The next readable position `by` steps on (wrapping when the show loops), or nil.
    func step(from p: Int, by d: Int) -> Int? {
        let n = order.count
        guard n > 0 else { return nil }
        var q = p
        for _ in 0..<n {
            q += d
            if q < 0 || q >= n {
                guard settings.loop else { return nil }
                q = (q % n + n) % n
            }
            if q == p { return nil }
            if readable(order[q]) { return q }
        }
        return nil
    }

    /// The slide a change forward would show, asked of the source without a warning (the
    /// change itself warns); nil when there is none.
    func nextReadable() -> Int? {
        let n = order.count
        var q = position
        for _ in 0..<max(0, n - 1) {
            q += 1
            if q >= n {
                guard settings.loop else { return nil }
                q = 0
            }
            if case .success = showable(order[q]) { return order[q] }
        }
        return nil
    }
}
