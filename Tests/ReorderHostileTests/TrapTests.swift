import Dispatch
import Foundation
import ReorderCore
import ReorderFuzz
import ReorderLua
import ReorderTestSupport
import Testing

/// The issue's traps, static ranges and trace headers, run through the real `reorder` binary:
/// a Swift trap is a SIGILL (exit 132 in a shell), so only a subprocess can show there is none.
/// Each case must end normally (exit 0 or the usual error status 1, never a signal) within
/// 3 s and 1 GiB, with a message naming the file and what is wrong; where a session runs,
/// every item is still there once.
@Suite("Traps, static ranges and trace headers", .serialized)
struct TrapTests {
    /// What one run of the binary did.
    struct Run: CustomStringConvertible {
        var status: Int32
        /// Killed by a signal (a trap), or still running at the deadline and killed.
        var signaled: Bool
        var timedOut: Bool
        var out: String
        var err: String
        var seconds: Double
        /// CPU time (user and system) of this child alone, seconds: wait4's rusage of its pid.
        /// getrusage(RUSAGE_CHILDREN) would sum every child the test process has reaped in the
        /// meantime, other suites' included.
        var cpu: Double
        /// This child's peak resident set, bytes (wait4's ru_maxrss; kilobytes on Linux). An
        /// upper bound for the binary, not its own figure: posix_spawn's child runs in the test
        /// process's memory until exec, and Linux keeps that memory's high-water mark in the
        /// child's ru_maxrss (a spawned /bin/true reported 315 MB from a parent that had touched
        /// 300 MiB).
        var peakBytes: Int
        var description: String {
            "status \(status)\(signaled ? " (signal)" : "")\(timedOut ? " (timed out)" : ""), \(seconds) s, "
                + "\(cpu) s of CPU, peak \(peakBytes) bytes\n"
                + "stdout: \(out.prefix(600))\nstderr: \(err.prefix(600))"
        }
    }

    /// Runs `reorder arguments` in a directory holding `files`, with `input` on stdin; sends
    /// SIGTERM after `deadline` seconds (20 by default, scaled in a sanitizer build), SIGKILL
    /// 5 s later. Output goes to files, so a full pipe can never block it. The child is
    /// spawned and reaped here (posix_spawn, wait4), not by Foundation's Process, so that its
    /// own rusage is read when it is reaped.
    static func run(_ arguments: [String], files: [String: String] = [:], input: String = "",
                    deadline: Double = sanitizerScaled(20)) throws -> (Run, URL) {
        let dir = try temporaryDirectory(prefix: "reorder-traps", files: files)
        guard let exe = reorderExecutable() else {
            Issue.record("the reorder executable was not found next to the test bundle (\(Bundle.main.bundleURL.path))")
            return (Run(status: -1, signaled: false, timedOut: false, out: "", err: "", seconds: 0, cpu: 0, peakBytes: 0), dir)
        }
        let outURL = dir.appendingPathComponent(".stdout"), errURL = dir.appendingPathComponent(".stderr")
        let inURL = dir.appendingPathComponent(".stdin")
        try input.write(to: inURL, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"   // a trap, if any, exits at once
        let argv = [exe.path] + arguments
        let envp = env.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inURL.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // glibc's posix_spawn_file_actions_addchdir_np (2.29 on), looked up at run time: Swift's
        // Glibc module leaves out what <spawn.h> declares only under _GNU_SOURCE.
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        let addChdir = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }
        guard let addChdir, addChdir(&actions, dir.path) == 0 else {
            Issue.record("posix_spawn_file_actions_addchdir_np is missing from this C library (glibc has it from 2.29)")
            return (Run(status: -1, signaled: false, timedOut: false, out: "", err: "", seconds: 0, cpu: 0, peakBytes: 0), dir)
        }
        let cArgs = argv.map { strdup($0) }, cEnv = envp.map { strdup($0) }
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, exe.path, &actions, nil, cArgs + [nil], cEnv + [nil])
        guard spawned == 0 else {
            Issue.record("posix_spawn \(exe.path): \(String(cString: strerror(spawned)))")
            return (Run(status: -1, signaled: false, timedOut: false, out: "", err: "", seconds: 0, cpu: 0, peakBytes: 0), dir)
        }
        var waitStatus: Int32 = 0
        var usage = rusage()
        var timedOut = false, killed = false
        while true {
            let reaped = wait4(pid, &waitStatus, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped == -1 && errno != EINTR {
                Issue.record("wait4 \(pid): \(String(cString: strerror(errno)))")
                break
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if elapsed > deadline && !timedOut {
                timedOut = true
                kill(pid, SIGTERM)
            } else if elapsed > deadline + 5 && !killed {
                killed = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        // <sys/wait.h>'s macros, which Swift does not import: the low 7 bits are the signal
        // that ended the child (0 for a normal exit), the next byte its exit status.
        let signal = waitStatus & 0x7f
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return (Run(status: signal == 0 ? (waitStatus >> 8) & 0xff : signal, signaled: signal != 0, timedOut: timedOut,
                    out: out, err: err, seconds: seconds, cpu: cpu, peakBytes: usage.ru_maxrss * 1024), dir)
    }

    /// The common expectations: a normal exit with `status`, no hang and bounded memory. A hang
    /// is a run still going when `run` kills it at its deadline: the cases' own outputs say how
    /// far each got, and how fast it got there is a benchmark's question, not this test's.
    static func expectNormal(_ r: Run, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!r.signaled && !r.timedOut, "\(r)", sourceLocation: sourceLocation)
        #expect(r.status == status, "\(r)", sourceLocation: sourceLocation)
        #expect(r.peakBytes < hostileMemoryBound, "\(r)", sourceLocation: sourceLocation)
    }

    // MARK: Swift traps (exit 132 before)

    /// `reorder run` of a script whose session geometry trapped, or whose call hung.
    @Test(arguments: [
        // A tiny grid cell: columns = 375 / 1e-300 overflowed Int (GridLayout.swift:93).
        ("reorder.session{ rows = 5, layout = 'grid', grid = { item_width = 1e-300 } }",
         "reorder run: trap.lua:1: reorder.session: grid.item_width: 1e-300 is out of range (1 <= grid.item_width <= 100000)\n"),
        // A huge viewport: the same overflow.
        ("reorder.session{ rows = 5, layout = 'grid', viewport = { width = 1e300, height = 667 } }",
         "reorder run: trap.lua:1: reorder.session: viewport.width: 1e+300 is out of range (0 < viewport.width <= 100000)\n"),
        // Fixed columns of 1e300 (the session checked them; LayoutKind still converted unchecked).
        ("reorder.session{ rows = 5, layout = 'grid', grid = { columns = 1e300 } }",
         "reorder run: trap.lua:1: reorder.session: grid.columns must be a whole number from 1 to 100000, got 1e+300\n"),
        // A huge frame rate: Int(60 * frameRate) in settle (DragSimulator.swift:276).
        ("local s = reorder.session{ rows = 5, frame_rate = 1e300 } s:drag(1, 1, 1, 3)",
         "reorder run: trap.lua:1: reorder.session: frame_rate: 1e+300 is out of range (1 <= frame_rate <= 1000)\n"),
    ])
    func sessionGeometryTrapsAreErrors(_ script: String, _ message: String) throws {
        let (r, _) = try Self.run(["run", "trap.lua"], files: ["trap.lua": script])
        Self.expectNormal(r, status: 1)
        // The message, then Lua's traceback: reorder.session, a C function
        // (a field of the `reorder` table), called from line 1 of the main chunk.
        #expect(r.err == message + "stack traceback:\n\t[C]: in field 'session'\n\ttrap.lua:1: in main chunk\n", "\(r)")
    }

    /// Hours of frames in one call: refused by name, and the session is still whole after. A
    /// day's hold of a drag at rest skips its frames and ends.
    @Test func hugeHoldsAndAdvancesAreRefusedAndNothingIsLost() throws {
        let script = """
            local s = reorder.session{ rows = 30, policy = "jx_movable" }
            s:press_item(1, 2) s:hold(1.5)
            print(pcall(s.hold, s, 86400))
            print(pcall(s.advance, s, 1e300))
            print(pcall(s.tick, s, 1e9))
            s:release() s:advance(1)
            local seen, n = {}, 0
            for _, id in ipairs(s:order()) do if not seen[id] then seen[id] = true n = n + 1 end end
            print(s:state(), #s:order(), n)
            """
        let (r, _) = try Self.run(["run", "hold.lua"], files: ["hold.lua": script])
        Self.expectNormal(r, status: 0)
        #expect(r.out == """
            true
            false\ts:advance: argument #1 (seconds) must be from 0 to 86400 seconds, got 1e+300
            false\ts:tick: frames must be from 0 to 1000000, got 1000000000
            idle\t30\t30

            """, "\(r)")
    }

    /// `s:drag` with glides of 1e-300 s hung (each glide ran no frame and moved the clock by
    /// 1e-300 s towards a 30 s deadline); with a policy that refuses every target it now ends
    /// at the deadline, and every item is still there once.
    @Test func aDragOfTinyGlidesEnds() throws {
        let script = """
            local s = reorder.session{ rows = 100, policy = "jx_movable" }
            print(s:drag(1, 1, 1, 90, 1e-300), s:order()[90])
            local stuck = reorder.session{ rows = 100, policy = { target = function() return nil end } }
            print(stuck:drag(1, 1, 1, 90, 1e-300), stuck:state(), #stuck:order(), stuck:order()[1])
            """
        let (r, _) = try Self.run(["run", "tiny.lua"], files: ["tiny.lua": script])
        Self.expectNormal(r, status: 0)
        #expect(r.out == "true\t1\nfalse\tidle\t100\t1\n", "\(r)")
    }

    /// `reorder render` of a trace with 1e308 coordinates trapped in NiceTicks
    /// (LinearScale.swift:63). A trace's x and y are now held to ±1e7 (TraceInput.Limits
    /// .coordinate) as the line is read, so such a line is refused with its bound; coordinates
    /// at the bound are drawn with no NaN or infinity, and replay keeps every item once.
    @Test func renderOfFarAwayCoordinatesDrawsClamped() throws {
        func trace(_ far: String, _ farther: String) -> String {
            """
            {"type":"session","policy":"default","sections":[["a","b","c"]],"row_height":44,"viewport":{"width":375,"height":667},"frame_rate":60}
            {"t":0,"type":"down","x":100,"y":20}
            {"t":1,"type":"frame"}
            {"t":1.5,"type":"move","x":\(far),"y":\(far)}
            {"t":1.6,"type":"frame"}
            {"t":2,"type":"move","x":-\(far),"y":-\(farther)}
            {"t":2.5,"type":"up"}

            """
        }
        let (refused, _) = try Self.run(["render", "far.jsonl", "--out", "far.svg"], files: ["far.jsonl": trace("1e308", "1.7e308")])
        Self.expectNormal(refused, status: 1)
        #expect(refused.err == "reorder render: far.jsonl:4: x: expected a number from -1e7 to 1e7 (got 1e308)\n", "\(refused)")
        let (r, dir) = try Self.run(["render", "far.jsonl", "--out", "far.svg"], files: ["far.jsonl": trace("1e7", "1e7")])
        Self.expectNormal(r, status: 0)
        #expect(r.out == "wrote far.svg: 0 moves over 2.5 s, policy default\n", "\(r)")
        let svg = try String(contentsOf: dir.appendingPathComponent("far.svg"), encoding: .utf8)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        // Replay of the same trace: every item once.
        let (replay, _) = try Self.run(["replay", "far.jsonl", "--json"], files: ["far.jsonl": trace("1e7", "1e7")])
        Self.expectNormal(replay, status: 0)
        #expect(replay.out.contains("\"items\":[[\"a\",\"b\",\"c\"]]"), "\(replay)")
    }

    /// A plot of a policy whose zone is 1e300 pt (finite: a hook may answer it).
    @Test func plotOfAHugeZoneDoesNotTrap() throws {
        let policy = """
            return { name = "wide", api = 1,
              edge_scroll = { zone = function() return 1e300 end, speed = function(ctx, depth) return depth end } }
            """
        let (r, dir) = try Self.run(["plot", "wide.lua", "--out", "wide.svg"], files: ["wide.lua": policy])
        Self.expectNormal(r, status: 0)
        let svg = try String(contentsOf: dir.appendingPathComponent("wide.svg"), encoding: .utf8)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    // MARK: Trace headers (exit 0 and no message before)

    static let press = "\n{\"t\":0,\"type\":\"down\",\"x\":10,\"y\":10}\n{\"t\":1,\"type\":\"up\"}\n"

    @Test(arguments: [
        ("\"sections\":[[\"a\",\"b\",\"a\"]]", "duplicate item id 'a' (section 1, row 3): ids must be unique"),
        ("\"sections\":[[\"a\"]],\"row_height\":0", "row_height: 0 is out of range (0 < row_height <= 100000)"),
        ("\"sections\":[[\"a\"]],\"header_height\":-28", "header_height: -28 is out of range (0 <= header_height <= 100000)"),
        ("\"sections\":[[\"a\"]],\"viewport\":{\"width\":-375,\"height\":667}",
         "viewport.width: -375 is out of range (0 < viewport.width <= 100000)"),
        ("\"sections\":[[\"a\"]],\"layout\":\"grid\",\"grid\":{\"item_width\":0,\"item_height\":0}",
         "grid.item_height: 0 is out of range (1 <= grid.item_height <= 100000)"),
        ("\"sections\":[[\"a\"],[\"b\"]],\"layout\":\"board\",\"board\":{\"inset\":500}",
         "board.inset must be less than the viewport width (375), got 500"),
        ("\"sections\":[[\"a\"]],\"frame_rate\":1e300", "frame_rate: 1e+300 is out of range (1 <= frame_rate <= 1000)"),
        ("\"sections\":[[\"a\"]],\"layout\":\"hexagon\"", "\"layout\" must be \"table\", \"grid\", \"board\" or \"tree\""),
    ])
    func badSessionLinesAreRefusedWithTheLine(_ fields: String, _ message: String) throws {
        let trace = "{\"type\":\"session\",\(fields)}" + Self.press
        for command in ["replay", "render"] {
            let args = command == "render" ? ["render", "bad.jsonl", "--out", "bad.svg"] : ["replay", "bad.jsonl"]
            let (r, dir) = try Self.run(args, files: ["bad.jsonl": trace])
            Self.expectNormal(r, status: 1)
            #expect(r.err == "reorder \(command): bad.jsonl:1: \(message)\n", "\(r)")
            #expect(r.out == "")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad.svg").path))
        }
    }

    // MARK: Absurd policy statics

    /// Each corpus file of the static-range family names its field and its range at load.
    @Test func staticRangeCorpusNamesFieldAndRange() throws {
        let entries = try CorpusEntry.all().filter { $0.expect["field"] != nil }
        #expect(entries.count >= 9)
        for entry in entries {
            let field = try #require(entry.expect["field"])
            let e = loadError { _ = try LuaPolicy(path: entry.url.path) }
            let text = e?.description ?? "(loaded)"
            // FILE:LINE: the line of the `-- FAULT` marker, where the field is set.
            let line = try #require(entry.faultLine)
            #expect(text.hasPrefix("\(entry.fileName):\(line): \(field): expected a number "), "\(entry): \(text)")
            #expect(text.contains("...") || text.contains("> 0 and <= "), "\(entry): \(text)")
        }
    }

    /// `reorder check`, `reorder run` and `reorder fuzz` on policies with absurd statics: the
    /// message names the file, the line (each policy is one line), the field and the range;
    /// the fuzz campaign does not start.
    @Test(arguments: [
        ("min_press_duration = 1e300", "slow.lua:1: min_press_duration: expected a number in 0...10, got number 1e+300"),
        ("snapshot = { lift = { duration = 1e300 } }", "slow.lua:1: snapshot.lift.duration: expected a number in 0...10, got number 1e+300"),
        ("snapshot = { drop = { duration = 1e300 } }", "slow.lua:1: snapshot.drop.duration: expected a number in 0...10, got number 1e+300"),
        ("snapshot = { scale = -1 }", "slow.lua:1: snapshot.scale: expected a number > 0 and <= 10, got number -1"),
        ("edge_scroll = { zone = 1e300 }", "slow.lua:1: edge_scroll.zone: expected a number in 0...100000 or a function, got number 1e+300"),
    ])
    func absurdStaticsAreLoadErrors(_ field: String, _ message: String) throws {
        let files = ["slow.lua": "return { name = \"slow\", api = 1, \(field) }\n",
                     "drag.lua": "local s = reorder.session{ rows = 5, policy = 'slow.lua' } s:drag(1, 1, 1, 3)\n"]
        let (check, _) = try Self.run(["check", "slow.lua"], files: files)
        Self.expectNormal(check, status: 1)
        #expect((check.out + check.err).contains(message), "\(check)")
        let (run, _) = try Self.run(["run", "drag.lua"], files: files)
        Self.expectNormal(run, status: 1)
        #expect(run.err == "reorder run: drag.lua:1: reorder.session: \(message)\n"
                + "stack traceback:\n\t[C]: in field 'session'\n\tdrag.lua:1: in main chunk\n", "\(run)")
        let (fuzz, _) = try Self.run(["fuzz", "slow.lua", "--runs", "5", "--seed", "1"], files: files)
        Self.expectNormal(fuzz, status: 1)
        #expect(fuzz.err == "reorder fuzz: \(message)\n", "\(fuzz)")
    }

    /// A native policy is not checked at load as a Lua policy is: the fuzzer checks its statics
    /// before the first run (a drop of 1e300 s would keep every trace in `dropping`), with the
    /// validator of the one table of policy fields (ReorderLua's `PolicyConfiguration.validate()`,
    /// which `reorder fuzz` passes too).
    @Test func theFuzzerRefusesANativePolicyWithAbsurdStatics() {
        var c = DefaultPolicy.standardConfiguration
        c.snapshot.drop.duration = 1e300
        let policy = DefaultPolicy(configuration: c)
        let expected = ValidationError(field: "snapshot.drop.duration", message:
            "snapshot.drop.duration: 1e+300 is out of range (0 <= snapshot.drop.duration <= 10)")
        #expect(throws: expected) {
            try Fuzzer.run(FuzzOptions(runs: 3, seed: 1), validate: { try $0.validate() }) { policy }
        }
    }

    /// The fuzzer's scenarios pass the validator (the same one a replayed fuzz trace meets),
    /// and a scenario with a duplicate id does not.
    @Test func fuzzScenariosAreValid() throws {
        for layout in LayoutKind.allCases {
            for seed in 1...300 as ClosedRange<UInt64> {
                var rng = SplitMix64.forRun(0, seed: seed)
                let scenario = FuzzScenario.random(layout: layout, using: &rng)
                #expect(throws: Never.self, "\(layout) seed \(seed): \(scenario)") { try scenario.validate() }
            }
        }
        let duplicate = FuzzScenario(sections: [[Item("a")], [Item("a")]])
        #expect(throws: ValidationError(field: "sections",
                                        message: "duplicate item id 'a' (section 2, row 1): ids must be unique")) {
            try duplicate.validate()
        }
    }

    /// The REPL (piped, so it exits 1 on a failed entry) refuses the same geometry and keeps
    /// its session `s` whole.
    @Test func replRefusesAbsurdGeometryAndKeepsItsSession() throws {
        let input = """
            t = reorder.session{ rows = 3, layout = 'grid', grid = { item_width = 0.001 } }
            u = reorder.session{ rows = 3, frame_rate = 1e300 }
            s:drag(1, 2, 1, 9)
            #s:order()

            """
        let (r, _) = try Self.run([], input: input)
        Self.expectNormal(r, status: 1)
        #expect(r.out == """
            stdin:1: reorder.session: grid.item_width: 0.001 is out of range (1 <= grid.item_width <= 100000)
            stack traceback:
            \t[C]: in field 'session'
            \tstdin:1: in main chunk
            stdin:1: reorder.session: frame_rate: 1e+300 is out of range (1 <= frame_rate <= 1000)
            stack traceback:
            \t[C]: in field 'session'
            \tstdin:1: in main chunk
            true
            30

            """, "\(r)")
    }
}

/// The error a throwing load raised.
private func loadError(_ body: () throws -> Void) -> LuaError? {
    do { try body(); return nil } catch let e as LuaError { return e } catch { return nil }
}
