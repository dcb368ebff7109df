// Gestures: touches and UIKit-style gesture recognizers, in pure Swift.
//
// What it does: turns a stream of touch events (phase, id, location, timestamp) into
// `Touch` values with previous locations and tap counts (`TouchTracker`), and feeds them to
// gesture recognizers that follow UIKit's state machine and defaults: tap, swipe, pinch,
// rotation, pan, long press, and a three-finger pinch written the way a user writes a custom
// recognizer. `GestureArena` owns the recognizers and enforces what UIKit's gesture
// environment does: require-to-fail, exclusivity unless simultaneous recognition is allowed,
// cancelling the view's touches, and resetting recognizers between touch sequences.
//
// What it does not do: no GL, no X11, no Foundation, and no clock. Every touch carries its
// timestamp in seconds; timers (the long press, the wait for a second tap) advance only when
// the host calls `GestureArena.advance(to:)` or feeds a later event, as swift-nio's
// EmbeddedEventLoop does. `GestureArena.nextDeadline` says when the host should wake up.
// It has no views and no hit-testing: an arena is one view's worth of recognizers, and
// coordinates are whatever the host feeds (GLFun uses points, top-left origin, y down).
