import Testing
@testable import ReorderLua

/// The sandbox's table library (Sources/CLuaShim/tables.c; docs/SANDBOX.md, "table"): what
/// it returns and raises, the order `table.sort` leaves, how many comparisons it makes, and
/// what each call is charged. The generated comparison with Lua's own library is
/// `TableDifferentialTests`; the hostile cases are `SandboxTableTests`.
@Suite struct TableLibraryTests {
    /// Runs `source` as chunk `t.lua` under pcall in a fresh policy VM and renders what pcall
    /// returned the way the reference script printed it: `true | 1 | x`, `false | message`.
    static func outcome(_ source: String, options: LuaVM.Options = .policy) throws -> String {
        let vm = try LuaVM(options: options)
        vm.push(source)
        vm.setGlobal("source")
        let r = try vm.run("""
            local r = table.pack(pcall(load(source, "=t.lua")))
            for i = 1, r.n do r[i] = tostring(r[i]) end
            return table.concat(r, " | ")
            """)
        guard case .string(let s)? = r.first else { return "\(r)" }
        return s
    }

    /// A sandbox with room for long sorts by a Lua comparator (64 instructions a comparison).
    static let roomy = LuaVM.Options(sandboxed: true, instructionBudget: 100_000_000, memoryLimit: 64 << 20)

    /// Each expected outcome is what Lua 5.4.4's own library gives for the same source: the
    /// pairs were printed by `lua5.4` (Debian 5.4.4) running each source through
    /// `pcall(load(source, "=t.lua"))` and `tostring`, as `outcome` does.
    @Test(arguments: [
        ("table.insert({1, 2}, 0, 'x')", "false | t.lua:1: bad argument #2 to 'insert' (position out of bounds)"),
        ("table.insert({1, 2}, 4, 'x')", "false | t.lua:1: bad argument #2 to 'insert' (position out of bounds)"),
        ("table.insert({}, 1, 2, 3)", "false | t.lua:1: wrong number of arguments to 'insert'"),
        ("table.insert({})", "false | t.lua:1: wrong number of arguments to 'insert'"),
        ("table.insert({1}, 1.5, 'x')", "false | t.lua:1: bad argument #2 to 'insert' (number has no integer representation)"),
        ("table.insert('s', 'x')", "false | t.lua:1: bad argument #1 to 'insert' (table expected, got string)"),
        ("table.remove({1, 2, 3}, 5)", "false | t.lua:1: bad argument #1 to 'remove' (position out of bounds)"),
        ("table.remove({}, -1)", "false | t.lua:1: bad argument #1 to 'remove' (position out of bounds)"),
        ("return table.remove({}, 0), table.remove({1, 2, 3}, 4), table.remove({}, 1)", "true | nil | nil | nil"),
        ("table.move({}, 1, math.maxinteger, 2)", "false | t.lua:1: bad argument #4 to 'move' (destination wrap around)"),
        ("table.move({}, -1, math.maxinteger, 2)", "false | t.lua:1: bad argument #3 to 'move' (too many elements to move)"),
        ("table.move({}, 1, 2, 3, 4)", "false | t.lua:1: bad argument #5 to 'move' (table expected, got number)"),
        ("table.concat({1, {}, 3})", "false | t.lua:1: invalid value (table) at index 2 in table for 'concat'"),
        ("table.concat({1, 2, 3}, ',', 1, 5)", "false | t.lua:1: invalid value (nil) at index 4 in table for 'concat'"),
        ("table.concat({}, '', math.maxinteger, math.maxinteger)",
         "false | t.lua:1: invalid value (nil) at index 9223372036854775807 in table for 'concat'"),
        ("table.concat({1, 2}, {})", "false | t.lua:1: bad argument #2 to 'concat' (string expected, got table)"),
        ("return table.concat({1, 2.5, 'x'}, '-'), table.concat({1, 2, 3}, ',', 3, 2)", "true | 1-2.5-x | "),
        ("table.unpack({}, 1, 1e8)", "false | t.lua:1: too many results to unpack"),
        ("table.unpack({}, math.mininteger, math.maxinteger)", "false | t.lua:1: too many results to unpack"),
        ("return table.unpack('abc')", "true | nil | nil | nil"),
        ("table.unpack(nil)", "false | attempt to get length of a nil value"),
        ("table.sort({3, 1, 2}, 5)", "false | t.lua:1: bad argument #2 to 'sort' (function expected, got number)"),
        ("table.sort({1}, 5)", "true"),
        ("table.sort({1, 'x'})", "false | attempt to compare string with number"),
        ("table.sort(setmetatable({}, {__len = function() return 2^31 - 1 end}))",
         "false | t.lua:1: bad argument #1 to 'sort' (array too big)"),
        ("table.sort(setmetatable({}, {__len = function() return 2.5 end}))", "false | t.lua:1: object length is not an integer"),
        ("table.sort({1, 2}, function() error('boom') end)", "false | t.lua:1: boom"),
        ("local e = {} local ok, r = pcall(table.sort, {1, 2}, function() error(e) end) return r == e", "true | true"),
        // Positions wrap around the integers: a __len of math.maxinteger appends at mininteger.
        ("local t = setmetatable({}, {__len = function() return math.maxinteger end, __newindex = function(t, k) rawset(t, 'at', k) end}) table.insert(t, 'x') return t.at",
         "true | -9223372036854775808"),
        // A position equal to a negative length is removed without a check.
        ("local s = {} local t = setmetatable({}, {__len = function() return -5 end, __index = function(_, k) return 'v' .. k end, __newindex = function(_, k, v) s[#s + 1] = tostring(k) .. '=' .. tostring(v) end}) return table.remove(t, -5), table.concat(s, ' ')",
         "true | v-5 | -5=nil"),
        ("local t = {1, 2, 3, 4, 5} table.move(t, 1, 3, 3) return table.concat(t, ',')", "true | 1,2,1,2,3"),
        ("local t = {1, 2, 3, 4, 5} table.move(t, 2, 5, 1) return table.concat(t, ',')", "true | 2,3,4,5,5"),
        ("local t = {1, 2, 3} local u = table.move(t, 1, 3, 2, {0}) return table.concat(u, ','), u ~= t", "true | 0,1,2,3 | true"),
        // Whether the destination is the source is decided by ==, which calls __eq once.
        ("local n = 0 local a = setmetatable({}, {__eq = function() n = n + 1 return true end}) local b = setmetatable({}, getmetatable(a)) table.move(a, 1, 2, 2, b) return n",
         "true | 1"),
        ("local t = table.pack(1, nil, 3) return t.n, t[1], t[2], t[3]", "true | 3 | 1 | nil | 3"),
    ])
    func behavesAsLua544(source: String, expected: String) throws {
        #expect(try Self.outcome(source) == expected)
    }

    // MARK: - sort: order, comparisons, detection

    @Test func equalKeysKeepTheirOrder() throws {
        // 30 records with keys 0, 1, 2 repeating: after the sort each key's records are in
        // their original order (the merge sort is stable; docs/SANDBOX.md).
        #expect(try Self.outcome("""
            local t = {}
            for i = 1, 30 do t[i] = {k = i % 3, i = i} end
            table.sort(t, function(a, b) return a.k < b.k end)
            local out = {}
            for i = 1, 30 do out[i] = t[i].i end
            return table.concat(out, ',')
            """) == "true | 3,6,9,12,15,18,21,24,27,30,1,4,7,10,13,16,19,22,25,28,2,5,8,11,14,17,20,23,26,29")
    }

    /// Comparator calls, worked out from the algorithm (tables.c): one probe (is the first
    /// element before itself?), insertion sort on runs of at most 8, a merge that starts with
    /// one comparison of the halves' meeting elements.
    @Test func sortMakesTheComparisonsItsAlgorithmSays() throws {
        let count = """
            local function count(t) local n = 0 table.sort(t, function(a, b) n = n + 1 return a < b end) return n end
            local function range(a, b, s) local t = {} for i = a, b, s or 1 do t[#t + 1] = i end return t end

            """
        // 1..10 in order: probe 1; runs 1..5 and 6..10, 4 comparisons each; merge check 1.
        // 1..16 in order: probe 1; runs of 8, 7 each; merge check 1.
        // 8..1: probe 1; one run, the k-th element compared with all k - 1 before it: 28.
        // 16..1: probe 1; two runs, 28 each; merge check 1, then 8 comparisons until the
        // right run (1..8) is used up.
        #expect(try Self.outcome(count + """
            return count(range(1, 10)), count(range(1, 16)), count(range(8, 1, -1)), count(range(16, 1, -1))
            """) == "true | 10 | 16 | 29 | 66")
    }

    @Test func sortStaysWithinItsWorstCase() throws {
        // Every length 2...300 of a scrambled list: at most n (ceil(log2 n) + 1) + 1 calls
        // (merging costs at most n - 1 per level; a run of 8 by insertion at most 28, 3.5
        // per element where three merge levels would cost 3).
        #expect(try Self.outcome("""
            for n = 2, 300 do
              local t, calls = {}, 0
              for i = 1, n do t[i] = (i * 7919) % 10007 end
              table.sort(t, function(a, b) calls = calls + 1 return a < b end)
              local bound = n * (math.ceil(math.log(n, 2)) + 1) + 1
              if calls > bound then return n, calls, bound end
              for i = 2, n do if t[i - 1] > t[i] then return n, 'unsorted' end end
            end
            return 'ok'
            """, options: Self.roomy) == "true | ok")
    }

    @Test func irreflexiveOrdersAreDetectedUpFront() throws {
        let invalid = "false | t.lua:1: invalid order function for sorting"
        let invalidAtLine2 = "false | t.lua:2: invalid order function for sorting"
        // `<=`, `>=` and "always true" say the first element comes before itself.
        #expect(try Self.outcome("table.sort({2, 1}, function(a, b) return a <= b end)") == invalid)
        #expect(try Self.outcome("table.sort({1, 2, 3}, function(a, b) return a >= b end)") == invalid)
        #expect(try Self.outcome("table.sort({1, 2}, function() return true end)") == invalid)
        // So does a __lt that is <= (tables compared by the < operator).
        #expect(try Self.outcome("""
            local mt = {__lt = function(a, b) return a.v <= b.v end}
            table.sort({setmetatable({v = 2}, mt), setmetatable({v = 1}, mt)})
            """) == invalidAtLine2)
        // A proper __lt sorts; a single element is never compared.
        #expect(try Self.outcome("""
            local mt = {__lt = function(a, b) return a.v < b.v end}
            local t = {setmetatable({v = 2}, mt), setmetatable({v = 1}, mt)}
            table.sort(t)
            table.sort({1}, function() return true end)
            return t[1].v, t[2].v
            """) == "true | 1 | 2")
        // Answers that are not an order (here false, true, true, false, ...: the probe gets
        // false) are not detected: the list gets a permutation of its elements.
        #expect(try Self.outcome("""
            local t = {}
            for i = 1, 200 do t[i] = i end
            local answers = 0
            table.sort(t, function() answers = answers + 1 return answers % 3 ~= 1 end)
            local seen = {}
            for i = 1, 200 do seen[t[i]] = (seen[t[i]] or 0) + 1 end
            for i = 1, 200 do if seen[i] ~= 1 then return 'lost or doubled', i end end
            return #t
            """) == "true | 200")
    }

    @Test func sortReadsAndWritesEachPositionOnce() throws {
        // Through a proxy: 1..n read once in order, then written once in order, nothing else
        // (whatever the comparator answers), and __len read once.
        #expect(try Self.outcome("""
            local data, log = {30, 10, 20}, {}
            local t = setmetatable({}, {
              __index = function(_, k) log[#log + 1] = 'r' .. k return data[k] end,
              __newindex = function(_, k, v) log[#log + 1] = 'w' .. k .. '=' .. v data[k] = v end,
              __len = function() log[#log + 1] = 'len' return #data end})
            local calls = 0
            table.sort(t, function(a, b) calls = calls + 1 return calls % 2 == 0 end)
            table.sort(t)
            return (table.concat(log, ' '):gsub('w(%d)=%d%d', 'w%1', 3))
            """) == "true | len r1 r2 r3 w1 w2 w3 len r1 r2 r3 w1=10 w2=20 w3=30")
    }

    @Test func longListsAreSortedInAScratchTable() throws {
        // Past 16,384 elements the cells are a scratch table instead of stack slots
        // (tables.c SORT_ON_STACK): same algorithm, same order of equal keys.
        #expect(try Self.outcome("""
            local t = {}
            for i = 1, 20000 do t[i] = {k = (i * 7919) % 13, i = i} end
            table.sort(t, function(a, b) return a.k < b.k end)
            for i = 2, 20000 do
              local a, b = t[i - 1], t[i]
              if a.k > b.k or (a.k == b.k and a.i > b.i) then return 'out of order at', i end
            end
            return t[1].k, t[1].i, t[20000].k
            """, options: Self.roomy) == "true | 0 | 13 | 12")
    }

    // MARK: - charges

    /// What `call` is charged in a policy VM (C work and allocations; a handful of Lua
    /// instructions fire no hook): a charge is paid while it is below what is left, so the call
    /// succeeds with budget B exactly when B exceeds its total. `setup` runs before each try
    /// with the default budget.
    static func charge(setup: String, call: String) throws -> Int {
        func succeeds(_ budget: Int) throws -> Bool {
            let vm = try LuaVM(options: .policy)
            try vm.run(setup)
            try vm.load(call, chunkName: "t.lua")
            do {
                try vm.pcall(nargs: 0, nresults: 0, budget: budget)
                return true
            } catch {
                guard error.kind == .budget else { throw error }
                return false
            }
        }
        var lo = 1, hi = 1 << 20   // the call fails at lo (or lo is 1) and succeeds at hi
        guard try succeeds(hi) else { return -1 }
        if try succeeds(lo) { return 0 }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if try succeeds(mid) { hi = mid } else { lo = mid }
        }
        return hi - 1
    }

    static func expectCharge(setup: String, call: String, _ expected: Int,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let charged = try charge(setup: setup, call: call)
        #expect(charged == expected, "\(call): charged \(charged)", sourceLocation: sourceLocation)
    }

    /// Ten elements, built with an eleventh slot so that no call below grows the table.
    static let ten = "t = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11} t[11] = nil u = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}"

    @Test func eachCallIsChargedItsCostAndItsSteps() throws {
        // RS_CALL_COST (16) + 4 per element step of a table without a metatable (RS_PLAIN_STEP;
        // docs/SANDBOX.md). insert: ten shifts and the write of the value; remove: nine shifts,
        // and the read of the result with the write of the hole.
        try Self.expectCharge(setup: Self.ten, call: "table.insert(t, 1, 0)", 16 + 4 * (10 + 1))
        try Self.expectCharge(setup: Self.ten, call: "table.insert(t, 0)", 16 + 4)
        try Self.expectCharge(setup: Self.ten, call: "table.remove(t, 1)", 16 + 4 * (9 + 1))
        try Self.expectCharge(setup: Self.ten, call: "table.remove(t)", 16 + 4)
        try Self.expectCharge(setup: Self.ten, call: "table.move(t, 1, 10, 1, u)", 16 + 4 * 10)
        try Self.expectCharge(setup: Self.ten, call: "table.unpack(t)", 16 + 4 * 10)
        // Ten one-byte strings and nine one-byte separators (under 16 bytes each): a step and a
        // piece (RS_CONCAT_PIECE, 6) each.
        try Self.expectCharge(setup: "s = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'}", call: "table.concat(s, ',')",
                              16 + 10 * (4 + 6))
        // A number is turned into its text first: 48 for an integer, 112 for a float.
        try Self.expectCharge(setup: "s = {1, 2.5}", call: "table.concat(s)", 16 + 2 * (4 + 6) + 48 + 112)
        // Four elements fit the Lua stack as it is (no growth, which the allocation charge
        // would add); a cell there costs 1. In order, by <: 4 reads into cells (4 + 1 each),
        // 3 comparisons (prepaid, n - 1, at 1 + 2 cells), 4 writes from cells (4 + 1 each).
        try Self.expectCharge(setup: "a = {1, 2, 3, 4}", call: "table.sort(a)", 16 + 4 * 5 + 3 * 3 + 4 * 5)
        // Reversed: 6 comparisons (1 + 2 + 3), 3 of them past the prepaid; before each of the
        // three insertions its moves at most (k - lo + 2: 3, 4, 5), two cells each.
        try Self.expectCharge(setup: "a = {4, 3, 2, 1}", call: "table.sort(a)", 16 + 4 * 5 + 3 * 3 + 3 * 3 + 12 * 2 + 4 * 5)
    }

    @Test func aMetatableMakesEachStepDear() throws {
        // RS_META_STEP (64) per step once the table has a metatable (an empty one will do).
        let meta = Self.ten + " setmetatable(t, {}) setmetatable(u, {})"
        try Self.expectCharge(setup: meta, call: "table.insert(t, 1, 0)", 16 + 11 * 64)
        try Self.expectCharge(setup: meta, call: "table.remove(t, 1)", 16 + 10 * 64)
        try Self.expectCharge(setup: Self.ten + " setmetatable(u, {})", call: "table.move(t, 1, 10, 1, u)", 16 + 10 * 64)
        try Self.expectCharge(setup: meta, call: "table.unpack(t)", 16 + 10 * 64)
        // An __index chain of two tables (t to a to b), which Lua walks in C for an absent key:
        // RS_CHAIN_STEP (4) more a step for each link, and the walk itself once.
        let chain = Self.ten + " local b = {} local a = setmetatable({}, {__index = b}) setmetatable(t, {__index = a})"
        try Self.expectCharge(setup: chain, call: "table.insert(t, 1, 0)", 16 + 2 * 4 + 11 * (64 + 2 * 4))
    }

    @Test func aRefusedChangeChangesNothing() throws {
        // insert's ten shifts cost 60 with the call: with a budget of 20 the call is refused
        // before the first shift, and the list is as it was.
        let vm = try LuaVM(options: .policy)
        try vm.run(Self.ten)
        try vm.load("table.insert(t, 1, 0)", chunkName: "t.lua")
        #expect(throws: LuaError.self) { try vm.pcall(nargs: 0, nresults: 0, budget: 20) }
        #expect(try vm.run("return table.concat(t, ',')") == [.string("1,2,3,4,5,6,7,8,9,10")])
    }
}
