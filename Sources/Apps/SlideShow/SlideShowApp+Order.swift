import GLFunPhotos
import GLFunHost

/// The order the slides show in: the list's, or shuffled (the bar's Order / Shuffle control, as
/// the original's two-segment control; `S` switches). `--shuffle` is the start's choice. Each
/// time Shuffle is chosen the slides are shuffled anew, from the session's seed and how many
/// times it was chosen, so a recording's taps and keys replay to the same order. The slide
/// shown stays; the show goes on from it in the new order.
extension SlideShowApp {
    /// Shows the slides shuffled (`true`, a new order each time) or in the list's order.
    func setShuffled(_ on: Bool) {
        guard on || shuffled else { return }
        let shown = transition?.to ?? current
        if on {
            shuffles += 1
            var g = SplitMix64(seed: seed &+ UInt64(shuffles))
            order = SlideList.permutation(count: source.count, using: &g)
        } else {
            order = listOrder
        }
        shuffled = on
        position = order.firstIndex(of: shown) ?? 0
        prefetch(around: shown)
        prepareUpcoming()
        say(on ? "Shuffle" : "In order")
    }

    /// Has the source decode `slide`, then the next and the previous in the show's order.
    func prefetch(around slide: Int) {
        guard let p = order.firstIndex(of: slide) else { return }
        var window = [slide]
        for d in [1, -1] {
            var q = p + d
            if settings.loop { q = (q % order.count + order.count) % order.count }
            if order.indices.contains(q), !window.contains(order[q]) { window.append(order[q]) }
        }
        source.prefetch(window: window)
    }
}
