import Foundation
import ReorderCore
import ReorderLua
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// A policy's diagnostics (load warnings, hook failures, the switch-off) are shown by every
/// command the same way: one line each on standard error (`PolicyDiagnostic.line(policy:)`),
/// and as a `diagnostics` array in `--json` output. A command whose output would be the
/// fallback's rather than the policy's fails: `replay` and `render` exit with 1, `bench`
/// refuses to measure a policy that was switched off.
@Suite struct PolicyDiagnosticsTests {
    /// Three rows; a press on "a" (y 22 of 44 pt rows) held past default's 0.5 s, then lifted:
    /// the lift asks `can_move` at t 0.5.
    static let trace = """
        {"type":"session","policy":"default","layout":"table","sections":[["a","b","c"]],"row_height":44.0,"header_height":0.0,"viewport":{"width":375.0,"height":667.0},"frame_rate":60.0,"offset":{"x":0.0,"y":0.0}}
        {"t":0.0,"type":"down","x":100,"y":22}
        {"t":0.5,"type":"frame"}
        {"t":0.6,"type":"up"}

        """
    /// `can_move` fails on line 3.
    static let bad = """
        return {
          can_move = function(ctx, s, r)
            error("no moves today")
          end,
        }

        """
    /// A misspelt field: a load warning only.
    static let typo = """
        return {
          min_press_durration = 0.3,
        }

        """
    static let badLine = "[policy bad] error: bad.lua:3: can_move: no moves today\n"
    static let typoLine = "[policy typo] warning: typo.lua:2: unknown field 'min_press_durration' (did you mean 'min_press_duration'?)\n"

    func directory() throws -> URL {
        try temporaryDirectory(prefix: "diagnostics", files: ["drag.jsonl": Self.trace, "bad.lua": Self.bad, "typo.lua": Self.typo])
    }

    func replay(_ policy: String, json: Bool = false) throws -> (status: Int32, out: String, err: String) {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = OutputBuffer(), err = OutputBuffer()
        let status = Replayer.run(tracePath: "drag.jsonl", policy: policy, json: json,
                                  console: .buffered(output: out, errors: err, currentDirectory: dir.path))
        return (status, out.text, err.text)
    }

    /// The hook's failure is on standard error and the status is 1; the report names the policy
    /// that was asked (its lift refused: `can_move`'s fallback is false).
    @Test func replayShowsAFailedHookAndExitsOne() throws {
        let r = try replay("bad.lua")
        #expect(r.err == Self.badLine)
        #expect(r.out == """
            policy bad, 3 inputs, t 0.6 s, state idle
            items:
              1: a, b, c
            offset: 0, 0
            events:
              refuse 1.1 at 0.5

            """)
        #expect(r.status == 1)
    }

    @Test func replayJSONCarriesTheDiagnostics() throws {
        let r = try replay("bad.lua", json: true)
        #expect(r.status == 1)
        #expect(r.err == Self.badLine)
        #expect(r.out.hasSuffix(#""diagnostics":[{"policy":"bad","kind":"error","message":"bad.lua:3: can_move: no moves today","file":"bad.lua","line":3,"hook":"can_move","text":"[policy bad] error: bad.lua:3: can_move: no moves today"}]}"# + "\n"))
        let clean = try replay("default", json: true)
        #expect(clean.status == 0)
        #expect(clean.out.hasSuffix(#""diagnostics":[]}"# + "\n"))
    }

    /// A load warning is shown, and is no failure: the replay is the policy's own.
    @Test func replayShowsLoadWarningsAndExitsZero() throws {
        let r = try replay("typo.lua")
        #expect(r.err == Self.typoLine)
        #expect(r.out.hasPrefix("policy typo, 3 inputs, "))
        #expect(r.status == 0)
    }

    @Test func renderShowsAFailedHookAndExitsOne() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = OutputBuffer(), err = OutputBuffer()
        let status = Plotter.render(tracePath: "drag.jsonl", policy: "bad.lua", out: "drag.svg",
                                    console: .buffered(output: out, errors: err, currentDirectory: dir.path))
        #expect(err.text == Self.badLine)
        // The drawing spans the first and last frame or event (DragTimeline.timeRange): the
        // press at 0 to its refusal at 0.5; the lift at 0.6 ends no drag.
        #expect(out.text == "wrote drag.svg: 0 moves over 0.5 s, policy bad\n")
        #expect(status == 1)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("drag.svg").path))
    }

    static let bench: BenchOptions = {
        var o = BenchOptions(rows: 200, frameRate: 60, drags: 1, policyBenchmark: .quick)
        o.keyboardRows = 0
        return o
    }()

    func bench(_ policy: String, files: [String: String], json: Bool) throws -> (status: Int32, out: String, err: String) {
        let dir = try temporaryDirectory(prefix: "diagnostics", files: files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = OutputBuffer(), err = OutputBuffer()
        let status = BenchCommand.run(policy: policy, options: Self.bench, json: json,
                                      console: .buffered(output: out, errors: err, currentDirectory: dir.path),
                                      clock: SteppingClock(step: 100).read)
        return (status, out.text, err.text)
    }

    /// `bench` measures a policy with a load warning, and says so, on standard error and in
    /// its JSON.
    @Test func benchShowsLoadWarnings() throws {
        let r = try bench("typo.lua", files: ["typo.lua": Self.typo], json: true)
        #expect(r.status == 0)
        #expect(r.err == Self.typoLine)
        #expect(r.out.hasSuffix(#""diagnostics":[{"policy":"typo","kind":"warning","message":"typo.lua:2: unknown field 'min_press_durration' (did you mean 'min_press_duration'?)","file":"typo.lua","line":2,"text":"[policy typo] warning: typo.lua:2: unknown field 'min_press_durration' (did you mean 'min_press_duration'?)"}]}"# + "\n"))
    }

    /// A speed hook that fails every scrolling frame switches the policy off in the first
    /// drag (3 failures in a row): the figures would be `default`'s, so none are printed.
    @Test func benchRefusesAPolicySwitchedOff() throws {
        let slow = """
            return { name = "slow", extends = "default",
                     edge_scroll = { speed = function(ctx, depth) error("too fast") end } }

            """
        let r = try bench("slow.lua", files: ["slow.lua": slow], json: false)
        #expect(r.status == 1)
        #expect(r.out == "")
        #expect(r.err == """
            [policy slow] error: slow.lua:2: speed: too fast
            [policy slow] disabled: slow.lua: policy 'slow' switched off after 3 consecutive failures; using default for the rest of this session
            reorder bench: policy 'slow' was switched off during the drags; the figures would be default's: not measured

            """)
    }
    /// docs/REFERENCE.md, "Policy diagnostics", shows each kind as the commands print it: the
    /// lines of its example are those of a misspelt field, a failing hook three times in a
    /// row, and a `print`.
    @Test func theReferenceShowsTheLinesAsPrinted() throws {
        let printing = """
            return {
              on_begin = function(ctx, s, r) print("lifted " .. r) end,
            }

            """
        let dir = try temporaryDirectory(prefix: "diagnostics", files: ["typo.lua": Self.typo, "bad.lua": Self.bad,
                                                                         "mine.lua": printing])
        defer { try? FileManager.default.removeItem(at: dir) }
        func lines(_ name: String, _ use: (LuaPolicy, PolicyContext) -> Void) throws -> [String] {
            let policy = try LuaPolicy(path: dir.appendingPathComponent(name).path)
            let ctx = PolicyContext(order: Order(sections: [["a", "b", "c"].map(Item.init)]), viewport: Size(width: 375, height: 667),
                                    content: Size(width: 375, height: 132), offset: .zero, itemSize: Size(width: 375, height: 44),
                                    frameRate: 60, time: 0, dragTime: 0)
            use(policy, ctx)
            return policy.drainDiagnostics().map { $0.line(policy: PolicyDiagnostic.label(of: policy)) }
        }
        let a = ItemPosition(section: 0, item: 1)
        let printed = try lines("typo.lua") { _, _ in }
            + lines("bad.lua") { p, ctx in for _ in 1...LuaPolicy.failureLimit { _ = p.canMove(ctx, at: a) } }
            + lines("mine.lua") { p, ctx in p.onBegin(ctx, at: a) }
        let text = try DocBlocks.text("docs/REFERENCE.md")
        let section = try #require(text.range(of: "### Policy diagnostics\n"))
        let block = try #require(DocBlocks.blocks(String(text[section.upperBound...])).first)
        #expect(block.lines == printed)
        #expect(printed.count == 4)
    }
}
