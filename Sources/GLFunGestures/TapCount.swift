/// Counts taps for the recognizers that are made of taps (a tap, the taps before a long press):
/// the most fingers down in the tap under way, and how many taps have completed.
struct TapCount {
    private(set) var completed = 0
    private(set) var mostTouches = 0

    mutating func reset() {
        completed = 0
        mostTouches = 0
    }

    /// `count` fingers are down now; returns the most this tap has had.
    @discardableResult
    mutating func touchesDown(_ count: Int) -> Int {
        mostTouches = max(mostTouches, count)
        return mostTouches
    }

    /// Touches lifted (`all`: every touch of the sequence). nil while a finger is still down;
    /// then true when the tap completed (it had exactly `required` fingers at most), false when
    /// it had the wrong number (the recognizer fails).
    mutating func touchesLifted(all: [Touch], required: Int) -> Bool? {
        guard !all.contains(where: { !$0.phase.isFinal }) else { return nil }
        guard mostTouches == required else { return false }
        completed += 1
        mostTouches = 0
        return true
    }
}
