import Dispatch
import ReorderLua
import Testing

/// Hostile calls of the table library (Sources/CLuaShim/tables.c; docs/SANDBOX.md, "table"):
/// sorts of 10^5 and 10^6 elements by comparators that answer at random, concatenations of
/// megabytes, lengths that lie, moves and unpacks over huge ranges. Each stops on its budget
/// (naming the function) or on the memory cap, or returns, in bounded time, and a call that
/// changes a table and is refused has changed nothing.
@Suite("Sandbox table library, hostile", .serialized)
struct SandboxTableTests {
    static let budget = SandboxBoundsTests.budget
    static let hangBound = SandboxBoundsTests.hangBound

    /// A sandbox of `budget` instructions per call and `megabytes` of memory, with `setup` run
    /// under a budget of its own (building a long list costs more than a hook call may).
    static func vm(budget: Int = 1_000_000, megabytes: Int = 8, setup: String) throws -> LuaVM {
        let vm = try LuaVM(options: LuaVM.Options(sandboxed: true, instructionBudget: budget, memoryLimit: megabytes << 20))
        try vm.load(setup, chunkName: "setup.lua")
        try vm.pcall(nargs: 0, nresults: 0, budget: 100_000_000)
        return vm
    }

    /// Runs `source` as t.lua in `vm`; its error (nil when it returned) and the seconds it took.
    static func run(_ vm: LuaVM, _ source: String) -> (error: LuaError?, seconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        var failure: LuaError?
        do { try vm.run(source, chunkName: "t.lua") } catch { failure = error }
        return (failure, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// A comparator that answers at random (bit 16 of a linear congruential generator; its
    /// first answer, the sort's probe, is false): no order, and merges that run long.
    static let randomAnswers = """
        local seed = 1
        local function random(a, b) seed = (seed * 1103515245 + 12345) % 2147483648 return seed // 65536 % 2 == 1 end
        """

    @Test func aHundredThousandByRandomAnswersStopsOnTheBudget() throws {
        let vm = try Self.vm(setup: "t = {} for i = 1, 100000 do t[i] = (i * 7919) % 100003 end")
        // 100,000 reads into the scratch table (8 each: a step and a cell) and 99,999 comparisons
        // (72 each: the call and two cells) are charged before the sort starts: refused at once.
        let r = Self.run(vm, Self.randomAnswers + "\ntable.sort(t, random)")
        #expect(r.error?.description == "t.lua:3: \(Self.budget) in table.sort")
        #expect(r.seconds < Self.hangBound)
        // A C comparator (math.ult runs no instruction the hook could count) and the < operator
        // on strings (30,000: 510,000 up front, then some 450,000 comparisons at 17 and more):
        // stopped by the charges alone.
        let ult = Self.run(vm, "table.sort(t, math.ult)")
        #expect(ult.error?.description == "t.lua:1: \(Self.budget) in table.sort")
        let strings = try Self.vm(setup: "t = {} for i = 1, 30000 do t[i] = tostring((i * 7919) % 100003) end")
        let lt = Self.run(strings, "table.sort(t)")
        #expect(lt.error?.description == "t.lua:1: \(Self.budget) in table.sort")
        #expect(lt.seconds < Self.hangBound)
        // Nothing was written: the list is as it was.
        #expect(try vm.run("return t[1], t[2], t[100000]") == [.integer(7919), .integer(15838), .integer(76246)])
    }

    @Test(arguments: ["random(a, b)", "calls > 1"])
    func aHundredThousandByAnAdversaryIsNLogN(answer: String) throws {
        // Random answers, or "yes" to all but the probe (every insertion runs to the front of
        // its run, every merge takes the whole right run first). Given the budget to finish:
        // at most n (ceil(log2 n) + 1) + 1 = 1,800,001 calls (TableLibraryTests
        // .sortStaysWithinItsWorstCase), each charged 64 and more, and the list is a permutation of
        // what it was.
        let vm = try Self.vm(budget: 400_000_000, megabytes: 64,
                             setup: "t = {} for i = 1, 100000 do t[i] = (i * 7919) % 100003 end")
        let before = vm.instructionsCharged
        let r = try vm.run(Self.randomAnswers + """

            local calls = 0
            table.sort(t, function(a, b) calls = calls + 1 return \(answer) end)
            local seen, lost = {}, 0
            for i = 1, 100000 do seen[t[i]] = true end
            for i = 1, 100000 do if not seen[(i * 7919) % 100003] then lost = lost + 1 end end
            return calls, lost
            """, chunkName: "t.lua")
        guard case .integer(let calls)? = r.first else { Issue.record("\(r)"); return }
        #expect(calls > 100_000 && calls <= 1_800_001, "\(calls) calls")
        #expect(r.last == .integer(0))
        #expect(vm.instructionsCharged - before >= 64 * calls)
    }

    @Test func aSortedHundredThousandIsRefusedAtOnce() throws {
        // The sandbox fuzzer's `table.sort(range(100000))`, which ran 26.8 ms past a budget of
        // 3.5 ms when a comparison and a move were charged 1: sorted, it makes n - 1 comparisons,
        // but its reads into the scratch table (a step and a cell, 8 each) and those comparisons
        // at their base (1 + two cells, 9 each) come to 16 + 800,000 + 899,991, past the budget
        // of 1,000,000: refused before it takes scratch memory, the list untouched.
        let vm = try Self.vm(megabytes: 64, setup: "t = {} for i = 1, 100000 do t[i] = 100001 - i end")
        try Self.expectSortRefusedAtOnce(vm)
        #expect(try vm.run("return t[1], t[100000]") == [.integer(100_000), .integer(1)])
    }

    /// `table.sort(t)` in `vm` raises the budget error without taking scratch memory (what
    /// memory grows by is the error message).
    static func expectSortRefusedAtOnce(_ vm: LuaVM, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try vm.load("table.sort(t)", chunkName: "t.lua")
        let peak = vm.memoryPeak
        #expect(throws: LuaError.self, sourceLocation: sourceLocation) { try vm.pcall(nargs: 0, nresults: 0) }
        #expect(vm.memoryPeak - peak < 64 << 10, "\(vm.memoryPeak - peak) bytes more", sourceLocation: sourceLocation)
        #expect(Self.run(vm, "table.sort(t)").error?.description == "t.lua:1: \(Self.budget) in table.sort",
                sourceLocation: sourceLocation)
    }

    @Test func aMillionIsRefusedBeforeItTakesMemory() throws {
        let vm = try Self.vm(megabytes: 64, setup: "t = {} for i = 1, 1000000 do t[i] = -i end")
        // 10^6 reads and 10^6 - 1 comparisons cost more than the budget: refused at once, with
        // no scratch space taken (1.5 million cells would be 24 MB).
        try Self.expectSortRefusedAtOnce(vm)
        // With a budget of 10^8 (the up-front charge, 8 * 10^6 + 72 (10^6 - 1), fits), random
        // answers: the sort reads the list into its scratch table and merges until the budget
        // stops it, naming it or the comparator's line.
        let big = try Self.vm(budget: 100_000_000, megabytes: 64, setup: "t = {} for i = 1, 1000000 do t[i] = -i end")
        let before = big.instructionsCharged
        let stopped = Self.run(big, Self.randomAnswers + "\ntable.sort(t, random)")
        let stop = "instruction budget exceeded (100000000 instructions)"
        #expect(["t.lua:3: \(stop) in table.sort", "t.lua:2: \(stop)"].contains(stopped.error?.description ?? ""),
                "\(String(describing: stopped.error))")
        #expect(stopped.seconds < Self.hangBound)
        #expect(big.instructionsCharged - before >= 100_000_000)
        #expect(try big.run("return t[1], t[1000000]") == [.integer(-1), .integer(-1_000_000)])
    }

    @Test func concatOfMegabytes() throws {
        // 64 references to one 1 MiB string: in a policy VM the 8 MiB cap stops the result's
        // buffer first (1 + 2 + 4 MiB charged 114,688 for the allocations, the copies 65,546
        // each: 1 MiB / 16, a step and a piece): a memory error, at once.
        let setup = "s = string.rep('xxxxxxxxxxxxxxxx', 65536) t = {} for i = 1, 64 do t[i] = s end"
        let small = Self.run(try Self.vm(setup: setup), "return #table.concat(t)")
        #expect(small.error?.kind == .memory)
        #expect(small.seconds < Self.hangBound)
        // With room for the result the budget stops it: 65,546 per element, about the 15th.
        let roomy = try Self.vm(megabytes: 256, setup: setup)
        #expect(Self.run(roomy, "return #table.concat(t)").error?.description == "t.lua:1: \(Self.budget) in table.concat")
        // A separator of 1 MiB between small elements: the separators are charged as well.
        #expect(Self.run(roomy, "local e = {} for i = 1, 100 do e[i] = i end return #table.concat(e, s)").error?.description
                == "t.lua:1: \(Self.budget) in table.concat")
    }

    @Test func lengthsThatLie() throws {
        // __len says 2^40: inserting at 1 means 2^40 shifts, at 64 each (the table has a
        // metatable): refused before the first, so the list keeps its three elements.
        let vm = try Self.vm(setup: "t = setmetatable({1, 2, 3}, {__len = function() return 2^40 end})")
        #expect(Self.run(vm, "table.insert(t, 1, 'x')").error?.description == "t.lua:1: \(Self.budget) in table.insert")
        #expect(Self.run(vm, "table.remove(t, 1)").error?.description == "t.lua:1: \(Self.budget) in table.remove")
        #expect(try vm.run("return rawlen(t), t[1], t[3], rawget(t, 2^40)") == [.integer(3), .integer(1), .integer(3), .nil])
        // The longest shift there is: a __len of math.maxinteger makes math.mininteger a valid
        // position for remove (Lua 5.4.4 compares positions as unsigned numbers), 2^64 - 1
        // shifts away. Lua would loop for ever; the charge saturates and refuses it.
        let m = try Self.vm(setup: "m = setmetatable({}, {__len = function() return math.maxinteger end})")
        #expect(Self.run(m, "table.remove(m, math.mininteger)").error?.description == "t.lua:1: \(Self.budget) in table.remove")
        // Removing at the length itself shifts nothing; appending after math.maxinteger wraps
        // to math.mininteger (as Lua 5.4.4 does): both return at once.
        #expect(try vm.run("return table.remove(t)") == [.nil])
        #expect(try vm.run("""
            local u = setmetatable({}, {__len = function() return math.maxinteger end})
            table.insert(u, 'end')
            return rawget(u, math.mininteger)
            """) == [.string("end")])
        // A length that grows at every read is read once by each function.
        #expect(try vm.run("""
            local reads = 0
            local g = setmetatable({}, {__len = function() reads = reads + 1 return 2 + reads end})
            table.insert(g, 'a') table.remove(g) table.concat(g, '', 1, 0) table.unpack(g)
            pcall(table.sort, g)
            return reads
            """) == [.integer(5)])
    }

    @Test func elementsAtTheEndOfALongIndexChain() throws {
        // Each element of p is found through 1,991 links of tables, walked in C, then a C
        // function (rawlen): no Lua instruction runs while concat reads. Each read is charged
        // 64 + 4 a link (8,028), so the budget stops it after about 120 reads, not 15,600.
        let vm = try Self.vm(setup: """
            local chain = setmetatable({}, {__index = rawlen})
            for i = 1, 1990 do chain = setmetatable({}, {__index = chain}) end
            p = setmetatable({}, {__index = chain, __len = function() return 1e9 end})
            """)
        let r = Self.run(vm, "return table.concat(p)")
        #expect(r.error?.description == "t.lua:1: \(Self.budget) in table.concat")
        #expect(r.seconds < Self.hangBound)
        #expect(try vm.run("return p[1], p[2]") == [.integer(0), .integer(0)])
    }

    @Test func movesOverHugeRanges() throws {
        let vm = try Self.vm(setup: "t = {1, 2, 3} u = {'a'}")
        // 2^40 elements: charged before the first, so u is untouched.
        #expect(Self.run(vm, "table.move(t, 1, 2^40, 1, u)").error?.description == "t.lua:1: \(Self.budget) in table.move")
        #expect(Self.run(vm, "table.move(t, 1, 2^62, 2^62)").error?.description == "t.lua:1: \(Self.budget) in table.move")
        #expect(try vm.run("return #u, u[1], u[2]") == [.integer(1), .string("a"), .nil])
        // Ranges whose count or end is not an integer: Lua's argument errors.
        #expect(Self.run(vm, "table.move(t, math.mininteger, math.maxinteger, 1)").error?.description
                == "t.lua:1: bad argument #3 to 'move' (too many elements to move)")
        #expect(Self.run(vm, "table.move(t, 1, 3, math.maxinteger)").error?.description
                == "t.lua:1: bad argument #4 to 'move' (destination wrap around)")
    }

    @Test func unpacksOverHugeRanges() throws {
        let vm = try Self.vm(setup: "t = {1, 2, 3}")
        for range in ["1, 1e7", "math.mininteger, math.maxinteger", "1, 2^31", "-2^31, 2^31"] {
            #expect(Self.run(vm, "return table.unpack(t, \(range))").error?.description == "t.lua:1: too many results to unpack")
        }
        // 900,000 results do not fit the 8 MiB cap: refused the same way, before any read.
        #expect(Self.run(vm, "return select('#', table.unpack(t, 1, 900000))").error?.description
                == "t.lua:1: too many results to unpack")
        // Through a proxy whose C __index (rawlen) costs 64 a read: the budget stops it.
        let proxy = try Self.vm(megabytes: 64, setup: "p = setmetatable({}, {__index = rawlen})")
        #expect(Self.run(proxy, "return select('#', table.unpack(p, 1, 500000))").error?.description
                == "t.lua:1: \(Self.budget) in table.unpack")
    }
}
