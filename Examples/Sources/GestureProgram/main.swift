// Gesture recognizers with no GL and no window: a synthetic touch stream (two fingers pinching
// apart, then a one-finger tap) fed to a GestureArena holding a pinch and a tap recognizer,
// with timestamps (the recognizers read time only from the events). Prints what each one saw.
import GLFunGestures

let arena = GestureArena()
let pinch = PinchGestureRecognizer()
let tap = TapGestureRecognizer()
pinch.name = "pinch"
tap.name = "tap"

// Actions run on began, changed, ended and cancelled (UIKit's target/action, as closures).
var recognized: [String] = []
pinch.addAction { p in
    print("pinch \(p.state) scale=\(rounded(p.scale))")
    if p.state == .ended { recognized.append("pinch (scale \(rounded(p.scale)))") }
}
tap.addAction { t in
    print("tap \(t.state) at \(t.location)")
    if t.state == .recognized { recognized.append("tap at \(t.location)") }
}
// Every state, failures included: for logs.
for r in [pinch, tap] as [GestureRecognizer] {
    r.onStateChange = { r, state in if state == .failed { print("\(r.name ?? "?") failed") } }
    arena.add(r)
}

func rounded(_ x: Double) -> Double { (x * 100).rounded() / 100 }

// Two fingers land 100 points apart about (200, 200) and spread to 300 apart in 5 steps.
var t = 0.0
print("-- two fingers pinch out")
arena.handle(phase: .began, id: 1, x: 150, y: 200, time: t)
arena.handle(phase: .began, id: 2, x: 250, y: 200, time: t)
for step in 1...5 {
    t += 0.016
    let half = 50 + Double(step) * 20
    arena.handle(phase: .moved, id: 1, x: 200 - half, y: 200, time: t)
    arena.handle(phase: .moved, id: 2, x: 200 + half, y: 200, time: t)
}
t += 0.016
arena.handle(phase: .ended, id: 1, x: 50, y: 200, time: t)
arena.handle(phase: .ended, id: 2, x: 350, y: 200, time: t)

// Later, one finger taps at (120, 80): down and up within 0.1 s without moving.
t += 0.5
print("-- one finger taps")
arena.handle(phase: .began, id: 3, x: 120, y: 80, time: t)
t += 0.08
arena.handle(phase: .ended, id: 3, x: 120, y: 80, time: t)
// Let time pass so any recognizer waiting on a deadline decides.
arena.advance(to: arena.nextDeadline ?? t)

print("recognized: " + recognized.joined(separator: ", "))
