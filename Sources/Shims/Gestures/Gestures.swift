// Gestures is 0.14.0's name of GLFunGestures, kept for one release so that code written against
// 0.14.0 (`import Gestures`) still builds; new code imports GLFunGestures. Removed in 0.16.0.
@_exported import GLFunGestures
