/// The base class of gesture recognizers: UIKit's `UIGestureRecognizer`, without views.
///
/// **Using one.** Create a concrete recognizer, configure it, add actions, and add it to a
/// `GestureArena`, which feeds it touches and time:
///
///     let pinch = PinchGestureRecognizer()
///     pinch.addAction { pinch in zoom(by: pinch.scale) }   // `pinch` is typed
///     arena.add(pinch)
///
/// Actions run when the state becomes `.began`, `.changed`, `.ended` or `.cancelled` (for a
/// discrete gesture, only `.ended`), after the arena has finished with the event, as UIKit
/// sends them "at the next cycle of the run loop". `onStateChange` also sees `.failed`.
///
/// **Writing one.** Subclass, override the `touches...` hooks, `tick(at:)` for timers and
/// `reset()`, and set `state` (UIKit's `UIGestureRecognizerSubclass` does the same):
/// `.possible` to `.ended` or `.failed` for a discrete gesture; `.possible` to `.began`, then
/// `.changed`, then `.ended` or `.cancelled` for a continuous one. Set `deadline` to the time
/// you want `tick(at:)`. `ThreeFingerPinchGestureRecognizer` is written this way, with public
/// API only. Transitions are forgiving where the meaning is clear (`.changed` from
/// `.possible` begins; `.failed` while in progress cancels); leaving a finished state other
/// than by reset is a programming error and traps.
///
/// **Require-to-fail.** After `a.require(toFail: b)`, `a` cannot leave `.possible` while `b`
/// is still `.possible`: its transition is held (`isWaitingForFailureRequirements`) and
/// happens when `b` fails; if `b` begins or is recognized, `a` fails. A single tap that
/// requires a double tap to fail fires only after the double tap's wait for a second tap has
/// run out. A held discrete gesture receives no more touches; a held continuous one keeps
/// receiving them and fails if its touches end before `b` fails.
///
/// **Exclusivity.** When a recognizer begins or is recognized, the arena fails every other
/// recognizer still in `.possible`, unless the two may recognize simultaneously
/// (`recognizeSimultaneously(with:)`, `shouldRecognizeSimultaneously`, or an override of
/// `canRecognizeSimultaneously(with:)` on either side) or `canPrevent(_:)` /
/// `canBePrevented(by:)` say otherwise.
///
/// Not thread-safe, like UIKit's: use a recognizer and its arena from one thread or actor.
///
/// The stored properties the arena touches on every event are `@exclusivity(unchecked)`:
/// the runtime's exclusivity checks on them were a third of the per-event cost, and no
/// access to them can overlap another (one thread, and the arena refuses re-entry).
open class GestureRecognizer {
    // MARK: State

    /// The recognizer's state. Clients read it; subclasses set it. While a transition is
    /// held by a failure requirement, it reads `.possible`.
    public final var state: GestureState {
        get { storedState }
        set { requestTransition(to: newValue) }
    }

    @exclusivity(unchecked) final var storedState: GestureState = .possible

    enum HeldTransition {
        case none, began, ended
    }

    /// A transition out of `.possible` that waits for failure requirements.
    @exclusivity(unchecked) final var held: HeldTransition = .none

    /// True while the recognizer has asked to begin or be recognized but waits for a
    /// recognizer it requires to fail (UIKit keeps it in `.possible` meanwhile).
    public final var isWaitingForFailureRequirements: Bool { held != .none }

    /// A disabled recognizer receives no touches; disabling one in progress cancels it
    /// (fails it if in `.possible`), as in UIKit. A disabled recognizer counts as failed for
    /// the recognizers that require it to fail. Default true.
    public final var isEnabled: Bool = true {
        didSet {
            if oldValue && !isEnabled {
                disable()
            } else if !oldValue && isEnabled {
                arenaStorage?.requirementsMayHaveChanged()
            }
        }
    }

    /// A name for debugging output.
    public var name: String?

    /// When true (UIKit's default) and the gesture begins or is recognized, the touches it
    /// holds are taken from the view: the arena calls `onTouchCancelledInView` for each and
    /// `handle` returns false for them from then on.
    public var cancelsTouchesInView: Bool = true

    // MARK: Touches

    /// The touches this recognizer tracks, in the order they began. During `touchesEnded`
    /// and `touchesCancelled` the leaving touches are still here, with their final phase
    /// and location; they are removed afterwards.
    @exclusivity(unchecked) public internal(set) final var touches: [Touch] = []

    /// How many touches the recognizer tracks (UIKit's `numberOfTouches`).
    public final var numberOfTouches: Int { touches.count }

    /// The centroid of the tracked touches, or where they were when the last one left
    /// (UIKit's `location(in:)`). Subclasses may report something else (a tap reports its
    /// first tap's location).
    open var location: GesturePoint {
        GestureRecognizer.centroid(of: touches) ?? lastLocation
    }

    @exclusivity(unchecked) final var lastLocation = GesturePoint.zero

    /// The location of the tracked touch at `index` (UIKit's `location(ofTouch:in:)`).
    public final func location(ofTouch index: Int) -> GesturePoint {
        precondition(
            touches.indices.contains(index),
            "location(ofTouch: \(index)) asked for a touch this recognizer does not track; it tracks \(touches.count).")
        return touches[index].location
    }

    /// The mean location of `touches`, leaving out those that are ending when
    /// `excludingFinal` is true; nil when none is left.
    public static func centroid(of touches: [Touch], excludingFinal: Bool = false) -> GesturePoint? {
        var sum = GesturePoint.zero
        var n = 0
        for t in touches where !(excludingFinal && t.phase.isFinal) {
            sum += t.location
            n += 1
        }
        return n == 0 ? nil : sum / Double(n)
    }

    /// The time at which the recognizer wants `tick(at:)` (a long press's duration, a
    /// double tap's wait). Subclasses set and clear it; the arena clears it when the
    /// recognizer finishes. `GestureArena.nextDeadline` is the earliest of these.
    @exclusivity(unchecked) public final var deadline: Double?

    // MARK: Delegate-style hooks

    /// Asked when the recognizer is about to leave `.possible` (UIKit's
    /// `gestureRecognizerShouldBegin`); returning false fails it.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?

    /// Asked for each new touch (UIKit's `gestureRecognizer(_:shouldReceive:)`); a touch
    /// refused here is never seen by this recognizer.
    public var shouldReceive: ((Touch) -> Bool)?

    /// Asked whether this recognizer may be in progress together with `other` (UIKit's
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`). Either side saying yes
    /// is enough.
    public var shouldRecognizeSimultaneously: ((GestureRecognizer) -> Bool)?

    /// Called for every state this recognizer enters, `.failed` included, at the same
    /// moment as actions: for observers, logs and tests.
    public var onStateChange: ((GestureRecognizer, GestureState) -> Void)?

    // MARK: Relationships (the rules themselves: GestureRecognizer+Requirements.swift)

    final var failureRequirements: [WeakRecognizer] = []
    final var simultaneousPartners: [WeakRecognizer] = []

    /// Whether this recognizer may be in progress together with `other`. The default says
    /// yes for partners from `recognizeSimultaneously(with:)` and asks
    /// `shouldRecognizeSimultaneously`. The arena allows it if either side says yes.
    open func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        for p in simultaneousPartners where p.recognizer === other { return true }
        return shouldRecognizeSimultaneously?(other) ?? false
    }

    /// Whether this recognizer, beginning or recognized, fails `other` (UIKit's
    /// `canPrevent(_:)`). Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Whether `other`, beginning or recognized, fails this recognizer (UIKit's
    /// `canBePrevented(by:)`). Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// A dynamic failure requirement on `other` (UIKit's `shouldRequireFailure(of:)`).
    /// Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// A dynamic failure requirement of `other` on this one (UIKit's
    /// `shouldBeRequiredToFail(by:)`). Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Actions

    final var actions: [(id: Int, body: (GestureRecognizer) -> Void)] = []
    private final var nextActionID = 0

    final var hasObservers: Bool { !actions.isEmpty || onStateChange != nil }

    final func appendAction(_ body: @escaping (GestureRecognizer) -> Void) -> GestureActionID {
        nextActionID += 1
        actions.append((nextActionID, body))
        return GestureActionID(value: nextActionID)
    }

    /// Removes an action added with `addAction` or `addTarget`.
    public final func removeAction(_ id: GestureActionID) {
        actions.removeAll { $0.id == id.value }
    }

    /// Removes every action.
    public final func removeAllActions() {
        actions.removeAll()
    }

    // MARK: The arena

    /// Set by the arena, which clears it before it goes away; unowned(unsafe) because
    /// a transition reads it on every `.changed` and a weak load there is not free.
    final unowned(unsafe) var arenaStorage: GestureArena?

    /// The arena this recognizer belongs to, if any.
    public final var arena: GestureArena? { arenaStorage }

    @exclusivity(unchecked) final var tickPass = 0

    // MARK: Life cycle

    /// A recognizer in `.possible`, in no arena yet.
    public init() {
        touches.reserveCapacity(8)
    }

    /// Overridden by subclasses to clear their own state; called before the recognizer
    /// tracks a new touch sequence, after `state`, `touches` and `deadline` are cleared
    /// (UIKit's `reset()`).
    open func reset() {}

    /// Overridden by subclasses: touches began. `touches` are the new ones, `all` every
    /// touch this recognizer tracks (the new ones included).
    open func touchesBegan(_ touches: [Touch], all: [Touch]) {}

    /// Overridden by subclasses: touches moved (or were reported stationary).
    open func touchesMoved(_ touches: [Touch], all: [Touch]) {}

    /// Overridden by subclasses: touches lifted. `all` still holds them, phase `.ended`.
    open func touchesEnded(_ touches: [Touch], all: [Touch]) {}

    /// Touches were cancelled (the system took them). The default fails a recognizer in
    /// `.possible` and cancels one in progress; overrides usually call `super`.
    open func touchesCancelled(_ touches: [Touch], all: [Touch]) {
        if storedState == .possible {
            state = .failed
        } else if storedState.isInProgress {
            state = .cancelled
        }
    }

    /// Called by the arena when time reaches `deadline`, with the current time (which may
    /// be later than the deadline when the host woke up late or a later event came first).
    open func tick(at time: Double) {}

    /// Stops tracking `touch`: no more events for it (UIKit's `ignore(_:for:)`).
    public final func ignore(_ touch: Touch) {
        removeTouch(id: touch.id)
    }

    // MARK: Internals

    /// Whether the arena should deliver touches and ticks.
    final var isReceivingTouches: Bool {
        guard isEnabled else { return false }
        switch storedState {
        case .possible: return held != .ended
        case .began, .changed: return true
        case .ended, .cancelled, .failed: return false
        }
    }

    @inline(__always)
    final func index(ofTouch id: Int) -> Int? {
        var i = 0
        let n = touches.count
        while i < n {
            if touches[i].id == id { return i }
            i += 1
        }
        return nil
    }

    final func removeTouch(id: Int) {
        guard let i = index(ofTouch: id) else { return }
        if let c = GestureRecognizer.centroid(of: touches) { lastLocation = c }
        touches.remove(at: i)
    }

    final func resetForNextSequence() {
        storedState = .possible
        held = .none
        deadline = nil
        touches.removeAll(keepingCapacity: true)
        reset()
    }

    private final func disable() {
        switch storedState {
        case .possible:
            held = .none
            apply(.failed)
        case .began, .changed:
            apply(.cancelled)
        case .ended, .cancelled, .failed:
            break
        }
        touches.removeAll(keepingCapacity: true)
        arenaStorage?.requirementsMayHaveChanged()
    }

    final func requestTransition(to requested: GestureState) {
        switch storedState {
        case .possible:
            switch requested {
            case .possible:
                return
            case .failed, .cancelled:
                held = .none
                apply(.failed)
            case .began, .changed, .ended:
                let target: GestureState = requested == .ended ? .ended : .began
                switch failureRequirementStatus() {
                case .blocked:
                    held = .none
                    apply(.failed)
                case .pending:
                    if held != .ended { held = target == .ended ? .ended : .began }
                case .satisfied:
                    held = .none
                    leavePossible(to: target)
                }
            }
        case .began, .changed:
            switch requested {
            case .possible:
                preconditionFailure(
                    "\(self) was set to .possible while \(storedState); only a reset returns a recognizer to .possible.")
            case .began, .changed:
                apply(.changed)
            case .ended:
                apply(.ended)
            case .failed, .cancelled:
                apply(.cancelled)
            }
        case .ended, .cancelled, .failed:
            if requested == storedState || requested == .failed || requested == .cancelled { return }
            preconditionFailure(
                "\(self) was set to .\(requested) after it finished (.\(storedState)); a finished recognizer waits for reset() before the next touch sequence.")
        }
    }

    /// Leaves `.possible` for `.began` or `.ended`, asking `shouldBegin` first.
    final func leavePossible(to target: GestureState) {
        if let shouldBegin, !shouldBegin(self) {
            apply(.failed)
            return
        }
        apply(target)
    }

    final func apply(_ new: GestureState) {
        let old = storedState
        storedState = new
        if new.isFinished { deadline = nil }
        if let arena = arenaStorage {
            arena.recognizer(self, didChangeFrom: old, to: new)
        } else if hasObservers {
            deliver(new)
        }
    }

    final func deliver(_ state: GestureState) {
        onStateChange?(self, state)
        if state.sendsActions {
            for action in actions { action.body(self) }
        }
    }
}
