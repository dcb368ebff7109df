// FileOutput is 0.14.0's name of GLFunFileOutput, kept for one release so that code written against
// 0.14.0 (`import FileOutput`) still builds; new code imports GLFunFileOutput. Removed in 0.16.0.
@_exported import GLFunFileOutput
