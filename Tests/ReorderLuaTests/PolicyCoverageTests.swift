import CLua
import Foundation
import ReorderCore
import Testing
@testable import ReorderLua

/// Coverage of policy lines: exact hit counts for a small policy, LCOV text,
/// names of functions, and nothing counted with coverage off.
@Suite struct PolicyCoverageTests {
    /// A policy whose lines and calls are counted by hand below. The file name is unique so no
    /// other test (tests run in parallel; coverage is per thread, the counters per file) shares
    /// its counters.
    static let source = """
        local moves = 0

        local function even(row)
          return row % 2 == 0
        end

        return {
          name = "cov",
          can_move = function(ctx, section, row)
            moves = moves + 1
            if even(row) then
              return true
            end
            return false
          end,
          on_cancel = function(ctx)
            return "revert"
          end,
        }

        """

    /// Loads the policy with coverage on, calls can_move for rows 1...5 (Lua's 1-based rows:
    /// ItemPosition items 0...4) and on_cancel once, and returns its coverage.
    static func covered(_ files: PolicyFiles) throws -> PolicyCoverage.File {
        let name = "cov-\(UUID().uuidString).lua"
        let path = try files.write(name, source)
        PolicyCoverage.enable()
        defer { PolicyCoverage.disable() }
        let policy = try LuaPolicy(path: path)
        let ctx = makeContext(sections: [["a", "b", "c", "d", "e"]])
        for item in 0..<5 { _ = policy.canMove(ctx, at: ItemPosition(section: 0, item: item)) }
        _ = policy.onCancel(ctx)
        return try #require(PolicyCoverage.files().first { $0.path.hasSuffix(name) })
    }

    @Test func exactHitCountsPerLine() throws {
        let file = try Self.covered(try PolicyFiles())
        // Worked out from the code (and the same as real Lua 5.4's `debug.sethook(f, "l")` on the
        // same file and calls, run with lua5.4):
        // - the chunk runs once at load: line 1 (`local moves`), 5 (the closure of `even` is made
        //   at its `end`), 7 (the table), 8 (`name`), 15 and 18 (each hook's closure, made at its
        //   `end,`), 19 (the `return` of the table, at its closing brace);
        // - can_move runs 5 times: lines 10 and 11 five times; `even` (line 4) five times; rows
        //   2 and 4 are even: line 12 twice, line 14 three times;
        // - on_cancel runs once: line 17.
        // Lines 2, 3, 6, 9, 13 and 16 hold no instruction of their own (blank, a function's
        // header, `end` of an `if`) and are not executable, as `luac -l` lists them.
        let expected: [(Int, Int)] = [(1, 1), (4, 5), (5, 1), (7, 1), (8, 1), (10, 5), (11, 5), (12, 2), (14, 3),
                                      (15, 1), (17, 1), (18, 1), (19, 1)]
        #expect(file.lines.map(\.line) == expected.map(\.0))
        #expect(file.lines.map(\.hits) == expected.map(\.1))
        #expect(file.linesHit == 13)
        // Functions: `even` (lines 3-5), the two hooks (named by their field), called 5, 5 and 1 times.
        #expect(file.functions == [
            PolicyCoverage.Function(name: "even", line: 3, lastLine: 5, calls: 5),
            PolicyCoverage.Function(name: "can_move", line: 9, lastLine: 15, calls: 5),
            PolicyCoverage.Function(name: "on_cancel", line: 16, lastLine: 18, calls: 1),
        ])
    }

    @Test func lcovRecordOfTheFile() throws {
        let file = try Self.covered(try PolicyFiles())
        // The LCOV tracefile format (geninfo(1), "TRACEFILE FORMAT"): FN/FNDA/FNF/FNH, DA per
        // line, LF/LH, end_of_record; the counts are the ones above.
        let expected = """
            TN:
            SF:\(file.path)
            FN:3,even
            FN:9,can_move
            FN:16,on_cancel
            FNDA:5,even
            FNDA:5,can_move
            FNDA:1,on_cancel
            FNF:3
            FNH:3
            DA:1,1
            DA:4,5
            DA:5,1
            DA:7,1
            DA:8,1
            DA:10,5
            DA:11,5
            DA:12,2
            DA:14,3
            DA:15,1
            DA:17,1
            DA:18,1
            DA:19,1
            LF:13
            LH:13
            end_of_record

            """
        #expect(PolicyCoverage.lcov([file]) == expected)
    }

    @Test func builtInsAreReportedUnderTheirRepositoryPath() throws {
        PolicyCoverage.enable()
        defer { PolicyCoverage.disable() }
        let policy = try LuaPolicy(named: "jx_movable")
        let ctx = makeContext()
        _ = policy.canMove(ctx, at: ItemPosition(section: 0, item: 0))
        let paths = Set(PolicyCoverage.files().map(\.path))
        // jx_movable extends default (PolicyProgram.loadChain: every chain ends at default).
        #expect(paths.isSuperset(of: ["Policies/jx_movable.lua", "Policies/default.lua"]))
        let jx = try #require(PolicyCoverage.files().first { $0.path == "Policies/jx_movable.lua" })
        // jx_movable.lua's `local function movable(ctx, section, row)` is a function of the file.
        #expect(jx.functions.contains { $0.name == "movable" })
        // Its messages name the same path: the chunk name is the repository path.
        #expect(policy.file == "Policies/jx_movable.lua")
    }

    @Test func nothingIsCountedWithCoverageOff() throws {
        let files = try PolicyFiles()
        let name = "off-\(UUID().uuidString).lua"
        let path = try files.write(name, Self.source)
        let policy = try LuaPolicy(path: path)
        _ = policy.canMove(makeContext(), at: ItemPosition(section: 0, item: 1))
        // Off: the file is not even registered (no line hook, no bookkeeping).
        #expect(!PolicyCoverage.files().contains { $0.path.hasSuffix(name) })
        #expect(!PolicyCoverage.isEnabled)
    }

    @Test func theLineHookIsInstalledOnlyWhileCoverageIsOn() throws {
        // lua_gethookmask: what the VM's hook is called for. Off: the budget's count hook
        // alone (LUA_MASKCOUNT), as before coverage existed.
        let off = try LuaVM(options: .policy)
        try off.run("return 1")
        #expect(lua_gethookmask(off.L) == LUA_MASKCOUNT)
        PolicyCoverage.enable()
        try off.run("return 1")   // a call started with coverage on installs the line and call hooks
        let on = try LuaVM(options: .policy)
        PolicyCoverage.disable()
        #expect(lua_gethookmask(off.L) == LUA_MASKCOUNT | LUA_MASKLINE | LUA_MASKCALL)
        #expect(lua_gethookmask(on.L) == LUA_MASKCOUNT | LUA_MASKLINE | LUA_MASKCALL)
        try on.run("return 1")    // and the next call with coverage off removes them
        #expect(lua_gethookmask(on.L) == LUA_MASKCOUNT)
        // The sandbox has no debug library: a policy can neither see the hook nor replace it.
        #expect(try on.run("return debug == nil and rawget(_G, 'debug') == nil") == [.boolean(true)])
    }

    @Test(arguments: [
        // `function NAME(`, `local function NAME(`, `NAME = function(`, `["NAME"] = function(`,
        // the second function on a line, an anonymous one.
        ("function M.speed(ctx)", 0, "M.speed"),
        ("local function movable(ctx, section, row)", 0, "movable"),
        ("  on_begin = function(ctx, section, row)", 0, "on_begin"),
        ("  [\"on_end\"] = function(ctx)", 0, "on_end"),
        ("  a = function() end, b = function() end", 1, "b"),
        ("  return pcall(function() end)", 0, nil),
    ] as [(String, Int, String?)])
    func functionNames(line: String, occurrence: Int, name: String?) {
        #expect(PolicyCoverage.functionName(line: line, occurrence: occurrence) == name)
    }
}
