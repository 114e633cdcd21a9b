import Foundation
import ReorderCore
import ReorderLua
import ReorderScripting
import Testing

/// The per-frame and per-drag budgets: a policy whose hooks stay just under
/// the per-call budget on every call is switched off within a few frames instead of making
/// every frame of the drag slow.
@Suite("Per-frame and per-drag budgets", .serialized)
struct FrameBudgetTests {
    /// `zone` burns 450,000 iterations of `n = n + i`: 2 VM instructions each (OP_ADD and
    /// OP_FORLOOP; counted with a count hook of 1 under lua5.4: 2,008 for 1,000 iterations),
    /// so 900,000 and a few: 90 % of the 1,000,000 per-call budget, charged 900,000 (the count
    /// hook charges in steps of 1,000).
    static let burner = """
        local function burn()
          local n = 0
          for i = 1, 450000 do n = n + i end
          return n
        end
        return {
          name = "burner", extends = "jx_movable", api = 1,
          edge_scroll = {
            enabled = true, axes = "vertical", reference = "center",
            zone = function(ctx, axis, length) burn() return 150 end,
            speed = function(ctx, depth, zone, elapsed) return depth / zone * 1000 end,
          },
        }
        """
    static let perCall = 900_000
    /// What one zone call may be charged: 900,000 by the count hook, plus what a host that also
    /// charges the rest of a call's last hook interval would add (under 1,000 per call).
    static let perCallRange = 900_000..<901_000

    static let rows: [[Item]] = [(0..<60).map { Item("\($0)") }]
    static let viewport = Size(width: 375, height: 667)

    static func writeBurner() throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-budget-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("burner.lua").path
        try burner.write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    /// The zone hook is charged 900,000 per call and never stopped by the per-call budget.
    @Test func theBurnerStaysUnderThePerCallBudget() throws {
        let (dir, path) = try Self.writeBurner()
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = try LuaPolicy(path: path)
        let before = policy.vm.instructionsCharged
        let zone = policy.edgeZone(context(time: 0), axis: .vertical, viewportLength: 667)
        #expect(zone == 150)
        #expect(Self.perCallRange.contains(policy.vm.instructionsCharged - before), "\(policy.vm.instructionsCharged - before)")
        #expect(policy.vm.budgetStops == 0)
        // Outside a drag only the per-call budget applies: ten calls at one time are fine.
        for _ in 0..<10 { _ = policy.edgeZone(context(time: 0), axis: .vertical, viewportLength: 667) }
        #expect(!policy.isDisabled)
        #expect(policy.drainDiagnostics().isEmpty)
    }

    func context(time: Double) -> PolicyContext {
        PolicyContext(order: Order(sections: Self.rows), viewport: Self.viewport, content: Size(width: 375, height: 60 * 44),
                      offset: .zero, itemSize: Size(width: 375, height: 44), frameRate: 60, time: time, dragTime: 0)
    }

    /// Each dragging frame asks `zone` once (vertical axis only): 900,000 > 500,000, so every
    /// frame is over budget and the third one switches the policy off (3 of the last 10).
    @Test func aHookJustUnderItsBudgetIsSwitchedOffOnTheThirdFrame() throws {
        let (dir, path) = try Self.writeBurner()
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = try LuaPolicy(path: path)
        let sim = DragSimulator(sections: Self.rows, viewport: Self.viewport, policy: policy)
        #expect(sim.pressItem(ItemPosition(section: 0, item: 2)))
        sim.hold(1.0)   // jx_movable: min_press_duration 1.0; the drag begins at the frame at 1.0 s
        #expect(sim.state == .dragging)
        let start = policy.vm.instructionsCharged
        var frames = 0
        while !policy.isDisabled && frames < 100 { sim.tick(); frames += 1 }
        #expect(frames == 3)
        let used = policy.vm.instructionsCharged - start
        #expect(used >= 3 * Self.perCallRange.lowerBound && used < 3 * Self.perCallRange.upperBound, "\(used)")
        let disabled = policy.drainDiagnostics().filter { $0.kind == .disabled }
        #expect(disabled.count == 1)
        let message = try #require(disabled.first).message
        #expect(message.hasPrefix("burner.lua: policy 'burner' switched off: its hooks used more than the per-frame budget "
                                  + "of 500,000 instructions in 3 of the last 10 frames (900,"), "\(message)")
        #expect(message.contains(" in the frame at t = "), "\(message)")
        #expect(message.hasSuffix("s, last hook zone); using default for the rest of this session"), "\(message)")
        #expect(disabled.first?.file == "burner.lua")
        #expect(disabled.first?.hook == "zone")
        // The rest of the drag runs on `default`: no more Lua.
        let after = policy.vm.instructionsCharged
        sim.tick(60)
        #expect(policy.vm.instructionsCharged == after)
        sim.release(); sim.settle()
        #expect(Set(sim.order.flattened.map(\.id)).count == 60 && sim.order.flattened.count == 60)
    }

    /// The same policy through the session API: `s:drag` runs the burner in 3 frames only, then
    /// `default` answers, and the report names the file and the budget.
    @Test func sDragRunsTheBurnerThreeTimesAndTheReportNamesTheFile() throws {
        // The burner, saying each time its zone hook runs (`print` reaches the host's output).
        let counting = Self.burner.replacingOccurrences(of: "burn() return 150", with: "burn() print('zone ran') return 150")
        let (dir, path) = try Self.write("burner.lua", counting)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = OutputLines()
        let host = try ScriptingHost(output: { out.append($0) })
        try host.run("""
            local s = reorder.session{ policy = "\(path)", rows = 60 }
            s:drag(1, 3, 1, 50, 2)
            assert(#s:order() == 60)
            """, chunkName: "budget.lua")
        // One zone call per dragging frame, each charged 900,000 (over the per-frame budget of
        // 500,000): the third makes 3 of the last 10 frames over it, and the policy is switched
        // off. Then `default` answers the rest of the drag's frames (about 10 s of them): no
        // more Lua, so the drag costs 3 burns instead of one per frame.
        #expect(out.text.components(separatedBy: "zone ran").count - 1 == 3, "\(out.text)")
        let text = out.text
        // The host names the policy in use, `default` once switched off; the message names the file.
        #expect(text.contains("] disabled: burner.lua: policy 'burner' switched off: its hooks used more than "
                              + "the per-frame budget of 500,000 instructions in 3 of the last 10 frames"), "\(text)")
    }

    /// With the frame budget off, the per-drag total stops it: 5,000,000 / 900,000 = 5.6, so
    /// the 6th dragging frame (5,400,000) breaks it.
    @Test func thePerDragLimitTriggers() throws {
        let (dir, path) = try Self.writeBurner()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = LuaVM.Options.policy
        options.frameBudget = 0
        options.dragBudget = 5_000_000
        let policy = try LuaPolicy(path: path, options: options)
        let sim = DragSimulator(sections: Self.rows, viewport: Self.viewport, policy: policy)
        #expect(sim.pressItem(ItemPosition(section: 0, item: 2)))
        sim.hold(1.0)
        #expect(sim.state == .dragging)
        var frames = 0
        while !policy.isDisabled && frames < 100 { sim.tick(); frames += 1 }
        #expect(frames == 6)
        let message = try #require(policy.drainDiagnostics().first { $0.kind == .disabled }).message
        // 6 × 900,000 = 5,400,000 (plus under 1,000 per call, see perCallRange).
        #expect(message.hasPrefix("burner.lua: policy 'burner' switched off: its hooks used 5,40"), "\(message)")
        #expect(message.contains(" instructions in this drag, over the per-drag budget of 5,000,000 (last hook zone at t = "),
                "\(message)")
    }

    /// Without both budgets the burner is never switched off: the figures above come from
    /// the budgets, not from something else.
    @Test func withoutTheBudgetsTheBurnerRunsOn() throws {
        let (dir, path) = try Self.writeBurner()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = LuaVM.Options.policy
        options.frameBudget = 0
        options.dragBudget = 0
        let policy = try LuaPolicy(path: path, options: options)
        let sim = DragSimulator(sections: Self.rows, viewport: Self.viewport, policy: policy)
        #expect(sim.pressItem(ItemPosition(section: 0, item: 2)))
        sim.hold(1.0)
        sim.tick(10)
        #expect(!policy.isDisabled)
        sim.release(); sim.settle()
    }

    static func write(_ name: String, _ source: String) throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-budget-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    /// `target` burns 900,000 per call (as above) and `zone` nothing. `target` runs only in
    /// frames where the finger proposes another row. A slow glide (12 rows in 2 s at 60 Hz: a
    /// new row about every 10 frames) has at most 2 heavy frames in any 10 and 12 × 900,000 =
    /// 10.8 M for the drag: it is tolerated. A fast one (the finger at row 13 after 3 frames,
    /// then one step per frame) makes consecutive heavy frames: the third switches it off.
    @Test func aTargetHookBurningEveryFrameIsSwitchedOff() throws {
        let (dir, path) = try Self.write("slow_target.lua", """
            return {
              name = "slow_target", extends = "uikit", api = 1,
              target = function(ctx, from_s, from_r, to_s, to_r)
                local n = 0
                for i = 1, 450000 do n = n + i end
                return to_s, to_r
              end,
            }
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = try LuaPolicy(path: path)
        let sim = DragSimulator(sections: Self.rows, viewport: Self.viewport, policy: policy)
        #expect(sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 12), over: 2))
        #expect(!policy.isDisabled)
        #expect(policy.drainDiagnostics().isEmpty)

        let before = policy.vm.instructionsCharged
        _ = sim.drag(from: ItemPosition(section: 0, item: 12), to: ItemPosition(section: 0, item: 0), over: 0.05)
        #expect(policy.isDisabled)
        // Three heavy frames in a row, then `default` answers: the fast drag charged 3 target
        // calls (perCallRange each, with the few instructions of the other hooks), not the 12
        // a drag of 12 rows would ask without the switch-off.
        let charged = policy.vm.instructionsCharged - before
        #expect(charged >= 3 * Self.perCallRange.lowerBound && charged < 4 * Self.perCall, "\(charged) instructions")
        let message = try #require(policy.drainDiagnostics().first { $0.kind == .disabled }).message
        #expect(message.hasPrefix("slow_target.lua: policy 'slow_target' switched off: its hooks used more than the per-frame "
                                  + "budget of 500,000 instructions in 3 of the last 10 frames"), "\(message)")
        #expect(message.contains("last hook target"), "\(message)")
        #expect(Set(sim.order.flattened.map(\.id)).count == 60 && sim.order.flattened.count == 60)
    }

    /// A hook under the frame budget on every frame still adds up: `zone` burns 220,000
    /// iterations (440,000 instructions, under 500,000) per frame, so the default drag budget
    /// of 50,000,000 breaks at frame 114 (113 × 440,000 = 49,720,000; 114 × 440,000 =
    /// 50,160,000; with up to 1,000 more per call, 113 × 441,000 = 49,833,000 still passes).
    @Test func framesUnderTheFrameBudgetAddUpToTheDragBudget() throws {
        let (dir, path) = try Self.write("steady.lua", Self.burner.replacingOccurrences(of: "450000", with: "220000")
            .replacingOccurrences(of: "\"burner\"", with: "\"steady\""))
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = try LuaPolicy(path: path)
        let sim = DragSimulator(sections: Self.rows, viewport: Self.viewport, policy: policy)
        #expect(sim.pressItem(ItemPosition(section: 0, item: 2)))
        sim.hold(1.0)
        #expect(sim.state == .dragging)
        var frames = 0
        while !policy.isDisabled && frames < 1000 { sim.tick(); frames += 1 }
        #expect(frames == 114)
        let message = try #require(policy.drainDiagnostics().first { $0.kind == .disabled }).message
        #expect(message.hasPrefix("steady.lua: policy 'steady' switched off: its hooks used 50,1"), "\(message)")
        #expect(message.contains("instructions in this drag, over the per-drag budget of 50,000,000"), "\(message)")
    }

    /// A hook over budget in only some frames: 2 of any 10 are tolerated; a new drag starts
    /// with fresh accounts.
    @Test func occasionalHeavyFramesAreTolerated() throws {
        let (dir, path) = try Self.writeBurner()
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = try LuaPolicy(path: path)
        for _ in 0..<3 {
            policy.onBegin(context(time: 0), at: ItemPosition(section: 0, item: 0))
            // Frames 1 and 2 over budget (one zone call each), then cheap frames.
            _ = policy.edgeZone(context(time: 1), axis: .vertical, viewportLength: 667)
            _ = policy.edgeZone(context(time: 2), axis: .vertical, viewportLength: 667)
            for t in 3..<20 { _ = policy.target(context(time: Double(t)), from: ItemPosition(section: 0, item: 0),
                                                proposed: ItemPosition(section: 0, item: 1)) }
            #expect(!policy.isDisabled)
            _ = policy.onEnd(context(time: 20), from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 0))
        }
        #expect(policy.drainDiagnostics().isEmpty)
    }

    /// Every built-in policy through a long drag (60 rows, a slow glide to the far end and
    /// back with edge scrolling, then 60 s held at the edge: 3,600+ frames) keeps running.
    @Test(arguments: ["default", "uikit", "jx_movable", "cookbook", "drag_drop_table", "grid_home", "kanban",
                      "swift_reorder", "rbd_autoscroll", "pragmatic_autoscroll", "android_touch_helper"])
    func aBuiltInPolicyUnderALongDragIsNeverSwitchedOff(name: String) throws {
        let policy = try LuaPolicy(named: name)
        let rows: [[Item]] = [(0..<300).map { Item("\($0)") }]
        let sim = DragSimulator(sections: rows, viewport: Self.viewport, policy: policy)
        #expect(sim.pressItem(ItemPosition(section: 0, item: 1)))
        sim.hold(policy.configuration.minPressDuration + 0.5)
        #expect(sim.state == .dragging, "\(name)")
        sim.move(to: Point(x: 180, y: 660), over: 5)
        sim.hold(60)
        sim.move(to: Point(x: 180, y: 5), over: 5)
        sim.hold(30)
        #expect(!policy.isDisabled, "\(name)")
        sim.release(); sim.settle()
        #expect(policy.drainDiagnostics().filter { $0.kind == .disabled }.isEmpty, "\(name)")
        #expect(Set(sim.order.flattened.map(\.id)).count == 300 && sim.order.flattened.count == 300)
    }
}

/// Output lines collected from a host (single-threaded use).
final class OutputLines: @unchecked Sendable {
    private var lines: [String] = []
    func append(_ s: String) { lines.append(s) }
    var text: String { lines.joined() }
}
