// DrawingApp is 0.14.0's name of GLFunDrawingApp, kept for one release so that code written against
// 0.14.0 (`import DrawingApp`) still builds; new code imports GLFunDrawingApp. Removed in 0.16.0.
@_exported import GLFunDrawingApp
