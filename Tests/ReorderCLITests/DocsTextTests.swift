import ArgumentParser
import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// What a user reads besides the examples: the README, docs/*.md and the help texts say what
/// is, for a reader today, and their tables are whole.
@Suite struct DocsTextTests {
    /// README.md, BENCHMARKS.md and every page of docs/.
    static func pages() throws -> [(String, String)] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md", "BENCHMARKS.md"] + docs).map { ($0, try DocBlocks.text($0)) }
    }

    /// Every help text: `reorder --help`, each subcommand's and the REPL's `:help`.
    static func helpTexts() -> [(String, String)] {
        [("reorder --help", Reorder.helpMessage(columns: 1000)), (":help", ReplDriver.help)]
            + Reorder.subcommandTypes.map { ("reorder \($0._commandName) --help", $0.helpMessage(columns: 1000)) }
    }

    /// A tracker's number (the word and a number) means nothing to a reader: it is not what the
    /// text is about. (The samples below are spelt with interpolation so that this file passes
    /// its own scan.)
    static func issueNumbers(in text: String) -> [String] {
        let pattern = #"(?i)\bissues?\s+#?[0-9]+"#
        var found: [String] = []
        var rest = text[...]
        while let r = rest.range(of: pattern, options: .regularExpression) {
            found.append(String(rest[r]))
            rest = rest[r.upperBound...]
        }
        return found
    }

    @Test func noIssueNumbersWhereAUserReads() throws {
        let n = 19
        #expect(Self.issueNumbers(in: "group drags (issue \(n)): and Issue \(n - 7)") == ["issue \(n)", "Issue \(n - 7)"])
        for (name, text) in try Self.pages() + Self.helpTexts() {
            #expect(Self.issueNumbers(in: text).isEmpty, "\(name): \(Self.issueNumbers(in: text))")
        }
        let sourceFiles = try Self.sourceTexts()
        #expect(sourceFiles.contains { $0.0 == "Sources/ReorderCore/Scene.swift" })
        #expect(sourceFiles.contains { $0.0 == "Policies/spec/group_spec.lua" })
        #expect(sourceFiles.contains { $0.0 == "Tests/ReorderCoreTests/GroupDragTests.swift" })
        #expect(sourceFiles.contains { $0.0 == "Tests/Browser/test_playground.py" })
        for (name, text) in sourceFiles {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let found = Self.issueNumbers(in: String(line))
                #expect(found.isEmpty, "\(name):\(n + 1): \(found)")
            }
        }
    }

    /// Phrases that tell the history of a page instead of what is: a reader today has no
    /// "before" to compare with.
    static let historyPhrases = ["before that change", "before this change", "used to ", "was added", "was renamed",
                                 "is still answered as before", "(this page before"]

    static func history(in text: String) -> [String] {
        historyPhrases.filter { text.range(of: $0, options: .caseInsensitive) != nil }
    }

    @Test func pagesDescribeWhatIsNotItsHistory() throws {
        #expect(Self.history(in: "A version 3 page (this page before that change) is still answered as before.")
                == ["before that change", "is still answered as before", "(this page before"])
        #expect(Self.history(in: "The host answers messages of versions 1 to 4 alike.").isEmpty)
        for (name, text) in try Self.pages() {
            #expect(Self.history(in: text).isEmpty, "\(name): \(Self.history(in: text))")
        }
    }

    /// The text files under Sources/, Policies/ and Tests/ (code, its comments, the page,
    /// policies, specs and the tests), with their paths from the package root: a maintainer
    /// reads them too.
    static func sourceTexts() throws -> [(String, String)] {
        let kinds: Set<String> = ["swift", "c", "h", "js", "css", "html", "lua", "md", "py"]
        var found: [(String, String)] = []
        for top in ["Sources", "Policies", "Tests"] {
            let root = packageRoot.appendingPathComponent(top)
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where kinds.contains(url.pathExtension) {
                let relative = top + url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count)
                found.append((relative, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The options a subcommand's usage shows in brackets (`[--policy <policy>]`).
    static func optionalOptions(_ command: any ParsableCommand.Type) -> Set<String> {
        let usage = command.usageString()
        var found: Set<String> = []
        var rest = usage[...]
        while let r = rest.range(of: #"\[--[a-z-]+"#, options: .regularExpression) {
            found.insert(String(rest[r].dropFirst()))
            rest = rest[r.upperBound...]
        }
        return found
    }

    /// The places where a synopsis (`` `reorder replay TRACE --policy P` ``: an option, then a
    /// placeholder in capitals) writes an option that the command's usage brackets as if it
    /// were required.
    static func optionsWrittenAsRequired(in text: String) -> [String] {
        let commands = Dictionary(uniqueKeysWithValues: Reorder.subcommandTypes.map { ($0._commandName, $0) })
        var found: [String] = []
        var rest = text[...]
        while let r = rest.range(of: #"`reorder [a-z]+[^`]*`"#, options: .regularExpression) {
            let span = String(rest[r].dropFirst().dropLast())
            rest = rest[r.upperBound...]
            let name = String(span.split(separator: " ")[1])
            guard let command = commands[name] else { continue }
            let optional = optionalOptions(command)
            var tail = span[...]
            while let o = tail.range(of: #"(\[)?--[a-z-]+ [A-Z][A-Za-z0-9.,]*"#, options: .regularExpression) {
                let written = tail[o]
                tail = tail[o.upperBound...]
                guard !written.hasPrefix("["), let option = written.split(separator: " ").first else { continue }
                if optional.contains(String(option)) { found.append(span) }
            }
        }
        return found
    }

    @Test func synopsesBracketTheOptionalOptions() throws {
        #expect(Self.optionalOptions(Reorder.Replay.self) == ["--policy", "--json"])
        #expect(Self.optionsWrittenAsRequired(in: "`reorder replay trace.jsonl --policy P [--json]`")
                == ["reorder replay trace.jsonl --policy P [--json]"])
        #expect(Self.optionsWrittenAsRequired(in: "`reorder render TRACE [--policy P] --out FILE.svg`").isEmpty)
        #expect(Self.optionsWrittenAsRequired(in: "`reorder bench --policy jx_movable --rows 1000000`").isEmpty)
        for (name, text) in try Self.pages() {
            #expect(Self.optionsWrittenAsRequired(in: text).isEmpty, "\(name): \(Self.optionsWrittenAsRequired(in: text))")
        }
    }

    /// The cells of a Markdown table row: split at each `|` that is not escaped (`\|`).
    static func cells(_ row: String) -> Int {
        var count = 0
        var previous: Character = " "
        for c in row {
            if c == "|", previous != "\\" { count += 1 }
            previous = c
        }
        return count - 1
    }

    /// Every row of every table has as many cells as its header: a row pasted into another
    /// (or split over two lines) has more, or fewer.
    @Test func everyTableRowHasItsHeadersCells() throws {
        #expect(Self.cells("| `a\\|b` | c |") == 2)
        for (name, text) in try Self.pages() {
            let lines = text.components(separatedBy: "\n")
            var header: Int?
            for (n, line) in lines.enumerated() {
                guard line.hasPrefix("|") else { header = nil; continue }
                if header == nil { header = Self.cells(line); continue }
                #expect(Self.cells(line) == header, "\(name):\(n + 1): \(Self.cells(line)) cells under a header of \(header ?? 0)")
            }
        }
    }

    /// The rows of the table under `heading` in docs/REFERENCE.md.
    static func referenceTable(after heading: String) throws -> [String] {
        let text = try DocBlocks.text("docs/REFERENCE.md")
        let start = try #require(text.range(of: heading))
        let lines = text[start.upperBound...].components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("|") })
        return Array(lines[first...].prefix { $0.hasPrefix("|") })
    }

    /// docs/REFERENCE.md's commands table has a row for every subcommand, and sends no one to
    /// the sources to find the rest.
    @Test func theCommandsTableHasEverySubcommand() throws {
        let rows = try Self.referenceTable(after: "\n## Commands\n")
        for command in Reorder.commandNames {
            #expect(rows.contains { $0.hasPrefix("| `reorder \(command)") }, "no row for reorder \(command)")
        }
        let text = try DocBlocks.text("docs/REFERENCE.md")
        let section = try #require(text.components(separatedBy: "\n## ").first { $0.hasPrefix("Commands\n") })
        let beforeSubsections = try #require(section.components(separatedBy: "\n### ").first)
        #expect(!beforeSubsections.contains("Sources/"))
    }

    /// The REPL's colon-command table has a row for every command `:help` lists.
    @Test func theColonCommandTableHasEveryReplCommand() throws {
        let rows = try Self.referenceTable(after: "| colon command |")
        let commands = ReplDriver.help.components(separatedBy: "\n")
            .filter { $0.hasPrefix("  :") }
            .compactMap { $0.dropFirst(2).split(separator: " ").first.map(String.init) }
        #expect(commands.contains(":play"))
        for command in commands {
            #expect(rows.contains { $0.hasPrefix("| `\(command)") }, "no row for \(command)")
        }
    }
}
