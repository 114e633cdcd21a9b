import CLua
import Testing
@testable import ReorderLua

/// Runs `source` and returns the error it raised (or nil).
func luaError(_ vm: LuaVM, _ source: String, chunk: String = "t.lua") -> LuaError? {
    do { try vm.run(source, chunkName: chunk); return nil } catch { return error }
}

@Suite struct LuaVMTests {
    @Test func runsChunksAndConvertsValues() throws {
        let vm = try LuaVM(options: .policy)
        #expect(try vm.run("return 1 + 2, 'x', 2.5, true, nil") == [.integer(3), .string("x"), .number(2.5), .boolean(true), .nil])
        #expect(try vm.run("return {a = 1, 10}") == [.table([.string("a"): .integer(1), .integer(1): .integer(10)])])
        #expect(vm.top == 0)
    }

    @Test func errorsCarryFileLineMessageAndTraceback() throws {
        let vm = try LuaVM(options: .policy)
        let e = try #require(luaError(vm, "local x = 1\nerror('boom')", chunk: "kanban.lua"))
        #expect(e.kind == .runtime)
        #expect(e.file == "kanban.lua")
        #expect(e.line == 2)
        #expect(e.message == "boom")
        #expect(e.description == "kanban.lua:2: boom")
        #expect(e.traceback?.contains("kanban.lua:2: in main chunk") == true)

        let s = try #require(luaError(vm, "return +", chunk: "bad.lua"))
        #expect(s.kind == .syntax)
        #expect(s.file == "bad.lua")
        #expect(s.line == 1)
        #expect(s.message == "unexpected symbol near '+'")
        #expect(vm.top == 0)
    }

    @Test func errorObjectsThatAreNotStringsAreNamedNotCalled() throws {
        let vm = try LuaVM(options: .policy)
        let e = try #require(luaError(vm, "error(setmetatable({}, {__tostring = function() while true do end end}))"))
        #expect(e.message == "(error object is a table value)")
        #expect(e.kind == .runtime)
    }

    @Test func printGoesToTheSink() throws {
        let vm = try LuaVM(options: .policy)
        var lines: [LuaVM.Output] = []
        vm.output = { lines.append($0) }
        try vm.run("print('a', 1, nil, true) warn('careful')")
        #expect(lines == [.print("a\t1\tnil\ttrue"), .warning("careful")])
    }

    @Test func runawayLoopIsStoppedAndTheVMKeepsWorking() throws {
        let vm = try LuaVM(options: .policy)
        let e = try #require(luaError(vm, "local n = 0\nwhile true do n = n + 1 end", chunk: "loop.lua"))
        #expect(e.kind == .budget)
        #expect(e.file == "loop.lua")
        #expect(e.line == 2)
        #expect(e.message == "instruction budget exceeded (1000000 instructions)")
        #expect(vm.budgetStops == 1)
        // The budget is reset for the next call.
        #expect(try vm.run("local s = 0 for i = 1, 1000 do s = s + i end return s") == [.integer(500500)])
    }

    @Test func budgetCannotBeCaughtByPcallOrCoroutines() throws {
        let vm = try LuaVM(options: .policy)
        let caught = try #require(luaError(vm, """
            local ok = pcall(function() while true do end end)
            while true do pcall(function() while true do end end) end
            """))
        #expect(caught.kind == .budget)
        let co = try #require(luaError(vm, """
            local co = coroutine.create(function() while true do end end)
            local ok, err = coroutine.resume(co)
            return ok, err
            """))
        #expect(co.kind == .budget)
        let x = try #require(luaError(vm, "xpcall(function() while true do end end, function(m) return m end) return 1"))
        #expect(x.kind == .budget)
        #expect(try vm.run("return pcall(error, 'x')") == [.boolean(false), .string("x")])
    }

    @Test func memoryBombStopsAtTheCap() throws {
        let vm = try LuaVM(options: LuaVM.Options(sandboxed: true, instructionBudget: 0, memoryLimit: 4 << 20))
        let e = try #require(luaError(vm, "local t = {} local i = 0 while true do i = i + 1 t[i] = {i} end"))
        #expect(e.kind == .memory)
        #expect(e.message == "not enough memory")
        #expect(vm.memoryPeak <= 4 << 20)
        vm.collectGarbage()
        #expect(vm.memoryUsed < 1 << 20)
        let s = try #require(luaError(vm, "local s = 'x' while true do s = s .. s end"))
        #expect(s.kind == .memory)
        #expect(vm.memoryPeak <= 4 << 20)
        #expect(try vm.run("return #string.rep('ab', 10)") == [.integer(20)])
    }

    @Test func nestedCallsShareTheOuterBudget() throws {
        let vm = try LuaVM(options: LuaVM.Options(sandboxed: false, instructionBudget: 100_000, memoryLimit: 0))
        var inner: LuaError?
        vm.pushFunction { vm in
            vm.pushValue(at: 1)
            do { try vm.pcall(nargs: 0, nresults: 0, budget: 50_000) } catch let e as LuaError { inner = e } catch {}
            return 0
        }
        vm.setGlobal("host_call")
        // Alone, 70,000 iterations (one instruction each) fit in the 100,000-instruction budget...
        #expect(try vm.run("for i = 1, 70000 do end return 1") == [.integer(1)])
        #expect(try vm.run("host_call(function() local x = 0 for i = 1, 10 do x = x + i end end) return 1") == [.integer(1)])
        // ...but not after an inner call spent 50,000 of it: the outer call pays for the inner one.
        let e = try #require(luaError(vm, "host_call(function() while true do end end)\nfor i = 1, 70000 do end return 1"))
        #expect(inner?.kind == .budget)
        // The inner call's own 50,000 ran out (the outer call had spent about 140 of its 100,000):
        // the message names the budget of the call that stopped.
        #expect(inner?.message == "instruction budget exceeded (50000 instructions)")
        #expect(e.kind == .budget)
        #expect(e.line == 2)
    }

    @Test func hostFunctionErrorsBecomeLuaErrorsAtTheCaller() throws {
        let vm = try LuaVM(options: .policy)
        vm.pushFunction { vm in
            guard let n = vm.integer(at: 1) else { throw LuaError(kind: .type, message: "twice: expected an integer") }
            vm.push(n * 2)
            return 1
        }
        vm.setGlobal("twice")
        #expect(try vm.run("return twice(21)") == [.integer(42)])
        let e = try #require(luaError(vm, "\nreturn twice('x')", chunk: "h.lua"))
        #expect(e.description == "h.lua:2: twice: expected an integer")
    }

    @Test func trustedVMHasTheStandardLibraries() throws {
        let vm = try LuaVM(options: .trusted)
        #expect(try vm.run("return type(io), type(os), type(require), type(debug), type(string.dump)") ==
                [.string("table"), .string("table"), .string("function"), .string("table"), .string("function")])
        // Deterministic random even here.
        let a = try vm.run("math.randomseed() return math.random(1, 1000000)")
        let b = try LuaVM(options: .trusted).run("math.randomseed() return math.random(1, 1000000)")
        #expect(a == b)
    }

    /// `lua_rawset` raises "table index is nil" / "is NaN" for such keys, and
    /// outside a protected call that aborted the process. The public `push` refuses them with a
    /// thrown error, pushes nothing, and the VM stays usable.
    @Test func pushingATableWithANilOrNaNKeyIsAnErrorNotAnAbort() throws {
        let vm = try LuaVM(options: .trusted)
        let before = vm.top
        let cases: [(LuaValue, String)] = [
            (.table([.nil: .integer(1)]), "table key is nil (Lua tables cannot hold a nil key)"),
            (.table([.number(.nan): .integer(1)]), "table key is NaN (Lua tables cannot hold a NaN key)"),
            (.table([.opaque("function"): .integer(1)]), "table key is a function, which cannot be pushed (it would be nil)"),
            // Nested one level down: still refused before anything is pushed.
            (.table([.string("inner"): .table([.nil: .boolean(true)])]), "table key is nil (Lua tables cannot hold a nil key)"),
        ]
        for (value, message) in cases {
            do {
                try vm.push(value)
                Issue.record("pushing \(value) did not throw")
            } catch {
                #expect(error.kind == .type)
                #expect(error.message == message)
            }
            #expect(vm.top == before)
        }
        // A good table still goes through, keys as given: {1, 2, x = "y"} (1 + 2 = 3).
        try vm.push(.table([.integer(1): .integer(1), .integer(2): .integer(2), .string("x"): .string("y")]))
        vm.setGlobal("t")
        #expect(try vm.run("return t[1] + t[2], t.x, #t") == [.integer(3), .string("y"), .integer(2)])
    }

    /// A table is pushed the same way whatever order its dictionary holds the keys in (Swift's
    /// dictionary order varies between runs and with the insertion history), so `pairs` visits
    /// equal tables in the same order, and the sequence part is a real array (`#t` is 3).
    @Test func equalTablesArePushedAlikeWhateverTheirDictionaryOrder() throws {
        let letters = "abcdefghijklmnopqrstuvwxyz".map { String($0) }
        var forward: [LuaValue: LuaValue] = [:]
        for (i, l) in letters.enumerated() { forward[.string(l)] = .integer(i) }
        var backward: [LuaValue: LuaValue] = [:]
        backward.reserveCapacity(1000)
        for (i, l) in letters.enumerated().reversed() { backward[.string(l)] = .integer(i) }
        for i in 1...3 { forward[.integer(i)] = .integer(i * 10); backward[.integer(4 - i)] = .integer((4 - i) * 10) }
        #expect(forward == backward)
        let vm = try LuaVM(options: .trusted)
        func visitOrder(_ t: [LuaValue: LuaValue]) throws -> [LuaValue] {
            try vm.push(.table(t))
            vm.setGlobal("t")
            return try vm.run("local ks = {} for k in pairs(t) do ks[#ks + 1] = tostring(k) end return table.concat(ks, ','), #t")
        }
        let a = try visitOrder(forward), b = try visitOrder(backward)
        #expect(a == b)
        // The array part comes first in `next`'s order: 1, 2, 3 (lua 5.4 ltable.c, luaH_next).
        #expect(a.first?.description.hasPrefix("\"1,2,3,") == true)
        #expect(a.last == .integer(3))
    }
}
