import ArgumentParser
import Foundation
import ReorderPersistence
import ReorderScripting

extension Reorder {
    /// `reorder types [--out DIR]`: the lua-language-server definitions of policies, `ctx`, the
    /// session API and the spec globals.
    ///
    /// ```sh
    /// reorder types --out types    # writes types/reorder.d.lua
    /// ```
    struct Types: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write lua-language-server definitions (reorder.d.lua) for policies, ctx, the session API and specs.",
            discussion: "Point your editor's Lua language server at the folder (`.luarc.json`: \"workspace.library\": [\"DIR\"]); `reorder init` does this for you.")

        @Option(name: .long, help: ArgumentHelp("The folder to write reorder.d.lua to (created if missing).", valueName: "dir"))
        var out = "."

        func run() throws {
            let console = Console.standard()
            let path = try Self.write(to: out, console: console)
            console.write("wrote \(path)\n")
        }

        /// Writes the definitions into `folder`; returns the file's path as given.
        static func write(to folder: String, console: Console) throws -> String {
            let dir = console.resolve(folder)
            let path = (folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")) + EditorKit.definitionsFile
            do throws(OutputFileError) {
                try OutputFile.makeFolder(dir, displayPath: folder)
                try OutputFile.write(EditorKit.definitions, to: dir + "/" + EditorKit.definitionsFile, displayPath: path)
            } catch {
                // Named by the file that was to be written; a reason about a folder names it.
                console.writeError("reorder types: cannot write \(path): \(error.reason)\n")
                throw ExitCode(1)
            }
            return path
        }
    }
}
