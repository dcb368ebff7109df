import Foundation
import PackagePlugin

/// Embeds the package's top-level shaders/ folder (as text) and
/// resources/sprite.png (as base64) into the target that uses this plugin,
/// so that nothing is looked up on disk at run time.
@main
struct EmbedShadersPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let shaders = try FileManager.default.contentsOfDirectory(
            at: root.appending(path: "shaders"), includingPropertiesForKeys: nil)
            .filter { ["vsh", "fsh"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let resources = [root.appending(path: "resources/sprite.png")]
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
