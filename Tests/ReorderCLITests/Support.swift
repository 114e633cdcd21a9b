import Foundation
import Testing
@testable import ReorderCLI
import ReorderLua

/// The package root (tests run from anywhere).
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let fixtures = packageRoot.appendingPathComponent("Tests/ReorderCLITests/Fixtures")

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs the REPL on piped `input` in-process; returns (status, output).
func repl(_ input: String, directory: String? = nil) -> (Int32, String) {
    let out = OutputBuffer()
    let console = Console.buffered(input: input, output: out, currentDirectory: directory ?? packageRoot.path)
    let status = ReplDriver(console: console).run()
    return (status, out.text)
}

/// The built `reorder` executable (next to the test bundle), or nil.
func reorderExecutable() -> URL? {
    var candidates: [URL] = []
    if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent()) }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    for dir in candidates {
        var d = dir
        for _ in 0..<4 {
            let c = d.appendingPathComponent("reorder")
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: c.path, isDirectory: &isDir), !isDir.boolValue,
               FileManager.default.isExecutableFile(atPath: c.path) {
                return c
            }
            d = d.deletingLastPathComponent()
        }
    }
    return nil
}

/// Runs the real binary; returns (status, stdout, stderr).
func runReorder(_ arguments: [String], input: String? = nil, directory: URL = packageRoot,
                environment: [String: String] = [:]) throws -> (Int32, String, String) {
    guard let exe = reorderExecutable() else {
        Issue.record("the reorder executable was not found next to the test bundle (\(Bundle.main.bundleURL.path))")
        return (-1, "", "")
    }
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
