import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// docs/GUIDE.md, run as written, in the conventions of ``DocBlocks``, in order, in one
/// folder, as a reader would: a ` ```lua ` block introduced by "Save as `FILE`" is written to
/// FILE in the current folder when the guide reaches it; the `$ ` lines of a ` ```sh ` block
/// run in order (`cd DIR` changes the current folder) and print what the lines under them
/// show. A command that needs luacheck (`--lint`) or lcov (`genhtml`, `lcov`) is skipped,
/// saying so, when the tool is missing.
@Suite(.serialized) struct GuideTests {
    enum Step {
        case save(String, String, line: Int)
        case command(String, expected: [String], line: Int)
    }

    static func steps() throws -> [Step] {
        var steps: [Step] = []
        for block in try DocBlocks.blocks(in: "docs/GUIDE.md") {
            switch DocBlocks.check(block) {
            case .saved(let name):
                steps.append(.save(name, block.lines.joined(separator: "\n") + "\n", line: block.line))
            case .shell:
                for (command, expected, line) in DocBlocks.commands(block) {
                    steps.append(.command(command, expected: expected, line: line))
                }
            default:
                continue
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
                switch try DocBlocks.run(command, in: dir) {
                case .success(let (out, err)):
                    #expect(DocBlocks.matches(DocBlocks.lines(out), expected), "docs/GUIDE.md:\(line): `\(command)` printed\n\(out)\(err)")
                    ran += 1
                case .failure(let skipped):
                    print("GuideTests: skipped `\(command)` (docs/GUIDE.md:\(line)): \(skipped.reason)")
                }
            }
        }
        // init, test, test, check, lint x2, types, coverage (+ genhtml and lcov when installed).
        #expect(ran >= 8)
        // The HTML report exists when genhtml ran.
        if onPath("genhtml") {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("coverage/index.html").path))
        }
    }

    @Test func theReadmeLinksTheGuide() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let reference = try #require(readme.range(of: "## Reference"))
        #expect(readme[reference.upperBound...].contains("[docs/GUIDE.md](docs/GUIDE.md)"))
    }
}
