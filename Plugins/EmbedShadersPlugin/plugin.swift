import Foundation
import PackagePlugin

/// Embeds the package's top-level shaders/ folder into the target that uses
/// this plugin, as Swift string constants (`ShaderSource.named`), so that no
/// shader file is looked up at run time.
@main
struct EmbedShadersPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaders = context.package.directoryURL.appending(path: "shaders")
        let files = try FileManager.default.contentsOfDirectory(at: shaders, includingPropertiesForKeys: nil)
            .filter { ["vsh", "fsh"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) shaders into \(target.name)",
                executable: try context.tool(named: "EmbedShaders").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
