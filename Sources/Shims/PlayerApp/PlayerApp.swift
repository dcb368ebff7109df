// PlayerApp is 0.14.0's name of GLFunPlayerApp, kept for one release so that code written against
// 0.14.0 (`import PlayerApp`) still builds; new code imports GLFunPlayerApp. Removed in 0.16.0.
@_exported import GLFunPlayerApp
