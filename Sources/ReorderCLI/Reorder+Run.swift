import ArgumentParser
import Foundation
import ReorderLua
import ReorderScripting

extension Reorder {
    /// `reorder run script.lua [args...]`: runs a Lua script with the session API.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a Lua script with the session API (`reorder.session{...}`).")

        @Argument(help: "The script.")
        var script: String

        @Argument(parsing: .captureForPassthrough, help: "Arguments for the script (its global `arg`).")
        var arguments: [String] = []

        func run() throws {
            let status = ScriptRunner.run(script: script, arguments: arguments, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// The logic of `reorder run`.
public enum ScriptRunner {
    /// Runs `script`; errors go to standard error. Returns the exit status.
    public static func run(script: String, arguments: [String], console: Console) -> Int32 {
        do {
            let host = try ScriptingHost(output: console.write, useColor: console.useColor)
            host.baseDirectory = console.currentDirectory
            // Keep the path as given in messages when it resolves the same way for Lua.
            let sameDirectory = console.currentDirectory == FileManager.default.currentDirectoryPath
            try host.runFile(sameDirectory ? script : console.resolve(script), arguments: arguments)
            return 0
        } catch {
            // As lua.c does: the message, then Lua's traceback when the error came from Lua code.
            console.writeError("reorder run: \(error.description)\n" + (error.traceback.map { "stack traceback:\n\($0)\n" } ?? ""))
            return 1
        }
    }
}
