import Foundation
import ReorderTestSupport
import Testing

/// The fenced code blocks of the pages a new user reads (README.md, docs/GUIDE.md,
/// docs/POLICIES.md, docs/ADAPTERS.md), how each is checked, and the commands they show.
///
/// A block is claimed by what it is, or by an id:
///
/// - a ` ```lua ` block whose paragraph says "Save this as `FILE`" or "Save as `FILE`" is
///   written to FILE before the commands after it run (and they use it);
/// - a block whose lines start with `> ` is a REPL transcript: the `> ` lines are typed into a
///   REPL (piped, no colour) and everything else is the output expected, line for line;
/// - a ` ```sh ` block whose lines start with `$ ` runs each command; the lines up to the next
///   `$ ` are its standard output (a line holding only `...` stands for any number of lines,
///   `#` starts a comment);
/// - any other block carries `<!-- example: ID -->` on the line before its fence, and
///   ``claimedIDs`` names the test that checks it.
///
/// `DocBlockLedgerTests` fails on a block that none of these claims.
enum DocBlocks {
    struct Block {
        var info: String
        var lines: [String]
        /// The file an earlier paragraph says to save this block as.
        var saveAs: String?
        /// The id of `<!-- example: ID -->` on the line before the fence.
        var id: String?
        /// The line of the block's first line in its file (for messages).
        var line: Int
    }

    /// How a block is checked.
    enum Check: Hashable {
        case saved(String)
        case transcript
        case shell
        case id(String)
    }

    /// The pages whose every block is checked, and the kinds of block each page's test runs
    /// (``ReadmeExamplesTests`` and ``GuideTests`` run their page's saved files and commands; a
    /// block of the others is claimed by an id).
    static let pages: [(file: String, runs: Set<Kind>)] = [
        ("README.md", [.saved, .transcript, .shell]),
        ("docs/GUIDE.md", [.saved, .shell]),
        ("docs/POLICIES.md", []),
        ("docs/ADAPTERS.md", []),
    ]

    enum Kind: Hashable { case saved, transcript, shell }

    /// Every id a page may give a block, and the test that checks that block.
    static let claimedIDs: [String: String] = [
        "make": "ReadmeExamplesTests.theMakeCommandsAreTheMakefiles",
        "quick": "PolicyExamplesTests.theQuickPolicyDoesWhatItsCommentsSay",
        "announce-de": "PolicyExamplesTests.theLocalisedAnnouncementSaysTheDrop",
        "done-is-final": "PolicyExamplesTests.theDoneIsFinalPolicyDecidesByTitle",
        "adapter-loop": "DocExamplesTests.adapterLoopExample (run), DocBlockLedgerTests.theAdapterLoopIsThatTest (the same code)",
    ]

    /// What claims `block`, or nil when nothing does.
    static func check(_ block: Block) -> Check? {
        if let id = block.id { return .id(id) }
        if block.info == "lua", let name = block.saveAs { return .saved(name) }
        if block.info.isEmpty, block.lines.first?.hasPrefix("> ") == true { return .transcript }
        if block.info == "sh", block.lines.first?.hasPrefix("$ ") == true { return .shell }
        return nil
    }

    static func text(_ file: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    }

    static func blocks(in file: String) throws -> [Block] {
        try blocks(text(file))
    }

    /// The fenced blocks of a Markdown text.
    static func blocks(_ text: String) throws -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("```") else { i += 1; continue }
            let info = String(lines[i].dropFirst(3))
            // The paragraph before the fence, for "Save this as `X`".
            var before = ""
            var j = i - 1
            while j >= 0, !lines[j].hasPrefix("```"), !lines[j].hasPrefix("#") { before = lines[j] + " " + before; j -= 1 }
            var saveAs: String?
            if let r = before.range(of: #"Save (this )?as `([^`]+)`"#, options: .regularExpression) {
                saveAs = before[r].components(separatedBy: "`")[1]
            }
            var id: String?
            if i > 0, let r = lines[i - 1].range(of: #"^<!-- example: [a-z0-9-]+ -->$"#, options: .regularExpression) {
                id = String(lines[i - 1][r].dropFirst("<!-- example: ".count).dropLast(" -->".count))
            }
            var body: [String] = []
            i += 1
            let first = i + 1
            while i < lines.count, !lines[i].hasPrefix("```") { body.append(lines[i]); i += 1 }
            blocks.append(Block(info: info, lines: body, saveAs: saveAs, id: id, line: first))
            i += 1
        }
        return blocks
    }

    /// The block of `file` that carries `id`.
    static func block(id: String, in file: String) throws -> Block {
        let found = try blocks(in: file).filter { $0.id == id }
        try #require(found.count == 1, "\(file): \(found.count) blocks with id \(id)")
        return found[0]
    }

    /// The `$ ` commands of a shell block, each with the output lines shown under it and its
    /// line in the file.
    static func commands(_ block: Block) -> [(command: String, expected: [String], line: Int)] {
        var result: [(String, [String], Int)] = []
        var k = 0
        while k < block.lines.count {
            var command = String(block.lines[k].dropFirst(2))
            if let hash = command.range(of: " #") { command = String(command[..<hash.lowerBound]) }
            let line = block.line + k
            var expected: [String] = []
            k += 1
            while k < block.lines.count, !block.lines[k].hasPrefix("$ ") { expected.append(block.lines[k]); k += 1 }
            result.append((command.trimmingCharacters(in: .whitespaces), expected, line))
        }
        return result
    }

    /// Whether `actual` matches `expected`, where a line of only `...` matches any run of lines.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        guard let e = expected.first else { return actual.isEmpty }
        if e.trimmingCharacters(in: .whitespaces) == "..." {
            let rest = Array(expected.dropFirst())
            return (0...actual.count).contains { matches(Array(actual.dropFirst($0)), rest) }
        }
        guard let a = actual.first, a == e else { return false }
        return matches(Array(actual.dropFirst()), Array(expected.dropFirst()))
    }

    /// The lines of `text`, without the empty one after a final newline.
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Runs one `$ ` command of a page in `dir`: `reorder ...` and `swift run reorder ...` run
    /// the built binary, `genhtml` and `lcov` run from PATH. Returns (stdout, stderr), or the
    /// reason it was skipped when the tool it needs is not installed (`--lint` needs luacheck).
    static func run(_ command: String, in dir: URL) throws -> Result<(String, String), Skipped> {
        var words = command.split(separator: " ").map(String.init)
        if words.starts(with: ["swift", "run", "reorder"]) { words.removeFirst(3) } else if words.first == "reorder" { words.removeFirst() } else {
            guard let tool = words.first, ["genhtml", "lcov"].contains(tool) else {
                Issue.record("`\(command)`: not a command the doc tests know how to run")
                return .failure(Skipped(reason: "unknown command"))
            }
            guard onPath(tool) else { return .failure(Skipped(reason: "\(tool) is not installed (package lcov)")) }
            return .success(try runTool(words, in: dir))
        }
        if words.contains("--lint"), !onPath("luacheck") {
            return .failure(Skipped(reason: "luacheck is not installed (package lua-check)"))
        }
        let (_, out, err) = try runReorder(words, directory: dir)
        return .success((out, err))
    }

    struct Skipped: Error { var reason: String }

    /// Runs a tool from PATH; returns (stdout, stderr).
    static func runTool(_ words: [String], in dir: URL) throws -> (String, String) {
        let (_, out, err) = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), words, directory: dir)
        return (out, err)
    }
}
