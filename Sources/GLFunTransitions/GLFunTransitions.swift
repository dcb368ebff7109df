/// GLFunTransitions: what a slide show draws with, in GLES 2.
///
/// - `SlideComposer` draws a photo into a view-sized target: aspect fit or fill,
///   letterboxed in a background color, turned by any angle (quarter turns, and the angles
///   an animation passes through), zoomed and panned (`SlideLayout`, pure geometry).
/// - `Transition` draws one frame of a change between two such view-sized images: a
///   fragment program with the interface of the public gl-transitions collection (two
///   textures `from` / `to`, `progress` 0...1, `ratio`, a body `vec4 transition(vec2 uv)`
///   over `getFromColor` / `getToColor`). The built-in kinds (`TransitionKind`: none, fade,
///   flips, curls) are such bodies, embedded from shaders/GLFunTransitions/; any other is
///   loaded from a file (`TransitionSource(contentsOfFile:)`), its parameters set to the
///   defaults its comments give, after it is measured against what the GL driver can be
///   trusted with (`TransitionComplexity`: macro expansion, statement length, nesting,
///   constant-bounded loops, work a pixel).
/// - `Easing` times them as UIKit does (ease-in-out, a cubic Bézier).
///
/// It does not open contexts, windows or files of pictures, keep a timer, or own the
/// target: the caller binds a `Framebuffer` (or a window's surface) before each draw.
/// GL, no X, no app. GL state: see `SlideComposer` and `Transition`.
public enum GLFunTransitions {}
