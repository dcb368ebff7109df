/// The hand-written swipe detector of the old iOS "Swipes" sample (iPhone Application
/// Programming Guide, before gesture recognizers existed), kept for `--classic` mode and
/// as a contrast to `SwipeGestureRecognizer`.
///
/// One touch. On each move, compared with where the touch began: a horizontal swipe when the
/// travel along x is at least `minimumTravel` (25 px) while the drift along y is at most
/// `maximumDrift` (5 px); a vertical swipe likewise with the axes swapped. Both limits are
/// inclusive: exactly 25 of travel with exactly 5 of drift is a swipe; 24 is not, nor is a
/// drift of 6. No time limit and no velocity, as in the sample. The sample reports every
/// qualifying move; this reports the first one and then stays quiet for that touch.
public struct ClassicSwipeDetector: Sendable {
    /// Travel along the swipe's axis, inclusive. Default 25.
    public var minimumTravel: Double
    /// Drift across the swipe's axis, inclusive. Default 5.
    public var maximumDrift: Double

    /// Where the current touch began; nil between touches.
    public private(set) var startLocation: GesturePoint?
    /// The swipe detected for the current (or last) touch, if any.
    public private(set) var direction: SwipeDirection?

    /// A detector with the classic sample's limits: 25 points along, at most 5 across.
    public init(minimumTravel: Double = 25, maximumDrift: Double = 5) {
        self.minimumTravel = minimumTravel
        self.maximumDrift = maximumDrift
    }

    /// The swipe, if any, from `start` to `location` under the sample's rule.
    public static func classify(
        from start: GesturePoint, to location: GesturePoint,
        minimumTravel: Double = 25, maximumDrift: Double = 5
    ) -> SwipeDirection? {
        let dx = location.x - start.x, dy = location.y - start.y
        if abs(dx) >= minimumTravel && abs(dy) <= maximumDrift { return dx > 0 ? .right : .left }
        if abs(dy) >= minimumTravel && abs(dx) <= maximumDrift { return dy > 0 ? .down : .up }
        return nil
    }

    /// A touch began: remember where (the sample's `startTouchPosition`).
    public mutating func touchBegan(at location: GesturePoint) {
        startLocation = location
        direction = nil
    }

    /// The touch moved; returns the swipe the first time one is detected for this touch.
    @discardableResult
    public mutating func touchMoved(to location: GesturePoint) -> SwipeDirection? {
        guard let start = startLocation, direction == nil else { return nil }
        direction = Self.classify(from: start, to: location, minimumTravel: minimumTravel, maximumDrift: maximumDrift)
        return direction
    }

    /// The touch ended (its final location counts as a move); returns the swipe, if the
    /// touch made one.
    @discardableResult
    public mutating func touchEnded(at location: GesturePoint) -> SwipeDirection? {
        touchMoved(to: location)
        startLocation = nil
        return direction
    }

    /// Forgets the current touch.
    public mutating func reset() {
        startLocation = nil
        direction = nil
    }
}
