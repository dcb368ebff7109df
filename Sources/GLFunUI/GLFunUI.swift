// GLFunUI: what apps on the host draw with, beyond the renderer.
//
// What it does: the `FrameTarget` a host hands an app for each frame (a renderer, the canvas,
// the bound target and whether it still holds the last frame), the `HeadlessHost` that runs
// any `InteractiveApp` without a window (how `glfun replay` reproduces a window's pixels),
// text labels drawn from one glyph atlas in one draw call (`LabelAtlas`), the touch demos' plain
// screen (`TouchScreen`, `DemoCanvas`), and `Rect`.
//
// What it does not do: no X, no windows, no event loop (GLFunX11 has those), and no app: it
// imports no app and knows no app's state.
