/// Owns the recognizers of one view, feeds them touches and time, and enforces the rules
/// between them that UIKit's gesture environment enforces.
///
///     let arena = GestureArena()
///     arena.add(pinch); arena.add(pan)
///     arena.handle(phase: .began, id: 1, x: 100, y: 80, time: 0.12)   // from the event loop
///     if let t = arena.nextDeadline { wake(at: t) }                    // then: arena.advance(to: now)
///
/// For each event the arena first lets due timers run (`advance(to: time)`), then turns the
/// event into a `Touch` with its `TouchTracker`, delivers it to every recognizer that is
/// enabled, not finished and tracking that touch (new touches go to all of them, subject to
/// `shouldReceive`), and finally runs the actions of the recognizers whose state changed.
///
/// Rules:
/// - **Exclusivity.** A recognizer that begins or is recognized fails every other one still
///   in `.possible`, unless the pair may recognize simultaneously or `canPrevent(_:)` /
///   `canBePrevented(by:)` say no. Recognizers are asked in the order they were added, so on a
///   tie the earlier one wins.
/// - **Require-to-fail.** See `GestureRecognizer.require(toFail:)`. Held transitions are
///   released, or failed, as soon as the recognizers they wait for fail or succeed.
/// - **Cancelling the view's touches.** See `GestureRecognizer.cancelsTouchesInView` and
///   `onTouchCancelledInView`. (UIKit's `delaysTouchesBegan` and `delaysTouchesEnded` are not
///   modelled: the host decides what to do with a touch until it is cancelled.)
/// - **End of a sequence.** When the last touch lifts, a recognizer still in `.possible` with
///   no `deadline` and no held recognition is failed, so that a recognizer that forgot to fail
///   cannot hold the ones that require it forever. Finished recognizers are reset when the
///   next sequence begins (their final state stays readable until then).
///
/// Cost: no allocation per event on the steady path; the work per event is a short loop over
/// the recognizers and their few touches (see the benchmark test for figures).
public final class GestureArena {
    /// The recognizers, in the order they were added (the order exclusivity ties go by).
    public private(set) var recognizers: [GestureRecognizer] = []

    /// Assigns previous locations and tap counts. Its limits may be changed.
    @exclusivity(unchecked) public var tracker: TouchTracker

    /// The touches that are down, in the order they began.
    public var touches: [Touch] { tracker.touches }

    /// Called, during `handle`, for each touch a recognizer takes from the view (UIKit sends
    /// the view `touchesCancelled`): the host should undo what the touch did (a stroke being
    /// drawn). Do not feed events to the arena from here.
    public var onTouchCancelledInView: ((Touch) -> Void)?

    // Per-event state: `@exclusivity(unchecked)` for the reason given on GestureRecognizer.
    @exclusivity(unchecked) private var changed: [Touch]
    @exclusivity(unchecked) private var cancelledInView: [Int] = []
    @exclusivity(unchecked) private var deliveries: [(recognizer: GestureRecognizer, state: GestureState)] = []
    @exclusivity(unchecked) private var isDispatching = false
    @exclusivity(unchecked) private var isFlushing = false
    @exclusivity(unchecked) private var isResolving = false
    @exclusivity(unchecked) private var needsAnotherResolvePass = false
    @exclusivity(unchecked) private var tickPass = 0

    private static let reentryMessage =
        "GestureArena was fed an event or time while it was delivering one (from a recognizer's touches hook, tick or onTouchCancelledInView); feed it after handle returns."

    /// An empty arena whose touches `tracker` completes.
    public init(tracker: TouchTracker = TouchTracker()) {
        self.tracker = tracker
        changed = [Touch(id: 0, phase: .began, location: .zero, timestamp: 0)]
        cancelledInView.reserveCapacity(16)
        deliveries.reserveCapacity(32)
    }

    deinit {
        for r in recognizers { r.arenaStorage = nil }
    }

    // MARK: Recognizers

    /// Adds a recognizer. A recognizer belongs to one arena at a time.
    public func add(_ recognizer: GestureRecognizer) {
        precondition(
            recognizer.arenaStorage == nil,
            "\(recognizer) already belongs to an arena; remove it from that one first.")
        recognizers.append(recognizer)
        recognizer.arenaStorage = self
    }

    /// Removes a recognizer, cancelling it if in progress (failing it if in `.possible`).
    public func remove(_ recognizer: GestureRecognizer) {
        guard let i = recognizers.firstIndex(where: { $0 === recognizer }) else { return }
        if recognizer.storedState.isInProgress {
            recognizer.apply(.cancelled)
        } else if recognizer.storedState == .possible {
            recognizer.held = .none
            recognizer.apply(.failed)
        }
        recognizers.remove(at: i)
        recognizer.arenaStorage = nil
        recognizer.touches.removeAll(keepingCapacity: true)
        requirementsMayHaveChanged()
    }

    // MARK: Events

    /// Feeds one touch event; see `handle(phase:id:location:time:)`.
    @discardableResult
    public func handle(phase: TouchPhase, id: Int, x: Double, y: Double, time: Double) -> Bool {
        handle(phase: phase, id: id, location: GesturePoint(x: x, y: y), time: time)
    }

    /// Feeds one touch event: first runs timers due by `time` (and their actions), then
    /// delivers the touch and runs the actions that follow. Returns whether the view still
    /// owns the touch: false once a recognizer with `cancelsTouchesInView` has begun or been
    /// recognized with it (and for an `ended` or `cancelled` of a touch that is not down).
    @discardableResult
    public func handle(phase: TouchPhase, id: Int, location: GesturePoint, time: Double) -> Bool {
        advance(to: time)
        if phase == .began, let stale = tracker.touch(id: id) {
            // A second `began` for a touch that is down: the host lost its end. Cancel it first.
            deliver(phase: .cancelled, id: id, location: stale.location, time: time)
        }
        return deliver(phase: phase, id: id, location: location, time: time)
    }

    @discardableResult
    private func deliver(phase: TouchPhase, id: Int, location: GesturePoint, time: Double) -> Bool {
        precondition(!isDispatching, Self.reentryMessage)
        isDispatching = true
        let wasIdle = tracker.touches.isEmpty
        guard let touch = tracker.update(phase: phase, id: id, location: location, time: time) else {
            isDispatching = false
            return false
        }
        if touch.phase == .began && wasIdle { beginSequence() }
        dispatch(touch)
        let ownedByView: Bool
        if touch.phase.isFinal {
            ownedByView = !touchDidLeave(touch)
        } else {
            ownedByView = !cancelledInView.contains(touch.id)
        }
        isDispatching = false
        flush()
        return ownedByView
    }

    /// Cancels every touch that is down (the window lost its grab), as `cancelled` events.
    public func cancelAllTouches(at time: Double) {
        while let t = tracker.touches.first {
            handle(phase: .cancelled, id: t.id, location: t.location, time: time)
        }
    }

    /// Runs the timers due by `time` (long press, a tap's wait for the next tap) and the
    /// actions that follow. The host calls this when `nextDeadline` passes; any later event
    /// does it too.
    public func advance(to time: Double) {
        precondition(!isDispatching, Self.reentryMessage)
        isDispatching = true
        fireDeadlines(upTo: time)
        isDispatching = false
        flush()
    }

    /// The same as `advance(to:)`, named for the app's `tick` event.
    public func tick(at time: Double) {
        advance(to: time)
    }

    /// The earliest time a recognizer wants to be ticked, or nil.
    public var nextDeadline: Double? {
        var best: Double?
        for r in recognizers where r.isReceivingTouches {
            if let d = r.deadline, best.map({ d < $0 }) ?? true { best = d }
        }
        return best
    }

    /// Whether a recognizer has taken the touch with `id` from the view.
    public func isTouchCancelledInView(id: Int) -> Bool {
        cancelledInView.contains(id)
    }

    // MARK: Delivery

    private func beginSequence() {
        for r in recognizers {
            if r.storedState.isFinished {
                r.resetForNextSequence()
            } else if !r.touches.isEmpty {
                // Touches a held recognizer stopped receiving are all up by now.
                r.touches.removeAll(keepingCapacity: true)
            }
        }
    }

    private func dispatch(_ touch: Touch) {
        changed[0] = touch
        for r in recognizers {
            guard r.isReceivingTouches else { continue }
            switch touch.phase {
            case .began:
                if let filter = r.shouldReceive, !filter(touch) { continue }
                r.touches.append(touch)
                r.touchesBegan(changed, all: r.touches)
            case .moved, .stationary:
                guard let i = r.index(ofTouch: touch.id) else { continue }
                r.touches[i] = touch
                r.touchesMoved(changed, all: r.touches)
            case .ended, .cancelled:
                guard let i = r.index(ofTouch: touch.id) else { continue }
                r.touches[i] = touch
                if touch.phase == .ended {
                    r.touchesEnded(changed, all: r.touches)
                } else {
                    r.touchesCancelled(changed, all: r.touches)
                }
                r.removeTouch(id: touch.id)
            }
        }
    }

    /// Bookkeeping after a touch ended or was cancelled; returns whether the view had lost it.
    private func touchDidLeave(_ touch: Touch) -> Bool {
        var wasCancelled = false
        if let i = cancelledInView.firstIndex(of: touch.id) {
            cancelledInView.remove(at: i)
            wasCancelled = true
        }
        if tracker.touches.isEmpty { endSequence() }
        return wasCancelled
    }

    private func endSequence() {
        for r in recognizers
        where r.isEnabled && r.storedState == .possible && r.held != .ended && r.deadline == nil {
            r.held = .none
            r.apply(.failed)
        }
    }

    private func fireDeadlines(upTo time: Double) {
        tickPass &+= 1
        while true {
            var due: GestureRecognizer?
            var dueTime = Double.infinity
            for r in recognizers where r.tickPass != tickPass && r.isReceivingTouches {
                if let d = r.deadline, d <= time, d < dueTime {
                    due = r
                    dueTime = d
                }
            }
            guard let r = due else { return }
            r.tickPass = tickPass
            r.tick(at: time)
        }
    }

    private func flush() {
        guard !isFlushing else { return }
        isFlushing = true
        var i = 0
        while i < deliveries.count {
            let d = deliveries[i]
            i += 1
            d.recognizer.deliver(d.state)
        }
        deliveries.removeAll(keepingCapacity: true)
        isFlushing = false
    }

    // MARK: Rules

    /// Called by a recognizer for every state it enters.
    func recognizer(_ r: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        if r.hasObservers { deliveries.append((r, new)) }
        if new == .changed { return }
        if old == .possible && (new == .began || new == .ended) {
            if r.cancelsTouchesInView { cancelTouchesInView(for: r) }
            preventOthers(by: r)
        }
        resolveFailureRequirements()
        if !isDispatching { flush() }
    }

    func requirementsMayHaveChanged() {
        resolveFailureRequirements()
        if !isDispatching { flush() }
    }

    private func cancelTouchesInView(for r: GestureRecognizer) {
        for t in r.touches where !cancelledInView.contains(t.id) {
            cancelledInView.append(t.id)
            onTouchCancelledInView?(t)
        }
    }

    private func preventOthers(by r: GestureRecognizer) {
        for o in recognizers where o !== r && o.isEnabled && o.storedState == .possible {
            if r.canRecognizeSimultaneously(with: o) || o.canRecognizeSimultaneously(with: r) { continue }
            if !r.canPrevent(o) || !o.canBePrevented(by: r) { continue }
            o.held = .none
            o.apply(.failed)
        }
    }

    /// Releases or fails held transitions whose requirements have settled, until nothing
    /// changes (one release can settle another's requirement).
    private func resolveFailureRequirements() {
        if isResolving {
            needsAnotherResolvePass = true
            return
        }
        isResolving = true
        repeat {
            needsAnotherResolvePass = false
            for r in recognizers where r.held != .none && r.storedState == .possible {
                switch r.failureRequirementStatus() {
                case .pending:
                    continue
                case .blocked:
                    r.held = .none
                    r.apply(.failed)
                case .satisfied:
                    let target: GestureState = r.held == .ended ? .ended : .began
                    r.held = .none
                    r.leavePossible(to: target)
                }
            }
        } while needsAnotherResolvePass
        isResolving = false
    }
}
