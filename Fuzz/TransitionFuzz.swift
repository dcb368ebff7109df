// libFuzzer target: a user's transition file as GLFunTransitions checks it before the GL
// driver may see it (TransitionSource: NUL, TransitionComplexity over ShaderTokens' macro
// expansion, the parameters' default comments). Any input must give a source or a
// TransitionError, never a crash or a hang; no GL here. Built and run by scripts/fuzz/run.
import Foundation
import GLFunTransitions

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransition(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let source = try TransitionSource(name: "fuzz.glsl", body: text)
        if source.body.utf8.contains(0) { fatalError("a body with a NUL was accepted") }
    } catch {
        if case let .tooComplex(source, line, _) = error, source != "fuzz.glsl" || line < 1 {
            fatalError("a limit reported at \(source):\(line)")
        }
    }
    return 0
}
