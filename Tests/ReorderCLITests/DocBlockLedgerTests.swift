import Foundation
import ReorderTestSupport
import Testing

/// Every fenced block of README.md, docs/GUIDE.md, docs/POLICIES.md and docs/ADAPTERS.md is
/// checked by a test (``DocBlocks``): a new block that no test claims fails here, naming its
/// file and line.
@Suite struct DocBlockLedgerTests {
    @Test func everyBlockIsCheckedByATest() throws {
        var claimed = 0
        for (file, runs) in DocBlocks.pages {
            let blocks = try DocBlocks.blocks(in: file)
            #expect(!blocks.isEmpty, "\(file) has no blocks")
            for (index, block) in blocks.enumerated() {
                let place = "\(file):\(block.line) (block \(index + 1), ```\(block.info))"
                switch DocBlocks.check(block) {
                case nil:
                    Issue.record("\(place): no test checks this block; make it a saved file, a REPL transcript or `$ ` commands, or give it `<!-- example: ID -->` and a test in DocBlocks.claimedIDs")
                case .id(let id):
                    #expect(DocBlocks.claimedIDs[id] != nil, "\(place): the id \(id) is claimed by no test")
                    claimed += 1
                case .saved(let name):
                    #expect(runs.contains(.saved), "\(place): \(file)'s test saves no files")
                    // A later command or transcript of the page uses the file: names it, or
                    // (a spec) runs `reorder test`.
                    let later = blocks[(index + 1)...].filter { [.shell, .transcript].contains(DocBlocks.check($0)) }
                        .flatMap(\.lines).joined(separator: "\n")
                    let used = later.contains(name) || (name.hasSuffix("_spec.lua") && later.contains("reorder test"))
                    #expect(used, "\(place): nothing after it uses \(name)")
                    claimed += 1
                case .transcript:
                    #expect(runs.contains(.transcript), "\(place): \(file)'s test runs no REPL transcripts")
                    claimed += 1
                case .shell:
                    #expect(runs.contains(.shell), "\(place): \(file)'s test runs no commands")
                    claimed += 1
                }
            }
        }
        #expect(claimed > 0)
    }

    /// Each id of ``DocBlocks/claimedIDs`` is on exactly one block of the pages, so no test
    /// claims a block that is gone.
    @Test func everyClaimedIdIsOnOneBlock() throws {
        var found: [String: Int] = [:]
        for (file, _) in DocBlocks.pages {
            for block in try DocBlocks.blocks(in: file) { if let id = block.id { found[id, default: 0] += 1 } }
        }
        for id in DocBlocks.claimedIDs.keys.sorted() { #expect(found[id] == 1, "\(id): on \(found[id] ?? 0) blocks") }
        #expect(Set(found.keys) == Set(DocBlocks.claimedIDs.keys))
    }

    /// A block with no claim is reported: the ledger is not vacuous.
    @Test func anUnclaimedBlockIsFound() throws {
        let page = """
            Some text.

            ```lua
            return {}
            ```

            <!-- example: make -->
            ```sh
            make repl
            ```
            """
        let blocks = try DocBlocks.blocks(page)
        #expect(blocks.count == 2)
        #expect(DocBlocks.check(blocks[0]) == nil)
        #expect(DocBlocks.check(blocks[1]) == .id("make"))
        #expect(blocks[1].line == 9)
    }

    /// docs/ADAPTERS.md's loop is the code of `DocExamplesTests.adapterLoopExample` (between
    /// its two marker lines, less their indentation), so the test that runs it runs the page's
    /// code.
    @Test func theAdapterLoopIsThatTest() throws {
        let block = try DocBlocks.block(id: "adapter-loop", in: "docs/ADAPTERS.md")
        let source = DocBlocks.lines(try DocBlocks.text("Tests/ReorderCoreTests/DocExamplesTests.swift"))
        let begin = try #require(source.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// docs/ADAPTERS.md: begin" })
        let end = try #require(source[begin...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// docs/ADAPTERS.md: end" })
        let indent = String(source[begin].prefix { $0 == " " })
        let code = source[(begin + 1)..<end].map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : $0 }
        #expect(code == block.lines)
    }
}
