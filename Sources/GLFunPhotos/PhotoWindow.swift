/// Which slides are kept decoded around the one shown: itself, the next, the previous, in that
/// order of urgency (a show goes forward more often than back). With `wraps` (a looping show)
/// the next of the last is the first; without, the ends have one neighbour. Never more than
/// `PhotoLoader.capacity` indices, never one twice (a list of two has a window of two).
public enum PhotoWindow {
    /// The slides to keep decoded around `index` in a list of `count`, most urgent first.
    public static func indices(around index: Int, count: Int, wraps: Bool) -> [Int] {
        guard count > 0 else { return [] }
        var out = [index]
        for step in [1, -1] {
            var i = index + step
            if wraps { i = ((i % count) + count) % count }
            if (0..<count).contains(i), !out.contains(i) { out.append(i) }
        }
        return out
    }
}
