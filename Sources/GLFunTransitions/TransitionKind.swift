import GLFunGLES

/// The transitions a slide show offers: the sample's UIView transitions, and none.
/// The raw values are the command line's names (`--transition curl-up`).
public enum TransitionKind: String, CaseIterable, Sendable {
    /// A cut, half-way through (see shaders/GLFunTransitions/none.glsl).
    case none
    /// The view turns about its vertical axis, its left edge toward the eye.
    case flipLeft = "flip-left"
    /// The view turns about its vertical axis, its right edge toward the eye.
    case flipRight = "flip-right"
    /// The current slide curls up from the bottom, uncovering the next (the sample's).
    case curlUp = "curl-up"
    /// The next slide curls down from the top over the current one.
    case curlDown = "curl-down"
    /// A cross-dissolve.
    case fade

    /// The embedded gl-transitions body this kind draws with.
    public var fileName: String {
        switch self {
        case .none: return "none.glsl"
        case .flipLeft, .flipRight: return "flip.glsl"
        case .curlUp, .curlDown: return "curl.glsl"
        case .fade: return "fade.glsl"
        }
    }

    /// The body's parameters this kind sets over the body's defaults.
    public var parameters: [String: UniformValue] {
        switch self {
        case .flipLeft: return ["fromLeft": .int(1)]
        case .flipRight: return ["fromLeft": .int(0)]
        case .curlUp: return ["down": .int(0)]
        case .curlDown: return ["down": .int(1)]
        case .none, .fade: return [:]
        }
    }
}
