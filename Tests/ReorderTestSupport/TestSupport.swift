import Foundation
import ReorderFuzz
import ReorderLua
import ReorderScripting

// Helpers shared by the test targets (only test targets depend on this one).

/// The package root, whichever directory the tests run from.
///
/// ```swift
/// let policies = packageRoot.appendingPathComponent("Policies")
/// ```
public let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh, empty temporary directory named `prefix-UUID`.
///
/// ```swift
/// let dir = try temporaryDirectory(prefix: "reorder-cli")   // /tmp/reorder-cli-6F1E...
/// ```
public func temporaryDirectory(prefix: String = "reorder-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh temporary directory holding `files` (name → text).
///
/// ```swift
/// let dir = try temporaryDirectory(prefix: "reorder-traps", files: ["p.lua": "return {}"])
/// ```
public func temporaryDirectory(prefix: String, files: [String: String]) throws -> URL {
    let dir = try temporaryDirectory(prefix: prefix)
    for (name, text) in files {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return dir
}

/// The built `reorder` executable (next to the test bundle, or up to three folders above it),
/// or nil.
///
/// ```swift
/// guard let exe = reorderExecutable() else { Issue.record("no reorder binary"); return }
/// ```
public func reorderExecutable() -> URL? {
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

/// Runs Lua `source` with the session API in a fresh trusted host; returns what it printed,
/// or what it printed and then `error: MESSAGE` if it raised.
///
/// ```swift
/// lua("print(1 + 1)")   // "2\n"
/// ```
public func lua(_ source: String) -> String {
    var text = ""
    do {
        let host = try ScriptingHost(output: { text += $0 })
        try host.run(source, chunkName: "=test")
    } catch {
        text += "error: \(error.message)\n"
    }
    return text
}

/// Prints the figures the issue asks for (inputs executed), once per test.
public enum FuzzFigures {
    /// One `fuzz figures:` line for the campaign `name`.
    public static func record(_ name: String, _ report: FuzzReport) {
        print("fuzz figures: \(name): \(report.runs) runs, \(report.inputsExecuted) inputs, \(report.movesApplied) moves")
    }
}

