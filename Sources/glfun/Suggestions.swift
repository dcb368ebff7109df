
/// "Did you mean …?" for what a user typed: the nearest of the names a command knows, by edit
/// distance (insertions, deletions, substitutions and swaps of two neighbours each count 1),
/// when it is near enough to be a typo (at most a third of the longer name, and at most 3).
enum Suggestions {
    /// The known name nearest to `typed`, or nil when none is near enough.
    static func nearest(to typed: String, in known: [String]) -> String? {
        let t = Array(typed)
        var best: (name: String, distance: Int)?
        for name in known {
            let d = distance(t, Array(name))
            let limit = min(3, max(1, max(t.count, name.count) / 3))
            if d <= limit, d < (best?.distance ?? .max) { best = (name, d) }
        }
        return best?.name
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// " Did you mean 'X'?" or "" (to end an error line with).
    static func didYouMean(_ typed: String, in known: [String]) -> String {
        nearest(to: typed, in: known).map { " Did you mean '\($0)'?" } ?? ""
    }
}
