import GLES

/// The shaders of the package's top-level shaders/ folder, embedded in the
/// binary at build time (EmbedShadersPlugin): a program built on GLFunKit
/// needs no shader files at run time.
public enum ShaderLibrary {
    /// The embedded file names (`Shape.vsh`, `Flat.fsh`, ...).
    public static var names: [String] { EmbeddedShaders.sources.keys.sorted() }

    /// The shader named `name`, or an error naming what exists.
    public static func source(_ name: String) throws(GLESError) -> ShaderSource {
        guard let text = EmbeddedShaders.sources[name] else {
            throw .compile(stage: name.hasSuffix(".vsh") ? .vertex : .fragment, source: name,
                           log: "no embedded shader by that name (have: \(names.joined(separator: ", ")))")
        }
        return ShaderSource(name: "shaders/" + name, text: text)
    }
}
