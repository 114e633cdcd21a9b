import PackagePlugin
import Foundation

/// Embeds the scripting preludes (`Preludes/*.lua` in the target's directory: `core.lua`,
/// `spec.lua`, `spec_output.lua`) into the target as Swift string literals, as EmbedPolicies does for the
/// policies, so the Lua the session API loads is edited, linted and read as Lua.
@main
struct EmbedPreludes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let preludes = target.directoryURL.appending(path: "Preludes")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPreludes.swift")
        let tool = try context.tool(named: "Embedder")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: preludes.path())) ?? []
        let inputs = names.filter { $0.hasSuffix(".lua") }.sorted().map { preludes.appending(path: $0) }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) scripting preludes",
                executable: tool.url,
                arguments: [output.path(), "EmbeddedPreludes", "stem"] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
