// GLES builds on GLFunImages (CPU pictures: `Image`, the decoders, `TextRasterizer`) and
// re-exports it, so that `import GLES` still sees `Image` as it did up to 0.13.0 (DESIGN.md,
// "Layers"). Modules that need pictures and no GL import GLFunImages alone.
@_exported import GLFunImages
