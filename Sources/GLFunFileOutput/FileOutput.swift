// FileOutput: output files written whole or not at all (`AtomicFile`), the outputs of one
// command together, every path checked first (`OutputDestination`), temporary files removed
// on failure and on signals; `FileWriteError` says which file and what kind of failure.
//
// What it is not: no GL, no image format (GLES encodes PNG and JPEG, then writes through it),
// no window and no app. GLES, the window host's saves and the glfun command line use it.
