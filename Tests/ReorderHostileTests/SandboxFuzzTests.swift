import Foundation
import ReorderCLI
import ReorderLua
import ReorderTestSupport
import Testing

/// The sandbox fuzzer with a fixed seed: every library function a policy can
/// reach, called with extreme arguments in a real policy VM, returns or raises within 10 ms of
/// the time its budget allows, and never crashes or hangs the host (each call runs in a worker
/// process, the built `reorder sandbox-worker`, with a kill timer).
@Suite("Sandbox fuzzer", .serialized)
struct SandboxFuzzTests {
    /// The CI seed and the random calls per function (besides the fixed hostile cases).
    static let seed: UInt64 = 20_261_123
    static let runs = 12

    /// The walk finds the libraries the sandbox opens (LuaVM.Options.sandboxed: base, string,
    /// table, math, utf8, coroutine) and nothing of io, os, debug, package or string.dump.
    @Test func theWalkFindsEveryReachableFunctionAndNothingElse() throws {
        let names = try SandboxFuzzer.functions()
        for expected in ["assert", "error", "load", "pcall", "print", "select", "setmetatable", "tostring", "xpcall",
                         "string.rep", "string.find", "string.format", "string.gsub", "table.concat", "table.sort",
                         "table.insert", "table.move", "math.max", "math.random", "utf8.char", "utf8.len",
                         "coroutine.wrap", "coroutine.resume"] {
            #expect(names.contains(expected), "\(expected) missing from \(names)")
        }
        for forbidden in ["dofile", "loadfile", "require", "string.dump", "collectgarbage.x"] {
            #expect(!names.contains(forbidden), "\(forbidden)")
        }
        #expect(!names.contains { $0.hasPrefix("io.") || $0.hasPrefix("os.") || $0.hasPrefix("debug.") || $0.hasPrefix("package.") })
        #expect(names == names.sorted())
    }

    /// The arguments are Lua that rebuilds the call: the reported call can be pasted into a policy.
    @Test func aCallIsDescribedAsLua() {
        let call = SandboxFuzzer.Call("string.rep", ["\"\"", "math.maxinteger"])
        #expect(call.description == "string.rep(\"\", math.maxinteger)")
        #expect(SandboxFuzzer.Call("string.gmatch", ["\"abc\"", "\".\""], callsResult: true).description
                == "string.gmatch(\"abc\", \".\")()")
        let failure = SandboxFuzzer.Failure(call: call, reason: .hung(timeout: 0.5), isKnownOpen: false)
        #expect(failure.description == "string.rep(\"\", math.maxinteger): did not return within 500.0 ms (killed)")
        let over = SandboxFuzzer.Failure(call: call, reason: .overran(seconds: 0.2504, past: 0.2461), isKnownOpen: true)
        #expect(over.description == "string.rep(\"\", math.maxinteger): took 250.4 ms, 246.1 ms past its budget [known open]")
    }

    /// The campaign of CI: every reachable function, with a fixed seed. Any call that hangs,
    /// crashes or runs more than the margin past its budget fails the test with the call as
    /// Lua, whether or not its function is listed in ``SandboxFuzzer/knownOpen``: the list is
    /// empty, and this campaign keeps it so.
    @Test func everyReachableFunctionReturnsWithinItsBudget() throws {
        var options = SandboxFuzzer.Options(seed: Self.seed, runs: Self.runs)
        options.worker = try #require(reorderExecutable(), "the reorder executable was not built").path
        // A hang costs the timeout; half a second is 50 times a budget's time (3 s, the default,
        // in a sanitizer build, whose interpreter is several times slower).
        if !SandboxFuzzer.isSanitized { options.timeout = 0.5 }
        let started = Date()
        let report = try SandboxFuzzer.run(options)
        print("sandbox fuzz: \(report.summary) in \(Int(Date().timeIntervalSince(started))) s")
        #expect(report.functions.count >= 80, "\(report.functions)")
        #expect(report.calls >= report.functions.count * Self.runs / 2, "\(report.summary)")
        // The calibration loop ran to budget exhaustion: a few milliseconds (LuaVM.Options.policy).
        #expect(report.budgetSeconds > 0 && report.budgetSeconds < 0.5, "\(report.budgetSeconds)")
        for failure in report.failures { Issue.record("\(failure)") }
    }

    /// `reorder fuzz --sandbox` on two well-behaved functions: a summary, no failure, and the
    /// command that repeats the run.
    @Test func theCommandPrintsASummaryAndHowToReproduce() throws {
        var options = SandboxFuzzer.Options(seed: 4, runs: 3)
        options.only = ["math.abs", "string.upper"]
        options.worker = reorderExecutable()?.path
        let out = OutputBuffer()
        let status = SandboxFuzzCommand.run(options: options, seedGiven: false, console: .buffered(output: out))
        #expect(status == 0, "\(out.text)")
        let lines = out.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "seed 4")
        // 3 random calls per function, none of them fixed hostile cases; an argument list over
        // the memory cap (four tables of 100,000 integers) is not made, hence "at most 6".
        #expect(lines.count == 4, "\(lines)")
        let summary = lines.count > 1 ? lines[1] : ""
        #expect(["6", "5", "4"].contains { summary.hasPrefix("\($0) calls to 2 functions (seed 4), budget ") }, "\(summary)")
        #expect(summary.hasSuffix("; no failure"), "\(summary)")
        #expect(lines.count > 2 && lines[2] == "reproduce: reorder fuzz --sandbox --seed 4 --runs 3 --cases 0")
    }

    /// With differential cases: the differential's summary line after the fuzzer's, and the
    /// count in the command that repeats the run.
    @Test func theCommandRunsTheDifferentialCases() {
        var options = SandboxFuzzer.Options(seed: 9, runs: 1)
        options.only = ["math.abs"]
        options.worker = reorderExecutable()?.path
        let out = OutputBuffer(), errors = OutputBuffer()
        let status = SandboxFuzzCommand.run(options: options, cases: 500, seedGiven: true,
                                            console: .buffered(output: out, errors: errors))
        #expect(status == 0, "\(out.text)")
        let lines = out.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4, "\(lines)")
        let differential = lines.count > 1 ? lines[1] : ""
        #expect(differential.hasPrefix("differential: 500 cases (seed 9): "), "\(differential)")
        #expect(differential.contains("; no mismatch in "), "\(differential)")
        #expect(lines.count > 2 && lines[2] == "reproduce: reorder fuzz --sandbox --seed 9 --runs 1 --cases 500")
        // Progress is written every 10,000 cases: none for 500, and never on standard output.
        #expect(errors.text.isEmpty)
    }
}
