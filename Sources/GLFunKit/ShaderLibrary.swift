import Foundation
import GLFunGLES

/// The shaders of the package's top-level shaders/ folder, embedded in the
/// binary at build time (EmbedShadersPlugin): a program built on GLFunKit
/// needs no shader files at run time.
public enum ShaderLibrary {
    /// The embedded file names (`Shape.vsh`, `Flat.fsh`, ...).
    public static var names: [String] { Embedded.shaders.keys.sorted() }

    /// The shader named `name`, or an error naming what exists.
    public static func source(_ name: String) throws(GLESError) -> ShaderSource {
        guard let text = Embedded.shaders[name] else {
            throw .compile(stage: name.hasSuffix(".vsh") ? .vertex : .fragment, source: name,
                           log: "no embedded shader by that name (have: \(names.joined(separator: ", ")))")
        }
        return ShaderSource(name: "shaders/" + name, text: text)
    }
}

/// Files of the package's resources/ folder, embedded at build time.
public enum Resources {
    /// The bytes of resources/sprite.png: the picture the Image tool draws.
    public static var spritePNG: [UInt8] {
        guard let b64 = Embedded.resources["sprite.png"], let data = Data(base64Encoded: b64) else {
            preconditionFailure("resources/sprite.png was not embedded at build time")
        }
        return [UInt8](data)
    }
}
