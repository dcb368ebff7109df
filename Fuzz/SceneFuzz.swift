// libFuzzer target: scene JSON (GLFunKit's SceneReader and validation). Any input must give a
// scene or a SceneError, never a crash or a hang; a scene that is read must write itself back
// (`jsonData()`) as JSON that reads as the same scene. Built and run by scripts/fuzz/run.
import Foundation
import GLFunKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let scene = try? Scene(json: Data(bytes: data, count: size)) else { return 0 }
    let written = scene.jsonData()
    do {
        let again = try Scene(json: written)
        if again != scene { fatalError("a scene read back from its own JSON differs:\n\(String(decoding: written, as: UTF8.self))") }
    } catch {
        fatalError("a scene's own JSON does not read back (\(error)):\n\(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
