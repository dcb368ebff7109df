// GLES is 0.14.0's name of GLFunGLES, kept for one release so that code written against
// 0.14.0 (`import GLES`) still builds; new code imports GLFunGLES. Removed in 0.16.0.
@_exported import GLFunGLES
