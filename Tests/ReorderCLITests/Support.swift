import Foundation
import Testing
@testable import ReorderCLI
import ReorderLua
import ReorderTestSupport

let fixtures = packageRoot.appendingPathComponent("Tests/ReorderCLITests/Fixtures")

/// Runs the REPL on piped `input` in-process; returns (status, output).
func repl(_ input: String, directory: String? = nil) -> (Int32, String) {
    let out = OutputBuffer()
    let console = Console.buffered(input: input, output: out, currentDirectory: directory ?? packageRoot.path)
    let status = ReplDriver(console: console).run()
    return (status, out.text)
}

/// Runs the real binary; returns (status, stdout, stderr).
func runReorder(_ arguments: [String], input: String? = nil, directory: URL = packageRoot,
                environment: [String: String] = [:]) throws -> (Int32, String, String) {
    guard let exe = reorderExecutable() else {
        Issue.record("the reorder executable was not found next to the test bundle (\(Bundle.main.bundleURL.path))")
        return (-1, "", "")
    }
    return try runProcess(exe, arguments, input: input, directory: directory, environment: environment)
}

/// Runs `executable` with `arguments` in `directory` and waits for it; returns its exit
/// status, standard output and standard error.
func runProcess(_ exe: URL, _ arguments: [String], input: String? = nil, directory: URL,
                environment: [String: String] = [:]) throws -> (Int32, String, String) {
    let p = Process()
    p.executableURL = exe
    p.arguments = arguments
    p.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    p.environment = env
    let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
    p.standardOutput = outPipe
    p.standardError = errPipe
    p.standardInput = inPipe
    try p.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let out = outPipe.fileHandleForReading.readDataToEndOfFile()
    let err = errPipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}
