// The C library's trigonometry, behind two internal functions so that no other file
// imports it (the standard library has no atan2).
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#elseif canImport(ucrt)
internal import ucrt
#endif

/// The angle of `vector` from the +x axis, in radians in -pi...pi. With y down (GLFun's
/// points, UIKit's views) a positive angle is clockwise on screen.
@usableFromInline
func angle(of vector: GesturePoint) -> Double {
    atan2(vector.y, vector.x)
}

/// `a` folded into -pi...pi, so that the difference of two angles is the short way round.
@usableFromInline
func wrappedAngle(_ a: Double) -> Double {
    var r = a
    while r > Double.pi { r -= 2 * Double.pi }
    while r <= -Double.pi { r += 2 * Double.pi }
    return r
}
