import GLFunKit
import GLFunGestures

/// What two or three fingers that land together do on the canvas: pan, pinch and rotate the
/// view (simultaneously), a two-finger tap undoes, a three-finger tap redoes, a three-finger
/// pinch scales the last shape. Built on the Gestures module's recognizers, fed only the
/// touches of such a group.
final class CanvasGestures {
    let arena = GestureArena()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    let pan = PanGestureRecognizer()
    let twoFingerTap = TapGestureRecognizer()
    let threeFingerTap = TapGestureRecognizer()
    let threeFingerPinch = ThreeFingerPinchGestureRecognizer()

    /// Called for a recognized tap with 2 or 3 touches.
    var onTap: ((Int) -> Void)?
    /// The three-finger pinch's state and scale.
    var onThreeFingerPinch: ((GestureState, Double) -> Void)?

    /// The touches of the gesture while one is down, when it started, the view then, and
    /// where the fingers' centroid started.
    private(set) var group: (ids: Set<Int>, start: Double, viewAtStart: ViewTransform, pivot: Point)?

    /// Whether a two- or three-finger canvas gesture is down (the view may be moving).
    var isActive: Bool { group != nil }

    init() {
        pinch.name = "pinch"
        rotation.name = "rotation"
        pan.name = "pan"
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        twoFingerTap.numberOfTouchesRequired = 2
        threeFingerTap.numberOfTouchesRequired = 3
        // Pan, pinch and rotation run together, as in a maps view.
        pinch.recognizeSimultaneously(with: rotation)
        pinch.recognizeSimultaneously(with: pan)
        rotation.recognizeSimultaneously(with: pan)
        // Three fingers are a three-finger pinch, not a two-finger one that also counts the
        // third: the view gestures wait until the three-finger pinch has failed (it fails
        // at once when fewer than three fingers move).
        for r in [pinch, rotation, pan] as [GestureRecognizer] { r.require(toFail: threeFingerPinch) }
        for r in [pinch, rotation, pan, twoFingerTap, threeFingerTap, threeFingerPinch] as [GestureRecognizer] {
            arena.add(r)
        }
        _ = twoFingerTap.addAction { [unowned self] t in if t.state == .ended { self.onTap?(2) } }
        _ = threeFingerTap.addAction { [unowned self] t in if t.state == .ended { self.onTap?(3) } }
        _ = threeFingerPinch.addAction { [unowned self] p in self.onThreeFingerPinch?(p.state, p.scale) }
    }

    /// Starts a gesture from the strokes that began just now (they were not meant as shapes)
    /// and the finger `newID` landing at `p`.
    func begin(with recent: [Stroke], newID: Int, at p: Point, now: Double, view: ViewTransform) -> ViewTransform? {
        let all = recent.map(\.lastScreen) + [p]
        let pivot = Point(all.map(\.x).reduce(0, +) / Float(all.count), all.map(\.y).reduce(0, +) / Float(all.count))
        group = (Set(recent.map(\.id) + [newID]), recent.map(\.beganAt).min() ?? now, view, pivot)
        for s in recent {
            arena.handle(phase: .began, id: s.id, x: Double(s.firstScreen.x), y: Double(s.firstScreen.y), time: s.beganAt)
            if s.lastScreen != s.firstScreen {
                arena.handle(phase: .moved, id: s.id, x: Double(s.lastScreen.x), y: Double(s.lastScreen.y), time: now)
            }
        }
        return feed(.began, id: newID, at: p, now: now)
    }

    /// Whether a finger landing now joins the gesture (within 150 ms of its start, at most
    /// three): a finger that does not is ignored until it lifts.
    func admit(_ id: Int, now: Double) -> Bool {
        guard var g = group, now - g.start <= 0.15, g.ids.count < 3 else { return false }
        g.ids.insert(id)
        group = g
        return true
    }

    func owns(_ id: Int) -> Bool { group?.ids.contains(id) ?? false }

    /// Feeds one of the gesture's touches; returns the view as the gesture now sets it, if it moved.
    func feed(_ phase: TouchPhase, id: Int, at p: Point, now: Double) -> ViewTransform? {
        guard var g = group else { return nil }
        arena.handle(phase: phase, id: id, x: Double(p.x), y: Double(p.y), time: now)
        var view: ViewTransform?
        if isMovingView || pinch.state == .ended || pan.state == .ended || rotation.state == .ended {
            view = g.viewAtStart.then(viewChange(pivot: g.pivot))
        }
        if phase == .ended || phase == .cancelled {
            g.ids.remove(id)
            group = g.ids.isEmpty ? nil : g
        }
        return view
    }

    /// Cancels the gesture's touches (a lost grab).
    func cancelAll(now: Double) {
        guard group != nil else { return }
        arena.cancelAllTouches(at: now)
        group = nil
    }

    /// The screen-space transform the view-moving recognizers describe now,
    /// about `pivot` (where the fingers' centroid started).
    func viewChange(pivot: Point) -> ViewTransform {
        let s = pinch.state == .began || pinch.state == .changed || pinch.state == .ended ? Float(pinch.scale) : 1
        let r = rotation.state == .began || rotation.state == .changed || rotation.state == .ended
            ? Float(rotation.rotation) : 0
        let active = pan.state == .began || pan.state == .changed || pan.state == .ended
        let t = active ? pan.translation : GesturePoint(x: 0, y: 0)
        return ViewTransform(tx: -pivot.x, ty: -pivot.y)
            .then(ViewTransform(tx: pivot.x + Float(t.x), ty: pivot.y + Float(t.y), scale: max(0.05, min(50, s)),
                                rotation: r))
    }

    var isMovingView: Bool {
        [pinch.state, rotation.state, pan.state].contains { $0 == .began || $0 == .changed }
    }
}
