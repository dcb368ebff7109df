import Foundation
import PackagePlugin

/// Embeds shaders into the target that uses this plugin, so that nothing is looked up on
/// disk at run time: a target with a folder of its own, shaders/<TargetName>/, gets that
/// folder's .vsh, .fsh and .glsl files (GLFunTransitions: its programs and the gl-transitions
/// bodies of the built-in transitions); any other target (GLFunKit) gets the top-level
/// shaders/*.vsh|*.fsh|*.glsl (as text; a .glsl is a piece put before a shader's text) and
/// resources/sprite.png (as base64).
@main
struct EmbedShadersPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let own = root.appending(path: "shaders/\(target.name)")
        var isDirectory: ObjCBool = false
        let hasOwn = FileManager.default.fileExists(atPath: own.path, isDirectory: &isDirectory) && isDirectory.boolValue
        let shaders = try FileManager.default.contentsOfDirectory(
            at: hasOwn ? own : root.appending(path: "shaders"), includingPropertiesForKeys: nil)
            .filter { ["vsh", "fsh", "glsl"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let resources = hasOwn ? [] : [root.appending(path: "resources/sprite.png")]
        let files = shaders + resources
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) shaders and resources into \(target.name)",
                executable: try context.tool(named: "EmbedShaders").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
