import PackagePlugin
import Foundation

/// Embeds the playground page (`Page/*.html`, `*.css`, `*.js`, `*.svg` in the target's
/// directory) into the target as Swift string literals, as EmbedPolicies does for the policies:
/// the binary serves the page with no resource files, no npm, no CDN and no build step.
@main
struct EmbedPage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let page = target.directoryURL.appending(path: "Page")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPage.swift")
        let tool = try context.tool(named: "Embedder")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: page.path())) ?? []
        let kinds = [".html", ".css", ".js", ".svg"]
        let inputs = names.filter { n in kinds.contains { n.hasSuffix($0) } }.sorted().map { page.appending(path: $0) }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) playground page files",
                executable: tool.url,
                arguments: [output.path(), "EmbeddedPage", "file"] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
