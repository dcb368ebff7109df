@_exported import TestFixtures

// What the picture suites share (no GL: GLFunGLESTests keeps its own GL helpers); the pixel
// checks, bytes and temporary folders are TestFixtures' (PictureChecks).

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory() throws -> String { try makeTemporaryDirectory("glfunimagestests") }
