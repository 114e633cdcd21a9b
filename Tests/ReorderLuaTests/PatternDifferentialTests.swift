import Foundation
import ReorderCore
import ReorderLua
import Testing

/// The sandbox's pattern functions (CLuaShim/pattern.c) against Lua's own (the trusted VM's
/// `liblua5.4`), on a fixed-seed sample of ``PatternCaseGenerator`` cases: every outcome the
/// same, values and error messages, budget stops apart (docs/SANDBOX.md, "The differential
/// test"). `reorder fuzz --sandbox` runs a million such cases with a random seed.
@Suite struct PatternDifferentialTests {
    static let seed: UInt64 = 20_240_527
    static let cases = 4000

    @Test func theSandboxMatchesLuaOnASample() throws {
        let started = Date()
        let report = try SandboxDifferential.run(generators: [PatternCaseGenerator()], seed: Self.seed, cases: Self.cases)
        print("pattern differential: \(report.summary) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        for mismatch in report.mismatches { Issue.record("\(mismatch)") }
        #expect(report.mismatchCount == 0)
        #expect(report.cases == Self.cases)
        // Most cases run to an end in both VMs; a few (deep or exponential patterns) spend the
        // policy VM's budget and are not compared.
        #expect(report.compared > Self.cases * 9 / 10, "\(report.summary)")

        // Every error of the pattern functions was met (Lua's own messages, word for word:
        // lstrlib.c's errors as lua5.4 prints them), so the sample compared each error path.
        let messages = Array(report.errorMessages.keys)
        for expected in ["\"malformed pattern (ends with '%')\"", "\"malformed pattern (missing ']')\"",
                         "\"missing '[' after '%f' in pattern\"", "\"malformed pattern (missing arguments to '%b')\"",
                         "\"invalid pattern capture\"", "\"unfinished capture\"", "\"too many captures\"",
                         "\"pattern too complex\"", "\"invalid use of '%' in replacement string\"",
                         "\"invalid replacement value (a table)\"", "\"invalid replacement value (a boolean)\"",
                         "\"repl failed\"", "{[\"code\"] = 1}"] {
            #expect(messages.contains(expected), "never raised: \(expected)")
        }
        // Argument errors, numbered as Lua numbers them (`s:gsub(p, r, {})` is argument #3 of a
        // method call, `string.gsub(s, p, r, {})` #4).
        for text in ["\"invalid capture index %", "\"bad argument #1 to 'find' (string expected",
                     "to 'gsub' (number expected, got table)", "to 'gsub' (string/function/table expected, got boolean)",
                     "to 'find' (number has no integer representation)", "to 'match' (number expected, got table)",
                     "to 'gmatch' (number expected, got table)", "to 'gsub' (number has no integer representation)"] {
            #expect(messages.contains { $0.contains(text) }, "never raised: \(text)")
        }
    }

    /// The examples of the doc comments of ``PatternCaseGenerator`` and ``SandboxDifferential``,
    /// as written there.
    @Test func theDocExamplesHold() throws {
        var rng = SplitMix64(seed: 1)
        var g = PatternCaseGenerator()
        #expect(g.next(&rng).source == "local s = \"a\\001\\128\\195\\009b,_Aa\"; local p = \"%Y+\"; "
                + "local r = function() return true end; return s:gsub(p, r)")
        let report = try SandboxDifferential.run(generators: [PatternCaseGenerator()], seed: 7, cases: 1000)
        #expect(report.summary == "1,000 cases (seed 7): 1,000 compared (230 raising an error), 0 stopped by the budget; no mismatch")
    }

    /// The sample's cases use every pattern item and every argument form the generator knows
    /// (the same draws as the run above: case i comes from `SplitMix64.forRun(i, seed:)`).
    @Test func theSampleCoversEveryItem() {
        var generator = PatternCaseGenerator()
        var sources: [String] = []
        for i in 0..<Self.cases {
            var rng = SplitMix64.forRun(i, seed: Self.seed)
            sources.append(generator.next(&rng).source)
        }
        let all = sources.joined(separator: "\n")
        let items = ["%a", "%A", "%c", "%C", "%d", "%D", "%g", "%G", "%l", "%L", "%p", "%P", "%s", "%S", "%u", "%U",
                     "%w", "%W", "%x", "%X", "%z", "%Z", "%y", "%.", "%%", "%(", "%]", "%\\000", ".",
                     "[^", "[]", "a-%%", "%a-z", "*", "+", "-", "?", "\"^", "$\"", "()", "%1", "%0", "%9",
                     "%b()", "%b''", "%f[", "\\000", "\\128", "\\255",
                     "s:find(", "string.find(s", "s:match(", "string.gmatch(s", "s:gsub(", "string.gsub(s", "pcall(string.",
                     "p, 1, true)", "math.mininteger", "math.maxinteger", "-100", "1.5", "\"2\"",
                     "function(", "setmetatable(", "error(", "return {}", "return true", "return false",
                     "[1] = ", "local r = 42", "local r = nil", "local s = nil", "local p = {}"]
        for item in items {
            #expect(all.contains(item), "no case uses \(item)")
        }
        // Deep patterns: 200 pending choices and 33 captures.
        #expect(sources.contains { $0.contains(String(repeating: "a?", count: 200)) })
        #expect(sources.contains { $0.contains(String(repeating: "(", count: 33)) })
    }
}
