// SlideShowApp is 0.14.0's name of GLFunSlideShowApp, kept for one release so that code written against
// 0.14.0 (`import SlideShowApp`) still builds; new code imports GLFunSlideShowApp. Removed in 0.16.0.
@_exported import GLFunSlideShowApp
