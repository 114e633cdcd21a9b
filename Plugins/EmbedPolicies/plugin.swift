import PackagePlugin

/// Embeds `Policies/*.lua` (the one source of the built-in policies) into the target as Swift
/// string literals, so the binary needs no resource files and no second copy can drift.
@main
struct EmbedPolicies: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let policies = context.package.directoryURL.appending(path: "Policies")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPolicies.swift")
        let tool = try context.tool(named: "Embedder")
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: policies.path())) ?? []
        let inputs = names.filter { $0.hasSuffix(".lua") }.sorted().map { policies.appending(path: $0) }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) built-in policies",
                executable: tool.url,
                arguments: [output.path(), "EmbeddedPolicies", "stem"] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}

import Foundation
