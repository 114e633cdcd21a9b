import Dispatch
import Foundation
import ReorderCore
import ReorderFuzz
import ReorderLua
import ReorderTestSupport
import Testing

/// Every bad policy of the corpus, loaded and driven through real drags.
///
/// For each file: the host does not crash; the failure is reported once, naming the file, a
/// line and the hook; the documented fallback is what the hook returns; drags driven through a
/// `DragSimulator` keep every invariant after every input (the recorded trace is replayed under
/// the fuzzer's ``InvariantChecker``); a runaway call returns within a bounded time; the VM
/// never holds more than its cap. Figures are printed as `corpus figures:` lines.
@Suite("Hostile corpus", .serialized)
struct CorpusTests {
    static let table: [[Item]] = [(0..<30).map { Item("row \($0)") }]
    static let viewport = Size(width: 375, height: 667)
    /// A failing call may take at most this long (wall time, debug build, a loaded 2-core
    /// machine). The real figures are reported; this bound only catches a host that lets a
    /// runaway go on (the uninterruptible cases ran 0.75 s to 6 s before the sandbox limits).
    /// Scaled in a sanitizer build (0.82 s seen under ASan on a loaded machine).
    static let runawayBound = sanitizerScaled(0.5)
    /// The host lifts the cap while it pushes its own values (ctx fields, error messages), so
    /// that a push outside a protected call can never fail (Lua raises "not enough memory" from
    /// any allocation, and outside a protected call that aborts). Lua code may only use the cap
    /// less a reserve that those pushes draw on, so the VM never exceeds the cap.
    static let hostAllowance = 0

    static func load(_ entry: CorpusEntry) throws(LuaError) -> LuaPolicy {
        try LuaPolicy(path: entry.url.path)
    }

    static func context(_ order: Order = Order(sections: table)) -> PolicyContext {
        PolicyContext(order: order, viewport: viewport, content: Size(width: 375, height: 30 * 44),
                      offset: .zero, itemSize: Size(width: 375, height: 44), frameRate: 60, time: 1, dragTime: 0.5)
    }

    /// Calls `hook` once on `policy` the way the engine does, timing it.
    /// Returns whether the result is the documented fallback, and the seconds the call took.
    static func callOnce(_ hook: String, _ policy: LuaPolicy) -> (fallback: Bool, seconds: Double) {
        let ctx = context()
        let a = ItemPosition(section: 0, item: 0), b = ItemPosition(section: 0, item: 3)
        let start = DispatchTime.now().uptimeNanoseconds
        let isFallback: Bool
        switch hook {
        case "can_move": isFallback = policy.canMove(ctx, at: a) == false
        case "target": isFallback = policy.target(ctx, from: a, proposed: b) == nil
        case "semantics": isFallback = policy.semantics(ctx, from: a, to: b) == .move
        case "zone": isFallback = policy.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 0
        case "speed": isFallback = policy.scrollSpeed(ctx, axis: .vertical, depth: 100, zone: 150, elapsed: 0.5) == 0
        case "on_begin": policy.onBegin(ctx, at: a); isFallback = true
        case "on_move": policy.onMove(ctx, from: a, to: b); isFallback = true
        case "on_end": isFallback = policy.onEnd(ctx, from: a, to: b) == true
        case "on_cancel": isFallback = policy.onCancel(ctx) == .revert
        case "can_select": isFallback = policy.canSelect(ctx, at: a) == false
        case "can_add": isFallback = policy.canAdd(ctx, at: a) == false
        case "can_nest": isFallback = policy.canNest(ctx, item: "row 0", parent: "row 3") == false
        case "combine": isFallback = policy.combine(ctx, from: a, onto: b) == false
        case "instructions": isFallback = policy.instructions(ctx, at: a) == KeyboardTexts.instructions
        case "actions":
            let offered: [KeyboardAction] = [.moveDown, .moveToEnd]
            isFallback = policy.actions(ctx, at: a, offered: offered) == offered
        case "announce":
            // A keyboard lift asks `announce` for its `lift` text; the fallback is the built-in one.
            let sim = DragSimulator(sections: table, viewport: viewport, policy: policy)
            sim.focus(a)
            sim.key(.space)
            isFallback = sim.takeAnnouncements().map(\.speech) == [.builtIn]
        default: isFallback = false
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (isFallback, seconds)
    }

    /// The line where the failing hook is defined (`can_move = function(...)`).
    static func definitionLine(_ entry: CorpusEntry) -> Int? {
        guard let hook = entry.hook else { return nil }
        let lines = entry.source.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.contains("\(hook) = function(") }.map { $0 + 1 }
    }

    /// Records a drag on a fresh simulator with `policy`, then replays its inputs under the
    /// invariant checker with a second fresh instance. Returns the simulator and the violation.
    static func drive(_ hook: String, policy: () throws -> LuaPolicy) throws
        -> (sim: DragSimulator, replay: FuzzViolation?, inputs: Int) {
        let p = try policy()
        let sim = DragSimulator(sections: table, viewport: viewport, policy: p)
        let from = ItemPosition(section: 0, item: 0), to = ItemPosition(section: 0, item: 5)
        switch hook {
        case "can_move":
            for _ in 0..<4 {   // refused until the policy is switched off, then `default` lifts it
                sim.pressItem(from); sim.hold(1.5); sim.release(); sim.settle()
            }
        case "zone", "speed":
            sim.pressItem(ItemPosition(section: 0, item: 10)); sim.hold(1.5)
            sim.move(to: Point(x: 180, y: 660), over: 0.3); sim.hold(1.0)
            sim.move(to: Point(x: 180, y: 5), over: 0.3); sim.hold(1.0)
            sim.release(); sim.settle()
        case "on_cancel":
            sim.pressItem(from); sim.hold(1.5); sim.moveToItem(to, over: 0.5); sim.cancel(); sim.settle()
        default:
            sim.drag(from: from, to: to)
        }
        let trace = sim.inputs
        let scenario = FuzzScenario(sections: table, viewport: viewport)
        // The corpus policies fail on purpose: the host's invariants are checked, not the hooks.
        let replay = Fuzzer.check(scenario: scenario, trace: trace, policy: try policy(), probe: NativePolicies.named("default") ?? DefaultPolicy(),
                                  strictLocks: false, allowHookErrors: true)
        return (sim, replay.violation, trace.count)
    }

    // MARK: - The corpus, file by file

    @Test(arguments: try CorpusEntry.all().filter { !$0.loadFails })
    func badPolicyIsContained(_ entry: CorpusEntry) throws {
        if let path = entry.absentPath { try? FileManager.default.removeItem(atPath: path) }
        let policy: LuaPolicy
        do {
            policy = try Self.load(entry)
        } catch {
            // Only files that allow it may be refused at load, and then with file and line.
            #expect(entry.loadMayFail, "\(entry) failed to load: \(error)")
            #expect(error.file == entry.fileName && error.line != nil, "\(entry): \(error)")
            return
        }
        let hook = try #require(entry.hook)
        _ = policy.drainDiagnostics()

        // 1. One call: the documented fallback, within the time bound, reported once.
        let first = Self.callOnce(hook, policy)
        let diagnostics = policy.drainDiagnostics()
        let errors = diagnostics.filter { $0.kind == .hookError }
        if ["ignored", "none"].contains(entry.kind) {
            #expect(errors.isEmpty, "\(entry): \(errors)")
        } else if entry.diagnosticRequired {
            #expect(first.fallback, "\(entry): \(hook) did not return its fallback")
            let d = try #require(errors.first, "\(entry): no diagnostic (got \(diagnostics))")
            #expect(errors.count == 1)
            #expect(d.file == entry.fileName, "\(entry): file \(d.file ?? "nil")")
            #expect(d.hook == hook, "\(entry): hook \(d.hook ?? "nil")")
            let allowed = Set([entry.faultLine, Self.definitionLine(entry)].compactMap { $0 })
            #expect(d.line.map(allowed.contains) == true, "\(entry): line \(d.line.map(String.init) ?? "nil"), expected one of \(allowed.sorted())")
            #expect(d.message.hasPrefix("\(entry.fileName):\(d.line ?? 0): \(hook): "), "\(entry): \(d.message)")
            CorpusFigures.shared.lineReport(entry.name, exact: d.line == entry.faultLine)
        }
        CorpusFigures.shared.call(entry.name, kind: entry.kind, seconds: first.seconds)
        // The bound is for calls that fail; a policy that legitimately works hard in a hook
        // (print_flood's 20 MB of log) is only measured.
        if !["none", "ignored", "isolation"].contains(entry.kind) {
            #expect(first.seconds < Self.runawayBound, "\(entry): the failing call took \(first.seconds) s")
        }

        // A failure is reported once per hook: a second failing call adds no second message.
        if entry.diagnosticRequired {
            _ = Self.callOnce(hook, policy)
            #expect(policy.drainDiagnostics().filter { $0.kind == .hookError }.isEmpty, "\(entry): reported twice")
            _ = Self.callOnce(hook, policy)
            // Three consecutive failures switch the policy off, and the user is told.
            if ["error", "runaway", "memory", "type", "escape"].contains(entry.kind) {
                #expect(policy.isDisabled, "\(entry): not switched off after 3 failures")
                #expect(policy.drainDiagnostics().contains { $0.kind == .disabled }, "\(entry): no switch-off message")
            }
        }
        CorpusFigures.shared.memory(entry.name, peak: policy.vm.memoryPeak, cap: policy.options.memoryLimit)
        #expect(policy.vm.memoryPeak <= policy.options.memoryLimit + Self.hostAllowance)

        // 2. Real drags on a fresh instance, every input checked.
        let driveStart = DispatchTime.now().uptimeNanoseconds
        let run = try Self.drive(hook) { try Self.load(entry) }
        let driveSeconds = Double(DispatchTime.now().uptimeNanoseconds - driveStart) / 1e9
        CorpusFigures.shared.drove(entry.name, inputs: run.inputs, seconds: driveSeconds)
        // A policy that fails on every frame must be switched off, not slow every frame down.
        #expect(driveSeconds < 20, "\(entry): the drags took \(driveSeconds) s")
        #expect(run.replay == nil, "\(entry): \(run.replay.map(String.init(describing:)) ?? "")")
        #expect(InvariantChecker.violations(of: run.sim.session) == [])
        let ids = run.sim.order.flattened.map(\.id)
        #expect(ids.sorted() == Self.table[0].map(\.id).sorted(), "\(entry): items lost or duplicated")
        if let lua = run.sim.policy as? LuaPolicy {
            #expect(lua.vm.memoryPeak <= lua.options.memoryLimit + Self.hostAllowance)
            CorpusFigures.shared.memory(entry.name, peak: lua.vm.memoryPeak, cap: lua.options.memoryLimit)
        }

        // 3. The fallback, seen from the drag.
        let original = Self.table[0].map(\.id)
        let moved = Array(original[1...5]) + [original[0]] + Array(original[6...])
        switch hook {
        case "can_move" where entry.diagnosticRequired:
            // Refused three times (fallback false), then `default` lifts and drops it.
            let events = run.sim.takeEvents()
            #expect(events.filter { $0.typeName == "refuse" }.count == 3, "\(entry): \(events.map(\.typeName))")
            #expect(events.filter { $0.typeName == "begin" }.count == 1, "\(entry): \(events.map(\.typeName))")
        case "on_end", "on_begin", "on_move", "semantics":
            // on_end falls back to true (kept); semantics to move; on_begin/on_move do not matter.
            #expect(ids == moved, "\(entry): \(ids)")
        case "on_cancel":
            // Fallback revert: the order is back to the original.
            #expect(ids == original, "\(entry): \(ids)")
            #expect(run.sim.takeEvents().contains { if case .cancel(.revert, _) = $0 { return true }; return false })
        default:
            break
        }

        // 4. Side effects that must not happen.
        if let path = entry.absentPath {
            #expect(!FileManager.default.fileExists(atPath: path), "\(entry) created \(path)")
        }
    }

    @Test(arguments: try CorpusEntry.all().filter(\.loadFails))
    func badPolicyIsRefusedAtLoad(_ entry: CorpusEntry) throws {
        if let path = entry.absentPath { try? FileManager.default.removeItem(atPath: path) }
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            _ = try Self.load(entry)
            Issue.record("\(entry) loaded; it must be refused")
        } catch {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            CorpusFigures.shared.call(entry.name, kind: entry.kind, seconds: seconds)
            #expect(seconds < Self.runawayBound, "\(entry): loading took \(seconds) s")
            let text = error.description
            #expect(text.contains(entry.fileName), "\(entry): \(text)")
            if entry.name.hasPrefix("extends_cycle") {
                #expect(text.contains("extends_cycle_a.lua") && text.contains("extends_cycle_b.lua"), "\(text)")
            }
            if ["syntax_error", "load_time_endless_loop", "load_time_escape_io"].contains(entry.name) {
                #expect(error.line == entry.faultLine, "\(entry): \(text)")
            }
        }
        if let path = entry.absentPath {
            #expect(!FileManager.default.fileExists(atPath: path), "\(entry) created \(path)")
        }
    }

    // MARK: - Cross-session and whole-process checks

    /// Globals written by one session's policy are invisible to another session's.
    @Test func globalsDoNotLeakBetweenSessions() throws {
        let entry = try #require(try CorpusEntry.all().first { $0.name == "escape_shared_globals" })
        let a = try Self.load(entry)
        let simA = DragSimulator(sections: Self.table, viewport: Self.viewport, policy: a)
        #expect(simA.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 2)))
        // Session B, a fresh VM from the same file: its first press lifts the item.
        let b = try Self.load(entry)
        let simB = DragSimulator(sections: Self.table, viewport: Self.viewport, policy: b)
        #expect(simB.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 2)))
        // And a built-in policy loaded after both is untouched.
        let jx = try LuaPolicy(named: "default")
        #expect(jx.canMove(Self.context(), at: ItemPosition(section: 0, item: 0)))
    }

    /// A policy that vandalises ctx changes nothing in the host.
    @Test func ctxMutationDoesNotReachTheHost() throws {
        let entry = try #require(try CorpusEntry.all().first { $0.name == "ctx_mutation" })
        let sim = DragSimulator(sections: Self.table, viewport: Self.viewport, policy: try Self.load(entry))
        #expect(sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 3)))
        #expect(sim.order.flattened.map(\.title).sorted() == Self.table[0].map(\.title).sorted())
        #expect(sim.viewport == Self.viewport)
        #expect(InvariantChecker.violations(of: sim.session) == [])
    }

    /// A print flood is capped in the host's log, and the drag still completes.
    @Test func printFloodIsCapped() throws {
        let entry = try #require(try CorpusEntry.all().first { $0.name == "print_flood" })
        let policy = try Self.load(entry)
        let sim = DragSimulator(sections: Self.table, viewport: Self.viewport, policy: policy)
        #expect(sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 3)))
        let prints = policy.drainDiagnostics().filter { $0.kind == .print }
        #expect(prints.count <= LuaPolicy.printLimit)
        #expect(prints.allSatisfy { $0.message.utf8.count <= 1100 })
    }

    /// Huge policy files (generated, not committed): one past the host's size limit, refused
    /// by name before it is read into Lua; one just under it (a long comment, 40,000 table
    /// entries, 2,000 functions), which loads or is refused by the memory cap with its name.
    /// Either way in bounded time, and the process is unharmed.
    @Test(arguments: [2_200_000, 200_000])
    func hugeFile(commentBytes: Int) throws {
        var source = "-- Fault: a policy file of several megabytes.\n"
        source += "-- " + String(repeating: "x", count: commentBytes) + "\n"
        source += "local data = {\n"
        for i in 0..<40_000 { source += "  \"entry number \(i) of a very large table literal\",\n" }
        source += "}\nlocal fns = {}\n"
        for i in 0..<2_000 { source += "fns[\(i)] = function(a, b) return a + b + \(i) end\n" }
        source += "return { name = \"huge_file\", api = 1, can_move = function(ctx, s, r) return #data > 0 end }\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge_file_\(getpid())_\(commentBytes).lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let start = DispatchTime.now().uptimeNanoseconds
        var outcome: String
        do {
            let policy = try LuaPolicy(path: url.path)
            let sim = DragSimulator(sections: Self.table, viewport: Self.viewport, policy: policy)
            #expect(sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 2)))
            #expect(policy.vm.memoryPeak <= policy.options.memoryLimit + Self.hostAllowance)
            CorpusFigures.shared.memory("huge_file", peak: policy.vm.memoryPeak, cap: policy.options.memoryLimit)
            outcome = "loaded and dragged"
        } catch {
            #expect(error.description.contains(url.lastPathComponent), "\(error)")
            outcome = "refused: \(error)"
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print("corpus figures: huge_file of \(source.utf8.count) bytes \(outcome) in \(String(format: "%.3f", seconds)) s")
        #expect(seconds < 30)
    }

    /// The figures the issue asks for, once the corpus has run.
    @Test func figures() throws {
        // How long the budget itself takes to stop `while true do end` (the reference point
        // for "within 10 ms of its budget"), median of 5 runs on a fresh VM each.
        var budgetTimes: [Double] = []
        for _ in 0..<5 {
            let vm = try LuaVM(options: .policy)
            let start = DispatchTime.now().uptimeNanoseconds
            #expect(throws: LuaError.self) { try vm.run("while true do end", chunkName: "budget.lua") }
            budgetTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        budgetTimes.sort()
        print("corpus figures: a 1,000,000-instruction budget stops `while true do end` after \(budgetTimes[2] * 1000) ms (median of 5)")
    }
}

/// Collects the corpus figures and prints them as they come (`corpus figures:` lines).
final class CorpusFigures: Sendable {
    static let shared = CorpusFigures()

    func call(_ name: String, kind: String, seconds: Double) {
        print("corpus figures: \(name) [\(kind)] failing call \(String(format: "%.3f", seconds * 1000)) ms")
    }
    func memory(_ name: String, peak: Int, cap: Int) {
        print("corpus figures: \(name) memory peak \(peak) of cap \(cap) bytes")
    }
    func drove(_ name: String, inputs: Int, seconds: Double) {
        print("corpus figures: \(name) drove \(inputs) inputs in \(String(format: "%.3f", seconds)) s")
    }
    func lineReport(_ name: String, exact: Bool) {
        print("corpus figures: \(name) line \(exact ? "exact" : "of the hook definition")")
    }
}
