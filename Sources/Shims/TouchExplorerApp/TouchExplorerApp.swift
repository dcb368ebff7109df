// TouchExplorerApp is 0.14.0's name of GLFunTouchExplorerApp, kept for one release so that code written against
// 0.14.0 (`import TouchExplorerApp`) still builds; new code imports GLFunTouchExplorerApp. Removed in 0.16.0.
@_exported import GLFunTouchExplorerApp
