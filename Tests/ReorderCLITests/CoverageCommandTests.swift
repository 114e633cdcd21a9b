import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// `reorder test --coverage` through the real binary.
@Suite struct CoverageCommandTests {
    /// A policy and its spec: can_move is asked for rows 1...4 by the spec, so its lines run a
    /// known number of times.
    static let policy = """
        return {
          name = "cov",
          can_move = function(ctx, section, row)
            if row % 2 == 0 then
              return false
            end
            return true
          end,
        }

        """
    static let spec = """
        describe("cov", function()
          it("asks four rows", function()
            local s = reorder.session{ policy = "cov.lua", rows = 4 }
            assert.are.same({ true, false, true, false },
                            { s:can_move(1, 1), s:can_move(1, 2), s:can_move(1, 3), s:can_move(1, 4) })
          end)
        end)

        """

    @Test func writesLcovAndASummary() throws {
        let dir = try temporaryDirectory(prefix: "cov", files: ["cov.lua": Self.policy, "cov_spec.lua": Self.spec])
        let (status, out, err) = try runReorder(["test", "--coverage", "cov_spec.lua"], directory: dir)
        #expect(status == 0, "\(out)\(err)")
        let lcov = try String(contentsOf: dir.appendingPathComponent("lcov.info"), encoding: .utf8)
        // cov.lua's record. Worked out from the code: the chunk runs once (line 1, the table,
        // and line 8: can_move's closure is made at its `end,`; line 9: the chunk's `return`
        // ends at the closing brace); can_move runs 4 times: line 4 four times, line 5 for
        // rows 2 and 4, line 7 for rows 1 and 3. Line 3 (the header), 6 (`end` of the `if`)
        // hold no instruction.
        let record = try #require(lcov.components(separatedBy: "end_of_record\n").first { $0.contains("SF:cov.lua\n") })
        #expect(record == """
            TN:
            SF:cov.lua
            FN:3,can_move
            FNDA:4,can_move
            FNF:1
            FNH:1
            DA:1,1
            DA:2,1
            DA:4,4
            DA:5,2
            DA:7,2
            DA:8,1
            DA:9,1
            LF:7
            LH:7

            """)
        // Built-ins loaded during the run are there too (cov.lua extends default).
        #expect(lcov.contains("SF:Policies/default.lua\n"))
        #expect(out.contains("coverage of policy lines (lcov.info):\n"))
        #expect(out.contains("\ncov.lua               7/7 lines (100.0%)\n"))
    }

    @Test(.enabled(if: onPath("lcov"), "lcov is not installed (Debian package lcov): the LCOV file is not parsed"))
    func lcovReadsTheFile() throws {
        let dir = try temporaryDirectory(prefix: "cov", files: ["cov.lua": Self.policy, "cov_spec.lua": Self.spec])
        let (status, _, _) = try runReorder(["test", "--coverage=out.info", "cov_spec.lua"], directory: dir)
        #expect(status == 0)
        let text = try String(contentsOf: dir.appendingPathComponent("out.info"), encoding: .utf8)
        let found = text.components(separatedBy: "\n").filter { $0.hasPrefix("LF:") }.compactMap { Int($0.dropFirst(3)) }.reduce(0, +)
        let hit = text.components(separatedBy: "\n").filter { $0.hasPrefix("LH:") }.compactMap { Int($0.dropFirst(3)) }.reduce(0, +)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["lcov", "--summary", "out.info"]
        p.currentDirectoryURL = dir
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let summary = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(summary)")
        // lcov's own count of the lines equals the file's LF/LH totals.
        #expect(summary.contains("(\(hit) of \(found) lines)"), "\(summary)")
        #expect(summary.contains("functions..:"))
    }

    @Test(arguments: [
        (["test", "--coverage"], ["test", "--coverage=lcov.info"]),
        (["test", "--coverage", "Policies/"], ["test", "--coverage=lcov.info", "Policies/"]),
        (["test", "--coverage", "out.info", "Policies/"], ["test", "--coverage", "out.info", "Policies/"]),
        (["test", "--coverage", "--tap"], ["test", "--coverage=lcov.info", "--tap"]),
        (["test", "--coverage=a.txt"], ["test", "--coverage=a.txt"]),
        (["run", "--coverage"], ["run", "--coverage"]),
    ])
    func coverageTakesAnOptionalValue(arguments: [String], expected: [String]) {
        #expect(Reorder.Test.normalizingCoverage(arguments) == expected)
    }
}
