// SwipesApp is 0.14.0's name of GLFunSwipesApp, kept for one release so that code written against
// 0.14.0 (`import SwipesApp`) still builds; new code imports GLFunSwipesApp. Removed in 0.16.0.
@_exported import GLFunSwipesApp
