import ArgumentParser
import Foundation
import ReorderCore
import ReorderFuzz
import ReorderLua
import ReorderTrace

extension FuzzLayout: ExpressibleByArgument {}

extension Reorder {
    /// `reorder fuzz POLICY [--runs N] [--seed S] [--layout table|grid|board|tree]`, or
    /// `reorder fuzz --sandbox [--seed S] [--runs N] [--cases N]`.
    struct Fuzz: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fuzz a policy: random touch streams, invariants checked after every input.",
            discussion: """
                Each run draws a list (sections, locked items, heights, viewport, 60 or 120 Hz) and a \
                stream of touch down / move / up / cancel / frames, and checks after every input that \
                the order is a permutation, locked items are never lifted, cancel-with-revert and \
                rollback restore exactly, the offset stays within bounds, snapshot numbers are finite \
                and every move event matches a real change. A failing policy hook is a violation too \
                (a policy switched off after repeated failures no longer runs: the rest of the run \
                would fuzz `default`), unless --allow-hook-errors. A violation is shrunk to a short \
                trace, written as JSON Lines, and the command to replay it is printed. Exit status 1 \
                on a violation.

                With --sandbox (no policy): calls every library function a policy can reach with \
                extreme arguments, each in a policy VM under the policy budget and in a child process, \
                and reports every call that does not return or raise within 10 ms of the time its \
                budget allows. Then runs the differential test: --cases generated calls of the pattern \
                and table functions, in turn (default 1,000,000), each in a policy VM and in a VM with \
                Lua's own library, and reports every case whose outcomes differ, as a line of Lua with \
                both outcomes. \
                Exit status 1 on any such call or case.
                """)

        @Argument(help: "The policy: a built-in name or a .lua file.")
        var policy: String?

        @Option(name: .long, help: "Number of random traces (default 200); with --sandbox, random calls per function (default 20).")
        var runs: Int?

        @Flag(name: .long, help: "Fuzz the sandbox's library functions instead of a policy.")
        var sandbox = false

        @Option(name: .long, help: "With --sandbox: differential cases against Lua's own library (default 1,000,000; 0: none).")
        var cases: Int?

        @Option(name: .long, help: "Seed of the campaign (default: a new one, printed so the run can be repeated).")
        var seed: UInt64?

        @Option(name: .long, help: "The layout to fuzz on: table, grid, board or tree.")
        var layout: FuzzLayout = .table

        @Option(name: .long, help: "Upper bound on the inputs of one trace.")
        var maxInputs = 400

        @Flag(name: .long, help: "Also require locked items never to change place (policies that skip locked targets).")
        var strictLocks = false

        @Flag(name: .long, help: "Report failing hooks as notes instead of violations.")
        var allowHookErrors = false

        @Option(name: .long, help: "Where to write a failing trace (default: fuzz-<policy>-<seed>-<run>.jsonl).")
        var out: String?

        func validate() throws {
            if let runs, runs < 1 { throw ValidationError("--runs must be at least 1, got \(runs)") }
            if let cases {
                if !sandbox { throw ValidationError("--cases counts the differential cases of --sandbox: add --sandbox or drop it") }
                if cases < 0 { throw ValidationError("--cases must be at least 0, got \(cases)") }
            }
            if sandbox, let policy {
                throw ValidationError("--sandbox fuzzes the sandbox, not a policy: drop '\(policy)'")
            }
            if !sandbox && policy == nil {
                throw ValidationError("missing POLICY: a built-in name or a .lua file to fuzz (or --sandbox)")
            }
            guard maxInputs >= 1 else { throw ValidationError("--max-inputs must be at least 1, got \(maxInputs)") }
        }

        func run() throws {
            let seed = self.seed ?? UInt64.random(in: 1...999_999)
            guard let policy, !sandbox else {
                let status = SandboxFuzzCommand.run(options: SandboxFuzzer.Options(seed: seed, runs: runs ?? 20),
                                                    cases: cases ?? SandboxFuzzCommand.defaultCases,
                                                    seedGiven: self.seed != nil, console: .standard())
                if status != 0 { throw ExitCode(status) }
                return
            }
            var options = FuzzOptions(runs: runs ?? 200, seed: seed, layout: layout,
                                      maxInputs: maxInputs, strictLocks: strictLocks, allowHookErrors: allowHookErrors)
            options.shrink = true
            let status = FuzzCommand.run(policy: policy, options: options, out: out, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// `reorder fuzz`: fuzzes a user's policy and reports violations with a replayable trace.
///
/// ```swift
/// let status = FuzzCommand.run(policy: "mine.lua", options: FuzzOptions(runs: 100, seed: 7),
///                              out: nil, console: .standard())
/// // prints "100 runs, 31,204 inputs executed, 412 moves: no violation (seed 7)"; status 0
/// ```
public enum FuzzCommand {
    /// Runs the campaign and prints its outcome. Returns the exit status: 0 when every
    /// invariant held, 1 on a violation or when the policy cannot be loaded.
    public static func run(policy reference: String, options: FuzzOptions, out: String?, console: Console) -> Int32 {
        let resolved = console.policy(reference)
        // Load once up front, so a broken policy is an error, not a fuzz finding.
        do {
            _ = try LuaPolicy(resolved)
        } catch {
            console.writeError("reorder fuzz: \(error)\n")
            return 1
        }
        var hookErrors: [String] = []
        var made: [LuaPolicy] = []
        func collect() {
            for p in made {
                for d in p.drainDiagnostics() where d.kind == .hookError || d.kind == .disabled {
                    if hookErrors.count < 5 && !hookErrors.contains(d.message) { hookErrors.append(d.message) }
                }
            }
            made.removeAll()
        }
        let report: FuzzReport
        do {
            report = try Fuzzer.run(options, validate: { try $0.validate() }, makePolicy: {
                let p = try LuaPolicy(resolved)
                made.append(p)
                return p
            }, progress: { done, inputs in
                collect()
                if console.outputIsTerminal {
                    console.write("\r\u{1B}[2Krun \(done)/\(options.runs) · \(group(inputs)) inputs")
                }
            })
        } catch {
            if console.outputIsTerminal { console.write("\r\u{1B}[2K") }
            console.writeError("reorder fuzz: \(error)\n")
            return 1
        }
        collect()
        if console.outputIsTerminal { console.write("\r\u{1B}[2K") }
        let summary = "\(report.runs) runs, \(group(report.inputsExecuted)) inputs executed, \(group(report.movesApplied)) moves"
        for message in hookErrors {
            console.write("note: the policy reported: \(message)\n")
        }
        guard let failure = report.failure else {
            console.write("\(summary): no violation (seed \(options.seed))\n")
            return 0
        }
        let name = ((reference as NSString).lastPathComponent as NSString).deletingPathExtension
        let path = console.resolve(out ?? "fuzz-\(name)-\(options.seed)-\(failure.run + 1).jsonl")
        var header = Trace.Header(policy: reference, sections: failure.scenario.tree == nil ? failure.scenario.sections : [],
                                  geometry: failure.scenario.geometry)
        header.tree = failure.scenario.tree
        let text = TraceCodec.encode(Trace(header: header, inputs: failure.trace))
        console.write("\(summary): VIOLATION in run \(failure.run + 1) (seed \(options.seed))\n")
        console.write("  \(failure.violation)\n")
        console.write("  on \(failure.scenario)\n")
        if let problem = console.writeFile(text, to: path) {
            console.writeError("reorder fuzz: \(problem)\n")
            return 1
        }
        console.write("  trace: \(path) (\(failure.trace.count) inputs, shrunk from \(failure.originalLength))\n")
        console.write("  replay: reorder replay \(shellQuoted(path)) --policy \(shellQuoted(reference))\n")
        return 1
    }

    /// The fuzz scenario a trace's `session` line describes (nil without one).
    public static func scenario(of trace: Trace) -> FuzzScenario? {
        guard let h = trace.header else { return nil }
        if let tree = h.tree { return try? FuzzScenario(tree: tree, geometry: h.geometry) }
        return FuzzScenario(sections: h.sections, geometry: h.geometry)
    }

    static func group(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    static func shellQuoted(_ s: String) -> String {
        let safe = s.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+:=@".unicodeScalars.contains($0) }
        return safe ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// `reorder fuzz --sandbox`: the sandbox fuzzer (``SandboxFuzzer``) with a summary line and
/// every failing call as Lua, then the differential test (``SandboxDifferential``) of the
/// pattern and table functions (``SandboxDifferential/generators``) with a summary line and every
/// mismatch as Lua.
///
/// ```swift
/// let status = SandboxFuzzCommand.run(options: SandboxFuzzer.Options(seed: 7, runs: 20), cases: 10_000,
///                                     seedGiven: true, console: .standard())
/// // prints "1,706 calls to 88 functions (seed 7), budget 4.2 ms: longest call past its
/// // budget ...; no failure", "differential: 10,000 cases (seed 7): ...; no mismatch" and the
/// // command that repeats the run; status 0
/// ```
public enum SandboxFuzzCommand {
    /// Differential cases of `reorder fuzz --sandbox` when `--cases` is not given.
    public static let defaultCases = 1_000_000

    /// Runs the campaign and prints its outcome: the fuzzer's, then (when `cases` > 0) the
    /// differential test's, with progress on standard error every 10,000 cases. Returns the exit
    /// status: 0 when every call returned or raised within its margin and every case matched
    /// Lua's own library, 1 otherwise (known-open failures included).
    public static func run(options: SandboxFuzzer.Options, cases: Int = 0, seedGiven: Bool, console: Console) -> Int32 {
        if !seedGiven { console.write("seed \(options.seed)\n") }
        let report: SandboxFuzzer.Report
        do {
            report = try SandboxFuzzer.run(options) { calls, done in
                if console.outputIsTerminal { console.write("\r\u{1B}[2K\(done) functions · \(FuzzCommand.group(calls)) calls") }
            }
        } catch {
            if console.outputIsTerminal { console.write("\r\u{1B}[2K") }
            console.writeError("reorder fuzz: \(error)\n")
            return 1
        }
        if console.outputIsTerminal { console.write("\r\u{1B}[2K") }
        console.write(report.summary + "\n")
        for failure in report.failures {
            console.write("  \(failure)\n")
        }
        var mismatches = 0
        if cases > 0 {
            guard let differential = runDifferential(seed: options.seed, cases: cases, console: console) else { return 1 }
            mismatches = differential.mismatchCount
        }
        console.write("reproduce: reorder fuzz --sandbox --seed \(options.seed) --runs \(options.runs) --cases \(cases)\n")
        return report.failures.isEmpty && mismatches == 0 ? 0 : 1
    }

    /// The differential campaign: a summary line, then each mismatch (the first
    /// ``SandboxDifferential/keep``) as a line of Lua and both outcomes. Nil when it could not run.
    static func runDifferential(seed: UInt64, cases: Int, console: Console) -> SandboxDifferential.Report? {
        let started = Date()
        let report: SandboxDifferential.Report
        do {
            report = try SandboxDifferential.run(generators: SandboxDifferential.generators, seed: seed, cases: cases) { done in
                guard done % 10_000 == 0 else { return }
                let text = "differential: \(FuzzCommand.group(done))/\(FuzzCommand.group(cases)) cases, "
                    + "\(Int(Date().timeIntervalSince(started))) s"
                // On a terminal the line is rewritten in place; in a log, one line per 100,000.
                if console.outputIsTerminal { console.writeError("\r\u{1B}[2K" + text) }
                else if done % 100_000 == 0 { console.writeError(text + "\n") }
            }
        } catch {
            if console.outputIsTerminal { console.writeError("\r\u{1B}[2K") }
            console.writeError("reorder fuzz: \(error)\n")
            return nil
        }
        if console.outputIsTerminal { console.writeError("\r\u{1B}[2K") }
        let seconds = Date().timeIntervalSince(started)
        console.write("differential: \(report.summary) in \(String(format: "%.1f", seconds)) s\n")
        for mismatch in report.mismatches {
            console.write("  \(mismatch)\n")
        }
        if report.mismatchCount > report.mismatches.count {
            console.write("  (\(report.mismatchCount - report.mismatches.count) more mismatches not shown)\n")
        }
        return report
    }
}
