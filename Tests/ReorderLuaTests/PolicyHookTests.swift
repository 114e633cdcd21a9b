import Foundation
import Testing
import ReorderCore
@testable import ReorderLua

@Suite struct PolicyHookTests {
    let files: PolicyFiles
    init() throws { files = try PolicyFiles() }

    func policy(_ name: String, _ source: String) throws -> LuaPolicy {
        try LuaPolicy(path: try files.write(name, source))
    }

    let p00 = ItemPosition(section: 0, item: 0)
    let p02 = ItemPosition(section: 0, item: 2)

    @Test func positionsAreOneBasedBothWays() throws {
        let p = try policy("pos.lua", """
            return {
              can_move = function(ctx, s, r) return s == 1 and r == 3 end,
              target = function(ctx, fs, fr, ts, tr) return ts + 1, 1 end,
            }
            """)
        let ctx = makeContext()
        #expect(p.canMove(ctx, at: p02) == true)
        #expect(p.canMove(ctx, at: p00) == false)
        #expect(p.target(ctx, from: p00, proposed: p02) == ItemPosition(section: 1, item: 0))
        #expect(p.drainDiagnostics() == [])
    }

    @Test func ctxDescribesTheSession() throws {
        let p = try policy("ctx.lua", """
            local seen
            return {
              can_move = function(ctx, s, r)
                local item = ctx.item(s, r)
                seen = table.concat({ type(item), tostring(type(item) == "table" and item.id or item),
                  tostring(type(item) == "table" and item.finished), ctx.count(s), ctx.count(9), ctx.sections(),
                  ctx.viewport.width, ctx.viewport.height, ctx.content.height, ctx.offset.y,
                  ctx.item_size.height, ctx.frame_rate, ctx.time, ctx.drag_time,
                  tostring(ctx.item(1, 99)), tostring(ctx.item(1, 1) == ctx.item(1, 1)) }, " ")
                return true
              end,
              on_move = function(ctx) print(seen) end,
            }
            """)
        let items = [[Item("a"), Item(id: "mail", title: "Mail", fields: ["finished": .bool(true)])], [Item("c")]]
        let ctx = makeContext(frameRate: 120, time: 3.5, dragTime: 1.25, items: items)
        #expect(p.canMove(ctx, at: ItemPosition(section: 0, item: 1)))
        p.onMove(ctx, from: p00, to: p00)
        #expect(p.drainDiagnostics().map(\.message) ==
                ["table mail true 2 0 2 375.0 667.0 2000.0 100.0 44.0 120.0 3.5 1.25 nil true"])
        #expect(p.canMove(ctx, at: p00))
        p.onMove(ctx, from: p00, to: p00)
        #expect(p.drainDiagnostics().map(\.message).first?.hasPrefix("string a false 2 0 2") == true)
    }

    /// ctx's numbers are refreshed lazily (only a hook that reads them pays): every read must
    /// still see the current call's numbers, through a sub-table kept from an earlier call,
    /// through pairs(), and after calls that read nothing.
    @Test func ctxNumbersAreCurrentInEveryCallHoweverTheyAreRead() throws {
        let p = try policy("lazy.lua", """
            local offset, viewport
            local function fields(t)
              local keys = {}
              for k, v in pairs(t) do if type(v) == "number" then keys[#keys + 1] = k .. "=" .. v end end
              table.sort(keys)
              return table.concat(keys, ",")
            end
            return {
              can_move = function(ctx, s, r)
                offset = offset or ctx.offset
                viewport = viewport or ctx.viewport
                print(offset.y, viewport.height, ctx.time, ctx.drag_time, ctx.frame_rate)
                return true
              end,
              on_move = function(ctx) print(fields(ctx), fields(offset)) end,
              semantics = function() return "move" end,
            }
            """)
        var ctx = makeContext(time: 1, dragTime: 0.5)
        _ = p.canMove(ctx, at: p00)
        // Calls that read nothing while the numbers change.
        for i in 1...3 {
            ctx.time = 1 + Double(i); ctx.offset.y = 100 + Double(i)
            _ = p.semantics(ctx, from: p00, to: p02)
        }
        ctx.dragTime = 2.5; ctx.viewport.height = 500
        _ = p.canMove(ctx, at: p00)                       // cached offset and viewport tables
        ctx.offset.y = 7; ctx.time = 9
        p.onMove(ctx, from: p00, to: p02)                 // pairs() of stale proxies
        ctx.frameRate = 120
        _ = p.canMove(ctx, at: p00)
        #expect(p.drainDiagnostics().map(\.message) == [
            "100.0\t667.0\t1.0\t0.5\t60.0",
            "103.0\t500.0\t4.0\t2.5\t60.0",
            "drag_time=2.5,dt=0.016666666666667,frame_rate=60.0,time=9.0\tx=0.0,y=7.0",
            "7.0\t500.0\t9.0\t2.5\t120.0",
        ])
    }

    /// `ctx.dt` is a plain field (written when it changes, read without a call into C): it is
    /// current in every call, whether ctx's clock is stale or not, reading it is not a clock
    /// read (a still hold keeps skipping frames), and a clock read after it in the same call is
    /// still counted once.
    @Test func ctxDtIsCurrentAndIsNotAClockRead() throws {
        let p = try policy("dt.lua", """
            return {
              can_move = function(ctx) print("dt", ctx.dt) return true end,
              semantics = function(ctx) print("dt+time", ctx.dt, ctx.time, ctx.time) return "move" end,
              on_move = function(ctx) ctx.dt = 1 end,
            }
            """)
        var ctx = makeContext(time: 1)                                  // dt = 1 / 60
        _ = p.canMove(ctx, at: p00)
        ctx.time = 2
        _ = p.canMove(ctx, at: p00)
        #expect(p.clockReads == 0)                                      // two dt reads, no clock read
        ctx.time = 3
        _ = p.semantics(ctx, from: p00, to: p02)                        // dt, then the clock twice
        #expect(p.clockReads == 1)
        _ = p.semantics(ctx, from: p00, to: p02)                        // same time: nothing new
        #expect(p.clockReads == 1)
        ctx.dt = 1.0 / 30                                               // the clock is current here
        _ = p.canMove(ctx, at: p00)
        ctx.dt = 1.0 / 120; ctx.time = 4                                // and stale here
        _ = p.canMove(ctx, at: p00)
        #expect(p.clockReads == 1)
        p.onMove(ctx, from: p00, to: p02)
        #expect(p.drainDiagnostics().map(\.message) == [
            "dt\t0.016666666666667", "dt\t0.016666666666667",
            "dt+time\t0.016666666666667\t3.0\t3.0", "dt+time\t0.016666666666667\t3.0\t3.0",
            "dt\t0.033333333333333", "dt\t0.0083333333333333",
            "dt.lua:4: on_move: attempt to modify the read-only ctx",
        ])
    }

    /// `ctx.over_since` (nil or the drag time the finger came over the viewport) and
    /// `ctx.outside` (a boolean) are current in every call, stale clock or not, through
    /// pairs() too, and reading them is not a clock read.
    @Test func ctxOverSinceAndOutsideAreCurrentAndAreNotClockReads() throws {
        let p = try policy("over.lua", """
            return {
              can_move = function(ctx) print(tostring(ctx.over_since), tostring(ctx.outside)) return true end,
              semantics = function(ctx)
                local t = ctx.time   -- a clock read: ctx's table is brought up to date
                print(t, tostring(ctx.over_since), tostring(ctx.outside))
                local keys = {}
                for k, v in pairs(ctx) do if k == "over_since" or k == "outside" then keys[#keys + 1] = k .. "=" .. tostring(v) end end
                table.sort(keys)
                print(table.concat(keys, ","))
                return "move"
              end,
            }
            """)
        var ctx = makeContext(time: 1)
        _ = p.canMove(ctx, at: p00)                                     // not in a drag: nil, false
        ctx.time = 2; ctx.overSince = 0.25
        _ = p.canMove(ctx, at: p00)
        ctx.overSince = nil; ctx.outside = true
        _ = p.canMove(ctx, at: p00)
        #expect(p.clockReads == 0)
        ctx.time = 3
        _ = p.semantics(ctx, from: p00, to: p02)
        ctx.time = 4; ctx.overSince = 1.5; ctx.outside = false
        _ = p.semantics(ctx, from: p00, to: p02)
        #expect(p.clockReads == 2)
        #expect(p.drainDiagnostics().map(\.message) == [
            "nil\tfalse", "0.25\tfalse", "nil\ttrue",
            "3.0\tnil\ttrue", "outside=true",
            "4.0\t1.5\tfalse", "outside=false,over_since=1.5",
        ])
    }

    @Test func ctxAndItemsAreReadOnlyAndStateIsPerDrag() throws {
        let p = try policy("ro.lua", """
            return {
              can_move = function(ctx, s, r) ctx.viewport = {} return true end,
              target = function(ctx, fs, fr, ts, tr) local it = ctx.item(2, 1); it.title = "x" return ts, tr end,
              on_begin = function(ctx) print(tostring(ctx.state.n)) ctx.state.n = (ctx.state.n or 0) + 1 end,
              on_move = function(ctx) ctx.state.n = ctx.state.n + 1 print(ctx.state.n) end,
            }
            """)
        let ctx = makeContext(items: [[Item("a")], [Item(id: "t", title: "T", fields: [:])]])
        #expect(p.canMove(ctx, at: p00) == false)
        #expect(p.target(ctx, from: p00, proposed: p00) == nil)
        let d = p.drainDiagnostics()
        #expect(d.map(\.message) == ["ro.lua:2: can_move: attempt to modify the read-only ctx",
                                     "ro.lua:3: target: attempt to modify the read-only item"])
        p.onBegin(ctx, at: p00); p.onMove(ctx, from: p00, to: p00)
        _ = p.onEnd(ctx, from: p00, to: p00)
        p.onBegin(ctx, at: p00)
        #expect(p.drainDiagnostics().map(\.message) == ["nil", "2", "nil"])
    }

    @Test func hookErrorsAreReportedOnceWithFileLineAndTraceback() throws {
        let p = try policy("err.lua", """
            return {
              can_move = function(ctx, s, r)
                error("boom")
              end,
            }
            """)
        let ctx = makeContext()
        #expect(p.canMove(ctx, at: p00) == false)
        #expect(p.canMove(ctx, at: p00) == false)
        let d = p.drainDiagnostics()
        #expect(d.count == 1)
        let first = try #require(d.first)
        #expect(first.kind == .hookError)
        #expect(first.message == "err.lua:3: can_move: boom")
        #expect(first.file == "err.lua")
        #expect(first.line == 3)
        #expect(first.hook == "can_move")
        #expect(first.traceback?.contains("err.lua:3: in function") == true)
    }

    @Test func fallbacksForEveryHook() throws {
        let p = try policy("bad.lua", """
            return {
              can_move = function() return "yes" end,
              target = function() return 1.5, 1 end,
              semantics = function() return "swap" end,
              on_end = function() return 0 end,
              on_cancel = function() return "undo" end,
              on_move = function() end,
              edge_scroll = {
                zone = function() return 0/0 end,
                speed = function() error({}) end,
              },
            }
            """)
        let ctx = makeContext()
        // A successful hook (on_move) between failures keeps the policy on.
        let ok = { p.onMove(ctx, from: self.p00, to: self.p02) }
        #expect(p.canMove(ctx, at: p00) == false); ok()
        #expect(p.target(ctx, from: p00, proposed: p02) == nil); ok()
        #expect(p.semantics(ctx, from: p00, to: p02) == .move); ok()
        #expect(p.onEnd(ctx, from: p00, to: p02) == true); ok()
        #expect(p.onCancel(ctx) == .revert); ok()
        #expect(p.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 0); ok()
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 10, zone: 100, elapsed: 1) == 0); ok()
        #expect(!p.isDisabled)
        let messages = p.drainDiagnostics().filter { $0.kind == .hookError }.map(\.message)
        #expect(messages == [
            "bad.lua:2: can_move: expected a boolean, got string \"yes\"",
            "bad.lua:3: target: expected two integers (section, row) or nil, got number 1.5, number 1",
            "bad.lua:4: semantics: expected \"move\" or \"exchange\", got string \"swap\"",
            "bad.lua:5: on_end: expected a boolean, got number 0",
            "bad.lua:6: on_cancel: expected \"revert\" or \"commit\", got string \"undo\"",
            "bad.lua:9: zone: expected a finite number >= 0, got number nan",
            "bad.lua:10: speed: (error object is a table value)",
        ])
    }

    @Test func threeConsecutiveFailuresSwitchThePolicyOff() throws {
        let p = try policy("flaky.lua", """
            return {
              min_press_duration = 2,
              can_move = function(ctx, s, r) return nil end,
            }
            """)
        let ctx = makeContext()
        #expect(p.canMove(ctx, at: p00) == false)   // nil: a type error
        #expect(p.canMove(ctx, at: p00) == false)
        #expect(!p.isDisabled)
        #expect(p.canMove(ctx, at: p00) == false)
        #expect(p.isDisabled)
        // Now the native default answers: everything can move, default's static fields.
        #expect(p.canMove(ctx, at: p00) == true)
        #expect(p.configuration.minPressDuration == 0.5)
        let d = p.drainDiagnostics()
        #expect(d.map(\.kind) == [.hookError, .disabled])
        #expect(d.last?.message == "flaky.lua: policy 'flaky' switched off after 3 consecutive failures; using default for the rest of this session")
    }

    @Test func aSuccessResetsTheFailureCount() throws {
        let p = try policy("sometimes.lua", "return { can_move = function(ctx, s, r) if r == 1 then error('no') end return true end }")
        let ctx = makeContext()
        for _ in 0..<5 {
            #expect(p.canMove(ctx, at: p00) == false)
            #expect(p.canMove(ctx, at: p00) == false)
            #expect(p.canMove(ctx, at: p02) == true)
        }
        #expect(!p.isDisabled)
        #expect(p.drainDiagnostics().count == 1)
    }

    @Test func runawayAndMemoryBombHooksAreStoppedAndThePolicyKeepsWorking() throws {
        let p = try policy("hostile.lua", """
            return {
              can_move = function(ctx, s, r)
                if r == 1 then while true do end end
                if r == 2 then local t = {} local i = 0 while true do i = i + 1 t[i] = {i} end end
                return true
              end,
            }
            """)
        let ctx = makeContext()
        let clock = ContinuousClock()
        let started = clock.now
        #expect(p.canMove(ctx, at: p00) == false)
        let elapsed = clock.now - started
        #expect(p.canMove(ctx, at: ItemPosition(section: 0, item: 1)) == false)
        #expect(p.canMove(ctx, at: p02) == true)
        #expect(p.vm.memoryPeak <= LuaVM.Options.policy.memoryLimit)
        let d = p.drainDiagnostics()
        #expect(d.map(\.message) == ["hostile.lua:3: can_move: instruction budget exceeded (1000000 instructions)"])
        print("runaway hook stopped after \(elapsed)")
    }

    @Test func speedsAreClampedAndTargetsValidated() throws {
        let p = try policy("clamp.lua", """
            local v
            return {
              target = function(ctx, fs, fr, ts, tr) return v[1], v[2] end,
              on_move = function(ctx, a, b, c, d) v = { a, b } end,
              edge_scroll = { speed = function(ctx, depth) return depth == 1 and 0/0 or depth == 2 and -5
                                                           or depth == 3 and math.huge or depth end },
            }
            """)
        let ctx = makeContext()
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 1, zone: 10, elapsed: 0) == 0)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 2, zone: 10, elapsed: 0) == 0)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 3, zone: 10, elapsed: 0) == LuaPolicy.maximumSpeed)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 7, zone: 10, elapsed: 0) == 7)
        func target(_ s: Int, _ r: Int) -> ItemPosition? {
            p.onMove(ctx, from: ItemPosition(section: s - 1, item: r - 1), to: p00)
            return p.target(ctx, from: p00, proposed: p02)
        }
        #expect(target(1, 4) == ItemPosition(section: 0, item: 3))
        #expect(target(2, 3) == ItemPosition(section: 1, item: 2))   // one past the end of another section
        #expect(target(1, 5) == nil)                                   // past the end of its own section
        #expect(target(0, 1) == nil)
        #expect(target(1, 4) == ItemPosition(section: 0, item: 3))   // a success: not 3 in a row
        #expect(target(3, 1) == nil)
        #expect(!p.isDisabled)
        // The NaN speed (depth 1) is reported once, at the line defining the
        // hook; the -5 that follows is not reported again; neither counts as a failure.
        #expect(p.drainDiagnostics().map(\.message) == [
            "clamp.lua:5: speed: returned nan; a speed must be a number >= 0 (taken as 0)",
            "clamp.lua:3: target: target 1, 5 is out of range (2 sections)",
        ])
    }

    @Test func hotPathCreatesNoLuaTables() throws {
        let p = try LuaPolicy(named: "jx_movable")
        var ctx = makeContext()
        // Warm up (the first calls grow Lua's call-info list once), then count bytes over 10,000
        // rounds of the per-frame hooks: not one allocation.
        for i in 0..<100 {
            ctx.time = Double(i) / 60
            _ = p.canMove(ctx, at: p00)
            _ = p.target(ctx, from: p00, proposed: p02)
            _ = p.semantics(ctx, from: p00, to: p02)
            _ = p.scrollSpeed(ctx, axis: .vertical, depth: 10, zone: 150, elapsed: 0)
        }
        let before = p.vm.memoryUsed
        for i in 0..<10_000 {
            ctx.time = Double(i) / 60
            ctx.offset.y = Double(i)
            _ = p.canMove(ctx, at: p00)
            _ = p.target(ctx, from: p00, proposed: p02)
            _ = p.semantics(ctx, from: p00, to: p02)
            _ = p.scrollSpeed(ctx, axis: .vertical, depth: Double(i % 150), zone: 150, elapsed: 0)
        }
        #expect(p.vm.memoryUsed == before)
    }
}

@Suite struct ReloadTests {
    @Test func reloadPicksUpChangesAndAFailedReloadKeepsTheOldPolicy() throws {
        let files = try PolicyFiles()
        let path = try files.write("live.lua", "return { min_press_duration = 0.2 }")
        let p = try LuaPolicy(path: path)
        #expect(p.configuration.minPressDuration == 0.2)
        try files.write("live.lua", "return { min_press_duration = 0.7, can_move = function() return false end }")
        try p.reload()
        #expect(p.configuration.minPressDuration == 0.7)
        #expect(p.canMove(makeContext(), at: ItemPosition(section: 0, item: 0)) == false)
        try files.write("live.lua", "return { min_press_duration = 'soon' }")
        let e = loadError { try p.reload() }
        #expect(e?.description == "live.lua:1: min_press_duration: expected a number, got string \"soon\"")
        #expect(p.configuration.minPressDuration == 0.7)
        #expect(p.drainDiagnostics().map(\.message) ==
                ["reload failed, keeping the loaded policy: live.lua:1: min_press_duration: expected a number, got string \"soon\""])
    }

    @Test func aReloadDuringADragTakesEffectAtTheNextDrag() throws {
        let files = try PolicyFiles()
        let path = try files.write("drag.lua", "return { semantics = 'move' }")
        let p = try LuaPolicy(path: path)
        let ctx = makeContext()
        let a = ItemPosition(section: 0, item: 0), b = ItemPosition(section: 0, item: 1)
        #expect(p.canMove(ctx, at: a))
        p.onBegin(ctx, at: a)
        try files.write("drag.lua", "return { semantics = 'exchange', min_press_duration = 0.9 }")
        try p.reload()
        #expect(p.hasPendingReload)
        #expect(p.semantics(ctx, from: a, to: b) == .move)
        #expect(p.configuration.minPressDuration == 0.5)
        _ = p.onEnd(ctx, from: a, to: b)
        #expect(!p.hasPendingReload)
        #expect(p.semantics(ctx, from: a, to: b) == .exchange)
        #expect(p.configuration.minPressDuration == 0.9)
    }

    @Test func builtInsReloadAndTablesRefuse() throws {
        let p = try LuaPolicy(named: "kanban")
        try p.reload()
        #expect(p.configuration.name == "kanban")
        let vm = try LuaVM(options: .trusted)
        try vm.load("return {}", chunkName: "spec.lua")
        try vm.pcall(nargs: 0, nresults: 1)
        let t = try LuaPolicy(tableAt: -1, in: vm)
        #expect(loadError { try t.reload() }?.message == "a policy given as a table cannot be reloaded")
    }
}

extension PolicyHookTests {
    /// `ctx.section_title(s)`: the title the order gives section `s` (1-based), nil for a section
    /// past the titles given and for one that does not exist; so "rows in Done cannot move" is
    /// written by title.
    @Test func ctxGivesSectionTitles() throws {
        let p = try policy("titles.lua", """
            return {
              can_move = function(ctx, s, r)
                print(ctx.section_title(1), ctx.section_title(2), ctx.section_title(3), ctx.section_title(0), ctx.section_title(9))
                return ctx.section_title(s) ~= "Done"
              end,
              on_move = function(ctx) ctx.section_title("Done") end,
            }
            """)
        var ctx = makeContext(sections: [["a"], ["b"], ["c"]])
        ctx.order.sectionTitles = ["To do", "Done"]
        #expect(p.canMove(ctx, at: p00))
        #expect(!p.canMove(ctx, at: ItemPosition(section: 1, item: 0)))
        #expect(p.canMove(ctx, at: ItemPosition(section: 2, item: 0)))
        #expect(p.drainDiagnostics().map(\.message) == Array(repeating: "To do\tDone\tnil\tnil\tnil", count: 3))
        p.onMove(ctx, from: p00, to: p00)
        #expect(p.drainDiagnostics().map(\.message)
                == ["titles.lua:6: on_move: ctx.section_title: expected a section number, got string"])
    }

    /// A field `ctx` does not have is an error at the line that reads it, naming the field, the
    /// nearest one and the fields there are, the way an unknown policy field is named; the
    /// hook fails with its fallback. Read first in a call (while `ctx`'s numbers are stale, so
    /// the read goes through the refresher) and after a read that brought them up to date (a
    /// plain table miss); in `ctx.viewport` too. `ctx.over_since` (absent while it has no
    /// value) and a key that is not a string still read nil.
    @Test func aMisspeltCtxFieldIsAnError() throws {
        let p = try policy("typo.lua", """
            return {
              can_move = function(ctx, s, r)
                return ctx.section_titel(s) ~= "Done"
              end,
              target = function(ctx, fs, fr, ts, tr)
                local w = ctx.time + ctx.viewport.width
                if ctx.viewport.widht then return nil end
                return ts, tr
              end,
              on_begin = function(ctx) local t = ctx.time; local x = ctx.drag_tim end,
              on_move = function(ctx) print(ctx.over_since, ctx[1], ctx.outside, ctx.time) end,
            }
            """)
        let fields = "content, count, drag_time, dt, frame_rate, item, item_size, node, offset, outside, over_since, "
            + "projection, section_title, sections, state, time, viewport"
        let ctx = makeContext(time: 2)
        #expect(p.canMove(ctx, at: p00) == false)
        #expect(p.target(ctx, from: p00, proposed: p02) == nil)
        p.onBegin(ctx, at: p00)
        p.onMove(ctx, from: p00, to: p00)
        #expect(p.drainDiagnostics().map(\.message) == [
            "typo.lua:3: can_move: unknown field 'ctx.section_titel' (did you mean 'ctx.section_title'?); the fields of ctx: \(fields)",
            "typo.lua:7: target: unknown field 'ctx.viewport.widht' (did you mean 'ctx.viewport.width'?); the fields of ctx.viewport: height, width",
            "typo.lua:10: on_begin: unknown field 'ctx.drag_tim' (did you mean 'ctx.drag_time'?); the fields of ctx: \(fields)",
            "nil\tnil\tfalse\t2.0",
        ])
    }
}
