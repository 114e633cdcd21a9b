import Foundation
import ReorderTestSupport
import Testing

/// The README's repository table lists every target of Package.swift, and every path it
/// names exists: a newcomer finds each module from it.
@Suite struct RepositoryTableTests {
    /// The folder of every target declared in Package.swift: `Plugins/NAME` for a plugin,
    /// `Tests/NAME` for a test target or one with `path: "Tests/..."`, else `Sources/NAME`.
    static func targetFolders() throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(target|testTarget|executableTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"([^)]*?path:\s*"([^"]+)")?"#)
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            let kind = ns.substring(with: m.range(at: 1)), name = ns.substring(with: m.range(at: 2))
            if m.range(at: 4).location != NSNotFound { return ns.substring(with: m.range(at: 4)) }
            switch kind {
            case "plugin": return "Plugins/\(name)"
            case "testTarget": return "Tests/\(name)"
            default: return "Sources/\(name)"
            }
        }
    }

    /// The `| path | what |` rows under `## Repository`: every backticked path in the first column.
    static func tablePaths() throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## Repository\n") else { return [] }
        let section = text[start.upperBound...].prefix { _ in true }
        var paths: [String] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let first = line.dropFirst(2).prefix { $0 != "|" }
            paths += first.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        return paths
    }

    @Test func everyTargetIsInTheTable() throws {
        let folders = try Self.targetFolders()
        // 27 targets as of this writing: a parse that finds few of them is a broken test.
        #expect(folders.count >= 27, "\(folders)")
        let listed = Set(try Self.tablePaths().map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        for folder in folders {
            #expect(listed.contains(folder), "README's repository table does not list \(folder)")
        }
    }

    @Test func everyPathInTheTableExists() throws {
        let paths = try Self.tablePaths()
        #expect(paths.count >= 27, "\(paths)")
        for path in paths {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: packageRoot.appendingPathComponent(path).path, isDirectory: &isDirectory)
            #expect(exists && isDirectory.boolValue, "README's repository table names \(path), which is not a folder")
        }
    }
}
