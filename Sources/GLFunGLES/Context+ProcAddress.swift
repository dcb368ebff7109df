internal import CEGL

extension Context {
    /// The address of a GL or EGL entry point (eglGetProcAddress; EGL 1.5 answers for core
    /// GLES functions too), for a library that draws into this context with GL calls of its own,
    /// such as libmpv's render API. nil when the driver has no such function.
    public static func procAddress(_ name: String) -> UnsafeMutableRawPointer? {
        guard let f = eglGetProcAddress(name) else { return nil }
        return unsafeBitCast(f, to: UnsafeMutableRawPointer.self)
    }
}
