import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// Every example in README.md, run as written, in the conventions of ``DocBlocks``: the files
/// the tour saves are written to a fresh folder, then its REPL transcripts and its `$ `
/// commands run there in order. `reorder play` serves until stopped: its first line (the URL)
/// is compared, then it is stopped. The `make` block is checked against the Makefile and CI.
@Suite(.serialized) struct ReadmeExamplesTests {
    static func blocks() throws -> [DocBlocks.Block] {
        try DocBlocks.blocks(in: "README.md")
    }

    /// A fresh folder holding every file the README says to save.
    static func tourFolder(_ blocks: [DocBlocks.Block]) throws -> URL {
        let dir = try temporaryDirectory()
        for b in blocks {
            guard let name = b.saveAs else { continue }
            try (b.lines.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func theReadmeSavesTheTourFiles() throws {
        #expect(try Self.blocks().compactMap(\.saveAs) == ["pinned.lua", "pinned_spec.lua"])
    }

    @Test func everyReplTranscriptPrintsWhatTheReadmeShows() throws {
        let blocks = try Self.blocks()
        let dir = try Self.tourFolder(blocks)
        let transcripts = blocks.filter { DocBlocks.check($0) == .transcript }
        #expect(transcripts.count == 3)
        for block in transcripts {
            let input = block.lines.filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) }
            let expected = block.lines.filter { !$0.hasPrefix("> ") }
            let (status, out) = repl(input.joined(separator: "\n") + "\n", directory: dir.path)
            #expect(status == 0, "README.md:\(block.line)")
            #expect(DocBlocks.matches(DocBlocks.lines(out), expected), "README.md:\(block.line): got\n\(out)")
        }
    }

    @Test func everyShellCommandPrintsWhatTheReadmeShows() throws {
        let blocks = try Self.blocks()
        let dir = try Self.tourFolder(blocks)
        var ran: [String] = []
        for block in blocks where DocBlocks.check(block) == .shell {
            for (command, expected, line) in DocBlocks.commands(block) {
                let words = command.split(separator: " ").map(String.init)
                let out: String, err: String
                if words.starts(with: ["swift", "run", "reorder", "play"]) {
                    (out, err) = try Self.firstLine(of: Array(words.dropFirst(3)), directory: dir)
                } else {
                    switch try DocBlocks.run(command, in: dir) {
                    case .success(let result): (out, err) = result
                    case .failure(let skipped):
                        print("ReadmeExamplesTests: skipped `\(command)` (README.md:\(line)): \(skipped.reason)")
                        continue
                    }
                }
                #expect(DocBlocks.matches(DocBlocks.lines(out), expected), "README.md:\(line): `\(command)` printed\n\(out)\(err)")
                ran.append(words.prefix(4).joined(separator: " "))
            }
        }
        // check, test, test --coverage, play; and genhtml where lcov is installed.
        #expect(ran.filter { $0.hasPrefix("swift run reorder") }
                == ["swift run reorder check", "swift run reorder test", "swift run reorder test", "swift run reorder play"])
        if onPath("genhtml") {
            #expect(ran.contains("genhtml --quiet lcov.info --output-directory"))
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("coverage/index.html").path))
        }
    }

    /// The `make` block: the targets it names do what it says, and CI runs `make test`.
    @Test func theMakeCommandsAreTheMakefiles() throws {
        let block = try DocBlocks.block(id: "make", in: "README.md")
        #expect(block.lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["make repl", "make test"])
        let makefile = try DocBlocks.text("Makefile")
        func recipe(_ target: String) -> [String] {
            let lines = makefile.components(separatedBy: "\n")
            guard let start = lines.firstIndex(where: { $0.hasPrefix("\(target):") }) else { return [] }
            return [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("\t") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // make repl: installs what is missing (deps: Lua 5.4, libedit, busted), builds, starts the REPL.
        #expect(recipe("repl") == ["repl: deps", "swift build --product reorder", "swift run reorder"])
        let deps = recipe("deps").joined(separator: "\n")
        for package in ["liblua5.4-dev", "libedit-dev", "lua-busted"] { #expect(deps.contains(package), "\(package)") }
        // make test: also Chromium and selenium; swift test, the browser tests, the specs.
        #expect(recipe("test") == ["test: deps browser-deps", "swift test", "$(MAKE) --no-print-directory browser-run",
                                   "swift run reorder test Policies/"])
        let browser = recipe("browser-deps").joined(separator: "\n")
        for package in ["chromium", "selenium"] { #expect(browser.contains(package), "\(package)") }
        // CI runs exactly `make test`, last.
        let ci = DocBlocks.lines(try DocBlocks.text(".ci/run"))
        #expect(ci.last == "make test")
    }

    /// Starts `reorder arguments` (a server), waits up to 20 s for its first line of output,
    /// stops it, and returns that line and what it wrote to stderr.
    static func firstLine(of arguments: [String], directory: URL) throws -> (String, String) {
        let exe = try #require(reorderExecutable())
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        p.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        defer { p.terminate(); p.waitUntilExit() }
        var line = Data()
        let deadline = Date().addingTimeInterval(20)
        let fd = out.fileHandleForReading.fileDescriptor
        var byte: UInt8 = 0
        while Date() < deadline, p.isRunning || line.isEmpty {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { break }
            line.append(byte)
            if byte == UInt8(ascii: "\n") { break }
        }
        p.terminate()
        let errors = p.isRunning ? "" : String(decoding: err.fileHandleForReading.availableData, as: UTF8.self)
        return (String(decoding: line, as: UTF8.self), errors)
    }

    /// The tour's `pinned.lua` holds up in use: the fuzzer drags on random lists (empty sections,
    /// drops below a section's last row, long and short presses) and no hook fails. Seed 1
    /// found `target` failing on the slot past a section's last row in run 4 when the example
    /// did not handle a slot with no item; 100 runs replay that and more. The counts are the
    /// fuzzer's own for this seed (deterministic).
    @Test func theTourPolicyWithstandsTheFuzzer() throws {
        let dir = try Self.tourFolder(try Self.blocks())
        let (status, out, err) = try runReorder(["fuzz", "pinned.lua", "--seed", "1", "--runs", "100"], directory: dir)
        #expect(status == 0, "\(err)")
        #expect(out == "100 runs, 26,827 inputs executed, 317 moves: no violation (seed 1)\n")
    }

    /// The tour's spec names `policy = "pinned.lua"`: run from the folder above, it finds the
    /// policy next to it (it failed with `cannot read policy file` against the working
    /// directory).
    @Test func theTourSpecRunsFromTheFolderAbove() throws {
        let dir = try Self.tourFolder(try Self.blocks())
        let parent = dir.deletingLastPathComponent()
        let name = dir.lastPathComponent
        let (status, out, err) = try runReorder(["test", name], directory: parent)
        #expect(status == 0, "\(out)\(err)")
        #expect(out == "\(name)/pinned_spec.lua ..\n2 passed, 0 failed\n")
    }

    /// The typo example of the tour: the message and exit status the README promises.
    @Test func theTypoExampleIsTrue() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let message = "typo.lua:3: unknown field 'min_press_durration' (did you mean 'min_press_duration'?)"
        #expect(readme.contains("`\(message)`"))
        let dir = try temporaryDirectory()
        try "return {\n  name = \"typo\",\n  min_press_durration = 0.3,\n}\n"
            .write(to: dir.appendingPathComponent("typo.lua"), atomically: true, encoding: .utf8)
        let (status, out, _) = try runReorder(["check", "typo.lua"], directory: dir)
        #expect(status == 1)
        #expect(out.contains("  \(message)\n"))
    }
}
