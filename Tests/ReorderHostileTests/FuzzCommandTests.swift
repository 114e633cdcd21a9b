import Foundation
import ReorderCLI
import ReorderCore
import ReorderTrace
import ReorderFuzz
import ReorderLua
import Testing

/// `reorder fuzz` on users' own policies, run in-process with a buffered console.
@Suite("reorder fuzz")
struct FuzzCommandTests {
    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-fuzz-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Locks items, but its target hook does not skip them: under exchange semantics a locked
    /// item can be swapped away, which `--strict-locks` reports.
    static let leaky = """
        return {
          name = "leaky", extends = "jx_movable", api = 1,
          can_move = function(ctx, section, row)
            local item = ctx.item(section, row)
            return not (type(item) == "table" and (item.locked or item.finished))
          end,
          target = function(ctx, from_s, from_r, to_s, to_r) return to_s, to_r end,
        }
        """

    @Test func aCorrectPolicyPasses() throws {
        let out = OutputBuffer()
        let status = FuzzCommand.run(policy: "uikit", options: FuzzOptions(runs: 20, seed: 3), out: nil,
                                     console: .buffered(output: out))
        #expect(status == 0, "\(out.text)")
        #expect(out.text.hasPrefix("20 runs, "))
        #expect(out.text.hasSuffix(": no violation (seed 3)\n"), "\(out.text)")
    }

    @Test func aViolationIsShrunkWrittenAndReplayable() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.leaky.write(to: dir.appendingPathComponent("leaky.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let console = Console.buffered(output: out, currentDirectory: dir.path)
        let status = FuzzCommand.run(policy: "leaky.lua", options: FuzzOptions(runs: 300, seed: 11, strictLocks: true),
                                     out: nil, console: console)
        #expect(status == 1)
        let text = out.text
        #expect(text.contains("VIOLATION in run"), "\(text)")
        #expect(text.contains("lock after input"), "\(text)")
        let tracePath = try #require(text.split(separator: "\n").first { $0.hasPrefix("  trace: ") }
            .map { String($0.dropFirst("  trace: ".count).prefix { $0 != " " }) })
        #expect(text.contains("  replay: reorder replay \(tracePath) --policy leaky.lua\n"), "\(text)")
        // One 1-based numbering. The run the message names is the run in the
        // trace's file name, and positions and item ids read 1-based (`s1r2 left 1.2`).
        let run = try #require(text.firstMatch(of: /VIOLATION in run (\d+)/)?.1)
        #expect(tracePath.hasSuffix("fuzz-leaky-11-\(run).jsonl"), "\(tracePath)")
        let violation = try #require(text.split(separator: "\n").first { $0.contains("locked item") })
        #expect(violation.firstMatch(of: /locked item s[1-9]\d*r[1-9]\d* (left|was exchanged from|was lifted at) [1-9]\d*\.[1-9]\d*/) != nil,
                "\(violation)")

        // The file is a valid trace with a session line; replaying it shows the violation again.
        let trace = try TraceCodec.decode(try String(contentsOfFile: tracePath, encoding: .utf8))
        #expect(trace.header?.policy == "leaky.lua")
        #expect(trace.inputs.count <= 12)
        let scenario = try #require(FuzzCommand.scenario(of: trace))
        let path = dir.appendingPathComponent("leaky.lua").path
        let again = Fuzzer.check(scenario: scenario, trace: trace.inputs, policy: try LuaPolicy(path: path),
                                 probe: try LuaPolicy(path: path), strictLocks: true)
        #expect(again.violation?.invariant == .lock)
        // The `replay` command reads it.
        let replayOut = OutputBuffer()
        #expect(Replayer.run(tracePath: tracePath, policy: "leaky.lua", json: false,
                             console: .buffered(output: replayOut, currentDirectory: dir.path)) == 0, "\(replayOut.text)")
    }

    /// A policy that calls `:sub` on a table item fails on the board. A run that went on after
    /// the switch-off would fuzz `default` and report "no violation": the first failure is the
    /// violation, with its file and line, and the trace that reproduces it;
    /// `--allow-hook-errors` reports the failures as notes and goes on.
    @Test func aFailingHookFailsTheRun() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            local function pinned(ctx, section, row)
              return ctx.item(section, row):sub(1, 1) == "!"
            end
            return { name = "pinned", extends = "default", api = 1,
                     can_move = function(ctx, section, row) return not pinned(ctx, section, row) end }
            """.write(to: dir.appendingPathComponent("pinned.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let console = Console.buffered(output: out, currentDirectory: dir.path)
        let status = FuzzCommand.run(policy: "pinned.lua", options: FuzzOptions(runs: 50, seed: 7), out: nil, console: console)
        #expect(status == 1)
        #expect(out.text.contains("VIOLATION in run"), "\(out.text)")
        #expect(out.text.contains(": pinned.lua:2: can_move: attempt to call a nil value (method 'sub')\n"), "\(out.text)")
        #expect(out.text.contains("hook_error after input"), "\(out.text)")
        let tracePath = try #require(out.text.split(separator: "\n").first { $0.hasPrefix("  trace: ") }
            .map { String($0.dropFirst("  trace: ".count).prefix { $0 != " " }) })
        // The trace reproduces it: replayed under the fuzzer's checks, the same hook fails.
        let trace = try TraceCodec.decode(try String(contentsOfFile: tracePath, encoding: .utf8))
        let scenario = try #require(FuzzCommand.scenario(of: trace))
        let path = dir.appendingPathComponent("pinned.lua").path
        let again = Fuzzer.check(scenario: scenario, trace: trace.inputs, policy: try LuaPolicy(path: path),
                                 probe: try LuaPolicy(path: path), strictLocks: false)
        #expect(again.violation?.invariant == .hookError)
        #expect(again.violation?.message.hasPrefix("pinned.lua:2: can_move: ") == true)
        // `reorder replay` of the reproduction shows the failure, and exits with 1.
        let replayOut = OutputBuffer(), replayErrors = OutputBuffer()
        let replayStatus = Replayer.run(tracePath: tracePath, policy: "pinned.lua", json: false,
                                        console: .buffered(output: replayOut, errors: replayErrors, currentDirectory: dir.path))
        #expect(replayStatus == 1)
        #expect(replayErrors.text.hasPrefix("[policy pinned] error: pinned.lua:2: can_move: attempt to call a nil value (method 'sub')\n"),
                "\(replayErrors.text)")

        let allowed = OutputBuffer()
        let allowedStatus = FuzzCommand.run(policy: "pinned.lua", options: FuzzOptions(runs: 50, seed: 7, allowHookErrors: true),
                                            out: nil, console: .buffered(output: allowed, currentDirectory: dir.path))
        #expect(allowedStatus == 0, "\(allowed.text)")
        #expect(allowed.text.contains("note: the policy reported: pinned.lua:2: can_move: "), "\(allowed.text)")
    }

    @Test func aPolicyThatDoesNotLoadIsAnError() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = OutputBuffer(), errors = OutputBuffer()
        let status = FuzzCommand.run(policy: "missing.lua", options: FuzzOptions(runs: 5, seed: 1), out: nil,
                                     console: .buffered(output: out, errors: errors, currentDirectory: dir.path))
        #expect(status == 1)
        #expect(errors.text.hasPrefix("reorder fuzz: "), "\(errors.text)")
        #expect(errors.text.contains("missing.lua"))
        #expect(out.text.isEmpty)
    }

    /// With --allow-hook-errors, hook errors of a user's policy are not violations, but the user
    /// is told.
    @Test func hookErrorsAreShownAsNotes() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "return { name = \"broken\", api = 1, target = function() error(\"nope\") end }\n"
            .write(to: dir.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let status = FuzzCommand.run(policy: "broken.lua", options: FuzzOptions(runs: 10, seed: 2, allowHookErrors: true), out: nil,
                                     console: .buffered(output: out, currentDirectory: dir.path))
        #expect(status == 0, "\(out.text)")
        #expect(out.text.contains("note: the policy reported: broken.lua:1: target: "), "\(out.text)")
    }
}

extension FuzzCommandTests {
    /// The same policy, done right (its target skips locked rows, and refuses an append to
    /// another section while a locked row follows the dragged one: an exchange with no item is
    /// a move, which shifts those rows; keyboard steps propose such appends), passes
    /// `--strict-locks`.
    @Test func aCorrectLockingPolicyPassesStrictLocks() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            local function movable(ctx, section, row)
              local item = ctx.item(section, row)
              return not (type(item) == "table" and (item.locked or item.finished))
            end
            return {
              name = "tight", extends = "jx_movable", api = 1,
              can_move = movable,
              target = function(ctx, from_s, from_r, to_s, to_r)
                if to_r > ctx.count(to_s) or (to_s ~= from_s and to_r == ctx.count(to_s) + 1) then
                  for r = from_r + 1, ctx.count(from_s) do
                    if not movable(ctx, from_s, r) then return nil end
                  end
                end
                if movable(ctx, to_s, to_r) then return to_s, to_r end
              end,
            }
            """.write(to: dir.appendingPathComponent("tight.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let status = FuzzCommand.run(policy: "tight.lua", options: FuzzOptions(runs: 300, seed: 11, strictLocks: true),
                                     out: nil, console: .buffered(output: out, currentDirectory: dir.path))
        #expect(status == 0, "\(out.text)")
        #expect(out.text.hasSuffix(": no violation (seed 11)\n"), "\(out.text)")
    }
}
