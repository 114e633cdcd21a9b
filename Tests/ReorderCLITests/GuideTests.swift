import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// docs/GUIDE.md, run as written (issue 17 item 6), in the README's conventions
/// (``ReadmeExamplesTests``) but in order, in one folder, as a reader would:
///
/// - a ` ```lua ` block introduced by "Save as `FILE`" is written to FILE in the current folder
///   when the guide reaches it;
/// - a ` ```sh ` block's `$ ` lines run in order: `cd DIR` changes the current folder,
///   `reorder ...` runs the built binary, other commands (`genhtml`, `lcov`) run from PATH;
///   the lines up to the next `$ ` are the standard output expected (`...` stands for any
///   number of lines).
///
/// A command that needs luacheck (`--lint`) or lcov (`genhtml`, `lcov`) is skipped, saying
/// so, when the tool is missing.
@Suite(.serialized) struct GuideTests {
    enum Step {
        case save(String, String, line: Int)
        case command(String, expected: [String], line: Int)
    }

    static func steps() throws -> [Step] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/GUIDE.md"), encoding: .utf8)
        var steps: [Step] = []
        for block in try ReadmeExamplesTests.blocks(text) {
            if block.info == "lua", let name = block.saveAs {
                steps.append(.save(name, block.lines.joined(separator: "\n") + "\n", line: block.line))
            } else if block.info == "sh", block.lines.first?.hasPrefix("$ ") == true {
                var k = 0
                while k < block.lines.count {
                    let command = String(block.lines[k].dropFirst(2))
                    let line = block.line + k
                    var expected: [String] = []
                    k += 1
                    while k < block.lines.count, !block.lines[k].hasPrefix("$ ") { expected.append(block.lines[k]); k += 1 }
                    steps.append(.command(command, expected: expected, line: line))
                }
            }
        }
        return steps
    }

    @Test func theGuideShowsEachStep() throws {
        let steps = try Self.steps()
        let commands = steps.compactMap { if case .command(let c, _, _) = $0 { return c } else { return nil } }
        #expect(commands.first == "reorder init inbox")
        for needed in ["reorder test .", "reorder check --lint scratch.lua", "reorder types --out types",
                       "reorder test . --coverage", "genhtml --quiet lcov.info --output-directory coverage --ignore-errors source"] {
            #expect(commands.contains(needed), "\(needed)")
        }
        let saved = steps.compactMap { if case .save(let n, _, _) = $0 { return n } else { return nil } }
        #expect(saved == ["inbox.lua", "inbox_spec.lua", "scratch.lua"])
    }

    @Test func everyCommandOfTheGuidePrintsWhatItShows() throws {
        var dir = try temporaryDirectory(prefix: "guide")
        var ran = 0
        for step in try Self.steps() {
            switch step {
            case .save(let name, let text, _):
                try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            case .command(let command, let expected, let line):
                let words = command.split(separator: " ").map(String.init)
                if words.first == "cd", words.count == 2 {
                    dir = dir.appendingPathComponent(words[1])
                    continue
                }
                let out: String, err: String
                if words.first == "reorder" {
                    if command.contains("--lint"), !onPath("luacheck") {
                        print("GuideTests: skipped `\(command)` (docs/GUIDE.md:\(line)): luacheck is not installed (package lua-check)")
                        continue
                    }
                    (_, out, err) = try runReorder(Array(words.dropFirst()), directory: dir)
                } else {
                    guard let tool = words.first, ["genhtml", "lcov"].contains(tool) else {
                        Issue.record("docs/GUIDE.md:\(line): `\(command)`: not a command this test knows how to run")
                        continue
                    }
                    guard onPath(tool) else {
                        print("GuideTests: skipped `\(command)` (docs/GUIDE.md:\(line)): \(tool) is not installed (package lcov)")
                        continue
                    }
                    (out, err) = try Self.run(words, in: dir)
                }
                var actual = out.components(separatedBy: "\n")
                if actual.last == "" { actual.removeLast() }
                #expect(ReadmeExamplesTests.matches(actual, expected), "docs/GUIDE.md:\(line): `\(command)` printed\n\(out)\(err)")
                ran += 1
            }
        }
        // init, test, test, check, lint x2, types, coverage (+ genhtml and lcov when installed).
        #expect(ran >= 8)
        // The HTML report exists when genhtml ran.
        if onPath("genhtml") {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("coverage/index.html").path))
        }
    }

    /// Runs a tool from PATH; returns (stdout, stderr).
    static func run(_ words: [String], in dir: URL) throws -> (String, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = words
        p.currentDirectoryURL = dir
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func theReadmeLinksTheGuide() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let reference = try #require(readme.range(of: "## Reference"))
        #expect(readme[reference.upperBound...].contains("[docs/GUIDE.md](docs/GUIDE.md)"))
    }
}
