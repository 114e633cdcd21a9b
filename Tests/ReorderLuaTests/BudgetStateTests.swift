import ReorderLua
import Testing

/// The budget's bookkeeping (shim.c, shim_internal.h): "no budget" is a state of its own, not a
/// count that hooks wear down, and every total saturates instead of overflowing.
@Suite("Budget state and saturating charges")
struct BudgetStateTests {
    /// A sandboxed VM without a budget (`instructionBudget: 0`, which `LuaVM.Options` allows).
    static func unbudgeted() throws -> LuaVM {
        try LuaVM(options: LuaVM.Options(sandboxed: true, instructionBudget: 0, memoryLimit: 8 << 20))
    }

    /// `string.pack` is charged for the sizes its format names (sandbox.c rs_pack_bounded): 20,000
    /// repetitions of "c" and a 16-digit size name 2 * 10^20 bytes, a cost past 9 * 10^18
    /// instructions, charged as the largest count there is.
    static let hugeFormat = "string.rep('c9999999999999999', 20000)"

    @Test func aSaturatedChargeDoesNotOverflowTheTotal() throws {
        let vm = try Self.unbudgeted()
        // Lua's own error, once the charge is paid (Lua reads a size of at most 9 digits and
        // takes the rest for options).
        #expect(throws: LuaError.self) { try vm.run("return string.pack(\(Self.hugeFormat), '')") }
        #expect(vm.instructionsCharged == Int.max)
        // Charged again: still the largest count, not a negative one.
        #expect(throws: LuaError.self) { try vm.run("return string.pack(\(Self.hugeFormat), '')") }
        #expect(vm.instructionsCharged == Int.max)
        #expect(try vm.run("local x = 0 for i = 1, 10000 do x = x + 1 end return x") == [.integer(10000)])
        #expect(vm.instructionsCharged == Int.max)
    }

    /// Without a budget, hook fires do not turn "no budget" into a large budget that a charge
    /// can then exhaust (the count hook used to subtract from the magic number that meant
    /// unlimited).
    @Test func noBudgetStaysNoBudgetAfterHooksFire() throws {
        let vm = try Self.unbudgeted()
        do {
            try vm.run("for i = 1, 5000000 do end return string.pack(\(Self.hugeFormat), '')", chunkName: "t.lua")
            Issue.record("string.pack accepted the format")
        } catch {
            #expect(error.kind != .budget, "\(error)")
            #expect(!error.message.contains("instruction budget exceeded"), "\(error)")
        }
        #expect(vm.budgetStops == 0)
    }

    /// With a budget, the same charge is refused by name before any work.
    @Test func withABudgetTheChargeIsRefused() throws {
        let vm = try LuaVM(options: .policy)
        do {
            try vm.run("return string.pack(\(Self.hugeFormat), '')", chunkName: "t.lua")
            Issue.record("string.pack accepted the format")
        } catch {
            #expect(error.description == "t.lua:1: instruction budget exceeded (1000000 instructions) in string.pack")
        }
    }

    /// An absurd budget (the largest Int) makes an absurd time limit, not an overflow.
    @Test func theLargestBudget() throws {
        let vm = try LuaVM(options: LuaVM.Options(sandboxed: true, instructionBudget: Int.max, memoryLimit: 8 << 20))
        #expect(try vm.run("local x = 0 for i = 1, 100000 do x = x + i end return x") == [.integer(5_000_050_000)])
    }
}

/// Message handlers of the sandbox's `xpcall` never run with hooks off or after the budget is
/// spent (docs/SANDBOX.md, "Code Lua runs with hooks off"), and behave as Lua's otherwise.
@Suite("xpcall's message handlers in the sandbox")
struct MessageHandlerTests {
    static let budget = "instruction budget exceeded (1000000 instructions)"

    /// Runs `source` in a fresh policy VM; then reads the globals `ran` and `closes`.
    static func run(_ source: String) throws -> (error: LuaError?, ran: [LuaValue]) {
        let vm = try LuaVM(options: .policy)
        var error: LuaError?
        do { try vm.run("ran, closes = 0, 0\n" + source, chunkName: "t.lua") } catch let e { error = e }
        return (error, try vm.run("return ran, closes"))
    }

    @Test func aLoopingHandlerIsNotRunForABudgetError() throws {
        // The budget runs out in f (line 2) inside the count hook: Lua would call h with hooks
        // off, and h never ends.
        let r = try Self.run("""
            xpcall(function() while true do end end,
                   function(e) ran = ran + 1 while true do end end)
            """)
        #expect(r.error?.description == "t.lua:2: \(Self.budget)")
        #expect(r.ran == [.integer(0), .integer(0)])
    }

    @Test func aHandlerGetsNoFreeTimeAfterTheBudget() throws {
        // A finite loop that returns: no time after the budget is spent either.
        let r = try Self.run("""
            local ok, e = xpcall(function() for i = 1, 1e9 do end end,
                                 function(e) ran = ran + 1 for i = 1, 1e8 do end return "handled" end)
            """)
        #expect(r.error?.description == "t.lua:2: \(Self.budget)")
        #expect(r.ran == [.integer(0), .integer(0)])
    }

    @Test func handlersInCoroutinesAndChargedFunctions() throws {
        // In a coroutine.
        let co = try Self.run("""
            coroutine.wrap(function()
              xpcall(function() while true do end end, function(e) ran = ran + 1 while true do end end)
            end)()
            """)
        #expect(co.error?.description == "t.lua:3: \(Self.budget)")
        #expect(co.ran == [.integer(0), .integer(0)])
        // A charge that cannot be paid raises outside the hook: the handler is skipped all the
        // same (the budget is spent).
        let charged = try Self.run("""
            xpcall(function() return string.rep('x', 1 << 20) end, function(e) ran = ran + 1 while true do end end)
            """)
        #expect(charged.error?.description == "t.lua:2: \(Self.budget) in string.rep")
        #expect(charged.ran == [.integer(0), .integer(0)])
    }

    @Test func closeHandlersStopAtTheirFirstInstructionOnceTheBudgetIsSpent() throws {
        let r = try Self.run("""
            local x <close> = setmetatable({}, {__close = function() closes = closes + 1 while true do end end})
            while true do end
            """)
        #expect(r.error?.description == "t.lua:3: \(Self.budget)")
        #expect(r.ran == [.integer(0), .integer(0)])
    }

    /// A coroutine killed inside the count hook keeps hooks off for good: its __close handlers
    /// never run, in the call that killed it or when a later call closes it.
    @Test func aCoroutineKilledInTheHookIsNeverClosed() throws {
        let vm = try LuaVM(options: .policy)
        #expect(throws: LuaError.self) {
            try vm.run("""
                closes = 0
                co = coroutine.create(function()
                  local x <close> = setmetatable({}, {__close = function() closes = closes + 1 while true do end end})
                  while true do end
                end)
                coroutine.resume(co)
                """, chunkName: "t.lua")
        }
        #expect(try vm.run("return coroutine.status(co), coroutine.close(co)") ==
                [.string("dead"), .boolean(false), .string("t.lua:4: \(Self.budget)")])
        #expect(try vm.run("return coroutine.close(co), closes") == [.boolean(true), .integer(0)])
        // A wrap function that dies the same way propagates the budget error.
        #expect(throws: LuaError.self) {
            try vm.run("""
                coroutine.wrap(function()
                  local x <close> = setmetatable({}, {__close = function() closes = closes + 1 while true do end end})
                  while true do end
                end)()
                """, chunkName: "w.lua")
        }
        #expect(try vm.run("return closes") == [.integer(0)])
    }

    /// The handler wrapper's few instructions run past a spent budget; a policy's own chunk
    /// cannot pass for it, whatever it is named.
    @Test func aChunkNamedAsTheSandboxsOwnIsStopped() throws {
        let loop = try Self.run("load('while true do end', '=sandbox')()")
        #expect(loop.error?.kind == .budget)
        let handler = try Self.run("""
            load("xpcall(function() while true do end end, function(e) ran = ran + 1 while true do end end)", "=sandbox")()
            """)
        #expect(handler.error?.kind == .budget)
        #expect(handler.ran == [.integer(0), .integer(0)])
    }

    /// Ordinary errors: the handler runs as Lua runs it, with the levels Lua gives it.
    @Test func ordinaryErrorsAreHandledAsInLua() throws {
        for source in [
            "return xpcall(function() error('x') end, function(e) return 'handled: ' .. e end)",
            "return xpcall(function() local t = nil return t.x end, function(e) return (e:gsub('^.-: ', '')) end)",
            "return xpcall(function() error('x') end, function(e) error('again', 2) end)",
            "return xpcall(function(a, b) return a + b end, print, 1, 2)",
            "return pcall(xpcall)",
            "return pcall(xpcall, print)",
            "return pcall(xpcall, print, 1)",
            "return xpcall(error, function(e) return select('#', e) end)",
        ] {
            let lua = try LuaVM(options: .trusted), ours = try LuaVM(options: .policy)
            lua.output = { _ in }
            ours.output = { _ in }
            #expect(try ours.run(source, chunkName: "t.lua") == lua.run(source, chunkName: "t.lua"), "\(source)")
        }
    }
}
