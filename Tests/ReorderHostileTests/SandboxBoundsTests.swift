import Dispatch
import Foundation
import ReorderCore
import ReorderLua
import ReorderTestSupport
import Testing

/// Every library function a policy can reach does bounded work per call, and one
/// budget covers every coroutine of a VM, at call time and at load time (docs/SANDBOX.md).
///
/// Each case runs hostile code in a fresh policy VM (1,000,000 instructions, 8 MiB) and checks
/// the exact outcome: the error names the file, the line and what went wrong. Each call must end
/// well under 10 s (a hang would take minutes). How long
/// each call ran past the time the budget allows plain Lua code is printed as a figure.
@Suite("Sandbox bounds", .serialized)
struct SandboxBoundsTests {
    /// A generous wall-clock bound that only catches a hang (debug build, loaded 2-core machine;
    /// scaled in a sanitizer build, whose CPU-time limits are as many times longer).
    /// The limits are CPU time, so wall time stretches with the machine's load: the 500 ms parse
    /// deadline took 4.2 s of wall time at a load average of 13 on 2 cores.
    static let hangBound = sanitizerScaled(10.0)

    /// The message every budget error carries (shim.h RS_BUDGET_MESSAGE and the default budget
    /// of `LuaVM.Options.policy`).
    static let budget = "instruction budget exceeded (1000000 instructions)"

    /// Runs `source` as chunk `t.lua` in a fresh policy VM; returns its error and the seconds
    /// the run took.
    static func run(_ source: String, timeLimited: Bool = false) -> (error: LuaError?, seconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = ThreadCPUClock.seconds()
        var failure: LuaError?
        do {
            let vm = try LuaVM(options: .policy)
            try vm.run(source, chunkName: "t.lua")
        } catch {
            failure = error
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        Overruns.shared.record(seconds, source, timeLimited: timeLimited, cpu: ThreadCPUClock.seconds() - cpuStart)
        if ProcessInfo.processInfo.environment["SANDBOX_BOUNDS_VERBOSE"] != nil { print(String(format: "case %.2f ms: %@", seconds * 1000, String(source.replacingOccurrences(of: "\n", with: " ⏎ ").prefix(150)))) }
        return (failure, seconds)
    }

    /// Expects a budget error at `line` of t.lua raised by the charge of one of `functions`
    /// ("" for the count hook) (which of two charges on one line finds the budget spent depends on the arithmetic of the
    /// hook counters; the line and the kind do not).
    static func expectBudget(_ source: String, line: Int, in functions: [String],
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let r = run(source)
        let allowed = functions.map { $0.isEmpty ? "t.lua:\(line): \(budget)" : "t.lua:\(line): \(budget) in \($0)" }
        #expect(r.error.map { allowed.contains($0.description) } == true, "\(String(describing: r.error))",
                sourceLocation: sourceLocation)
        #expect(r.error?.kind == .budget, sourceLocation: sourceLocation)
        #expect(r.seconds < hangBound, "took \(r.seconds) s", sourceLocation: sourceLocation)
    }

    /// Expects `source` to fail with exactly `message` (`t.lua:<line>: <text>`), in bounded time.
    static func expectError(_ source: String, _ message: String, kind: LuaError.Kind = .budget,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let r = run(source)
        #expect(r.error?.description == message, sourceLocation: sourceLocation)
        #expect(r.error?.kind == kind, "\(String(describing: r.error))", sourceLocation: sourceLocation)
        #expect(r.seconds < hangBound, "took \(r.seconds) s", sourceLocation: sourceLocation)
    }

    // MARK: - One budget across coroutines

    /// Each new coroutine starts with a full hook counter (lua_newthread resets it): before the
    /// fix, ~900 instructions in each of 10^7 fresh coroutines were never charged (9·10^9
    /// instructions, minutes). Now create and resume each pay hook_step (1000) up front, so the
    /// budget runs out after about 1,000,000 / 2,300 = 434 coroutines, on line 2 (create and
    /// resume are on it; the coroutine's own loop is charged by its own counter too).
    @Test func freshCoroutinesAreCharged() {
        Self.expectBudget("""
            for i = 1, 1e7 do
              local co = coroutine.create(function() for j = 1, 300 do end end) coroutine.resume(co)
            end
            """, line: 2, in: ["coroutine.create", "coroutine.resume"])
    }

    @Test func freshWrappedCoroutinesAreCharged() {
        // coroutine.wrap's function resumes through the charging path (Lua's auxwrap did not).
        // Each iteration: wrap (creation, 1000) + the call (1000), both on line 2.
        Self.expectBudget("""
            for i = 1, 1e7 do
              coroutine.wrap(function() local x = i end)()
            end
            """, line: 2, in: ["coroutine.create", "coroutine.wrap"])
    }

    @Test func resumingOneYieldingCoroutineIsCharged() {
        // A coroutine that yields after 2 instructions: each resume pays 1000 up front.
        // 1,000,000 / 1000 = 1000 resumes (the loop's own instructions add hook fires, so
        // the budget runs out on a resume: line 4).
        Self.expectError("""
            local co = coroutine.wrap(function() while true do coroutine.yield() end end)
            local r = coroutine.create(function() while true do coroutine.yield() end end)
            for i = 1, 1e8 do
              coroutine.resume(r)
            end
            """, "t.lua:4: \(Self.budget) in coroutine.resume")
    }

    @Test func nestedCoroutinesShareTheBudget() {
        // Coroutines created inside coroutines: same VM, same budget.
        let r = Self.run("""
            local function spray(depth)
              for i = 1, 1e6 do
                local co = coroutine.create(function() if depth > 0 then spray(depth - 1) end end)
                coroutine.resume(co)
              end
            end
            assert(coroutine.resume(coroutine.create(function() spray(3) end)))
            """)
        // The budget error is raised inside the innermost coroutine and re-raised by each
        // guarded resume on the way out; it keeps the line where the budget ran out (3 or 4).
        #expect(r.error?.kind == .budget)
        #expect(r.error?.file == "t.lua")
        #expect([3, 4].contains(r.error?.line ?? 0), "\(String(describing: r.error))")
        #expect(r.seconds < Self.hangBound)
    }

    /// Load time: the chunk run when a policy file is loaded has the same budget.
    @Test(arguments: [
        ("for i = 1, 1e7 do local co = coroutine.create(function() for j = 1, 300 do end end) coroutine.resume(co) end",
         ["coroutine.create", "coroutine.resume"]),
        ("for i = 1, 1e7 do coroutine.wrap(function() local x = i end)() end", ["coroutine.create", "coroutine.wrap"]),
    ])
    func coroutinesAtLoadTimeAreCharged(_ spray: String, _ functions: [String]) throws {
        let file = try TempPolicy(name: "spray_at_load.lua", source: """
            -- sprays coroutines while the file loads
            \(spray)
            return { name = "spray", api = 1 }
            """)
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            _ = try LuaPolicy(path: file.path)
            Issue.record("the policy loaded")
        } catch {
            let allowed = functions.map { "spray_at_load.lua:2: \(Self.budget) in \($0)" }
            #expect(allowed.contains(error.description), "\(error)")
            #expect(error.kind == .budget)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        Overruns.shared.record(seconds, #function)
        #expect(seconds < Self.hangBound)
    }

    /// Legitimate coroutine use still works: 100 resumes cost 100 * 1000 charged instructions
    /// (a tenth of the budget), and `instructionsCharged` shows them.
    @Test func coroutinesStillWork() throws {
        let vm = try LuaVM(options: .policy)
        let before = vm.instructionsCharged
        let r = try vm.run("""
            local gen = coroutine.wrap(function() for i = 1, 100 do coroutine.yield(i) end end)
            local sum = 0
            for i = 1, 100 do sum = sum + gen() end
            return sum
            """)
        #expect(r == [.integer(5050)])   // 1 + ... + 100
        // 1 creation + 100 calls, 1000 each, plus the instructions themselves.
        #expect(vm.instructionsCharged - before >= 101_000)
    }

    // MARK: - string.rep

    @Test func repOfEmptyStringsIsConstantTime() throws {
        // Lua loops n times even when nothing is copied (9·10^18 iterations); now "" at once.
        let vm = try LuaVM(options: .policy)
        #expect(try vm.run("return #string.rep('', math.maxinteger)") == [.integer(0)])
        #expect(try vm.run("return #string.rep('', 1 << 62, '')") == [.integer(0)])
        #expect(try vm.run("return ('x'):rep(3, ', ')") == [.string("x, x, x")])
    }

    @Test func repIsChargedPerRepetition() {
        // With a separator the result is not empty: the size guard (shim.c rs_rep) counts
        // n * (#s + #sep) = 2^40 bytes.
        Self.expectError("return string.rep('', 1 << 40, 'x')",
                         "t.lua:1: string.rep: result of 1099511627776 bytes exceeds the policy limit of 1048576 bytes",
                         kind: .runtime)
        // 1 MiB of one-byte copies: 1,048,576 repetitions + 65,536 (1 MiB / 16) > 1,000,000.
        Self.expectError("return #string.rep('x', 1 << 20)", "t.lua:1: \(Self.budget) in string.rep")
        // A loop of cheap calls: each call pays RS_CALL_COST (16) and the loop's instructions
        // are counted by the hook: either stops it, on the loop's line.
        Self.expectBudget("local s\nfor i = 1, 1e9 do s = string.rep('', 1 << 40) end", line: 2, in: ["string.rep", ""])
    }

    // MARK: - table functions over metamethod lengths and C metamethods

    /// A proxy whose length is 10^9 and whose elements and writes are served by C functions
    /// (tostring gives a string for concat, rawlen gives 0, rawequal ignores writes): no Lua
    /// instruction runs while the library loops, so only a charge per element can stop it.
    static let cProxy = """
        local big = setmetatable({}, {__len = function() return 1e9 end, __index = tostring, __newindex = rawequal})
        local nums = setmetatable({}, {__len = function() return 2^31 - 2 end, __index = rawlen, __newindex = rawequal})
        """

    @Test func concatOverAMetamethodLength() {
        // Elements from rawlen (the number 0, one byte each): charged 64 per element.
        Self.expectError(Self.cProxy + "\nreturn table.concat(nums)", "t.lua:3: \(Self.budget) in table.concat")
        Self.expectError(Self.cProxy + "\nreturn table.concat(nums, ', ', 5, 1e12)", "t.lua:3: \(Self.budget) in table.concat")
        // Elements from a Lua function: its instructions and the concat's steps share the
        // budget, so it runs out in the function (line 2) or in the concat's charge (line 3).
        let r = Self.run("""
            local t = setmetatable({}, {__len = function() return math.maxinteger end,
                                        __index = function(t, i) return 'x' end})
            return table.concat(t, ',')
            """)
        #expect(r.error?.kind == .budget)
        #expect(["t.lua:2: \(Self.budget)", "t.lua:3: \(Self.budget) in table.concat"].contains(r.error?.description ?? ""),
                "\(String(describing: r.error))")
        #expect(r.seconds < Self.hangBound)
    }

    @Test func insertAndRemoveOverAMetamethodLength() {
        Self.expectError(Self.cProxy + "\ntable.insert(big, 1, 'x')", "t.lua:3: \(Self.budget) in table.insert")
        Self.expectError(Self.cProxy + "\ntable.remove(big, 1)", "t.lua:3: \(Self.budget) in table.remove")
    }

    @Test func unpackAndMoveAreChargedUpFront() {
        // 300,000 results from a proxy cost 64 each: the budget is spent after some 15,600 reads.
        Self.expectError(Self.cProxy + "\nreturn select('#', table.unpack(nums, 1, 300000))",
                         "t.lua:3: \(Self.budget) in table.unpack")
        // From a plain table, 100,000 each time (the stack of 8 MiB VM holds a few hundred
        // thousand values at most): 1 instruction per element, then select pays one per
        // argument: about the fifth round cannot pay (5 * 200,000 = 10^6).
        Self.expectBudget("""
            local t = {1, 2, 3}
            for i = 1, 100 do local n = select('#', table.unpack(t, 1, 100000)) end
            """, line: 2, in: ["table.unpack", "select"])
        // 1,000,000 elements at 64 each (the source has a metatable), charged before the first.
        Self.expectError(Self.cProxy + "\ntable.move(big, 1, 1000000, 1, {})", "t.lua:3: \(Self.budget) in table.move")
    }

    @Test func sortReadsTheLengthOnce() throws {
        // __len says 10 at its first read and 2^31 - 2 at every later one: the sort reads it once
        // and works on 10 elements (rawlen gives 0 for each; rawequal ignores the writes).
        #expect(try LuaVM(options: .policy).run("""
            local reads = 0
            local t = setmetatable({}, {__len = function() reads = reads + 1 return reads == 1 and 10 or 2^31 - 2 end,
                                        __index = rawlen, __newindex = rawequal})
            table.sort(t)
            return reads
            """) == [.integer(1)])
        // 2^31 - 2 elements read through a C __index at 64 each: the budget stops the reading.
        Self.expectError("""
            local t = setmetatable({}, {__len = function() return 2^31 - 2 end, __index = rawlen, __newindex = rawequal})
            table.sort(t)
            """, "t.lua:2: \(Self.budget) in table.sort")
    }

    @Test func sortWithACComparator() {
        // math.ult(0, 0) is always false: every element "equal", n log n comparisons of C calls.
        Self.expectError(Self.cProxy + "\ntable.sort(nums, math.ult)", "t.lua:3: \(Self.budget) in table.sort")
        // A plain array of 200,000 numbers: n log2 n = 3.5 million comparisons of C calls.
        Self.expectError("""
            local t = {}
            for i = 1, 200000 do t[i] = i % 7 end
            table.sort(t, math.ult)
            """, "t.lua:3: \(Self.budget) in table.sort")
    }

    @Test func tableFunctionsStillWork() throws {
        let vm = try LuaVM(options: .policy)
        #expect(try vm.run("""
            local t = {5, 3, 9, 1}
            table.sort(t)
            table.insert(t, 2, 4)
            local r = table.remove(t)
            return table.concat(t, ','), r, select('#', table.unpack(t))
            """) == [.string("1,4,3,5"), .integer(9), .integer(4)])
        // sort with a comparator, move between tables, pack.
        #expect(try vm.run("""
            local t = {1, 2, 3}
            table.sort(t, function(a, b) return a > b end)
            local u = table.move(t, 1, 3, 2, {0})
            return table.concat(u, ' '), table.pack(1, nil, 3).n
            """) == [.string("0 3 2 1"), .integer(3)])
    }

    // MARK: - patterns

    /// A 1 MiB subject built cheaply (65,536 repetitions of 16 bytes).
    static let subject = "local s = string.rep('aaaaaaaaaaaaaaaa', 65536)"
    static let needle = "local p = string.rep('aaaaaaaaaaaaaaaa', 32768) .. 'b'"

    @Test func longLiteralPatterns() {
        // 512 KiB literal, no specials: a plain search of 512 Ki candidates x 512 KiB memcmp.
        Self.expectError("\(Self.subject)\n\(Self.needle)\nreturn s:find(p)", "t.lua:3: \(Self.budget) in string.find")
        Self.expectError("\(Self.subject)\n\(Self.needle)\nreturn s:find(p, 1, true)", "t.lua:3: \(Self.budget) in string.find")
        // The same literal through the matcher (match has no plain mode).
        Self.expectError("\(Self.subject)\n\(Self.needle)\nreturn s:match(p)", "t.lua:3: \(Self.budget) in string.match")
    }

    @Test func balancedMatchOverALongSubject() {
        // %b() from every start position scans to the end: n^2 / 2 bytes.
        Self.expectError("local s = string.rep('((((((((((((((((', 65536)\nreturn s:find('%b()')",
                         "t.lua:2: \(Self.budget) in string.find")
        Self.expectError("local s = string.rep('((((((((((((((((', 65536)\nreturn (s:gsub('%b()', ''))",
                         "t.lua:2: \(Self.budget) in string.gsub")
    }

    @Test func hugeCharacterClass() {
        // A 512 KiB class scanned for each of 1 Mi subject bytes.
        let cls = "local c = '[' .. string.rep('cccccccccccccccc', 32768) .. ']'"
        Self.expectError("\(Self.subject)\n\(cls)\nreturn s:find(c)", "t.lua:3: \(Self.budget) in string.find")
        Self.expectError("\(Self.subject)\n\(cls)\nfor w in s:gmatch(c) do end", "t.lua:3: \(Self.budget) in string.gmatch")
        Self.expectError("\(Self.subject)\n\(cls)\nreturn s:gsub(c, '')", "t.lua:3: \(Self.budget) in string.gsub")
        // Repeated: each byte of the run is one more class test (the older guard, which refused
        // any subject too long for the pattern's repetitions, is gone: the charges bound it).
        Self.expectError("\(Self.subject)\n\(cls)\nfor w in s:gmatch(c .. '+') do end", "t.lua:3: \(Self.budget) in string.gmatch")
    }

    @Test(arguments: [
        // `.-.-.-b` over 100,000 bytes without a 'b': about 10^15 / 24 splits.
        ("return string.rep('a', 1e5):find('.-.-.-b')", "string.find"),
        // Exponential: 40 runs over 40 bytes give back bytes in every combination.
        ("return ('a'):rep(40):match(('a*'):rep(40) .. 'b')", "string.match"),
        ("return (('a'):rep(40):gsub(('a-'):rep(40) .. 'b', ''))", "string.gsub"),
        ("for w in ('a'):rep(40):gmatch(('a?'):rep(40) .. 'b') do end", "string.gmatch"),
        // A back-reference compared at every split: (a*)%1 over 100,000 bytes.
        ("return string.rep('a', 1e5):find('(a*)%1b')", "string.find"),
    ])
    func pathologicalBacktracking(_ source: String, _ function: String) {
        Self.expectError(source, "t.lua:1: \(Self.budget) in \(function)")
    }

    @Test func deeplyNestedCaptures() {
        // 32 nested captures (the most a match may have) around a greedy run: each split the
        // run gives back closes and reopens all 32 of them.
        Self.expectError("return string.rep('a', 1e4):find(string.rep('(', 32) .. 'a*' .. string.rep(')', 32) .. 'b')",
                         "t.lua:1: \(Self.budget) in string.find")
        // One more is Lua's own error, raised when the 33rd opens.
        Self.expectError("return ('a'):find(string.rep('(', 33) .. 'a' .. string.rep(')', 33))", "t.lua:1: too many captures",
                         kind: .runtime)
        // 200 pending choices is Lua's recursion limit; the matcher keeps it (its stack is explicit).
        Self.expectError("return ('a'):rep(300):find(('a?'):rep(250))", "t.lua:1: pattern too complex", kind: .runtime)
        Self.expectError("return ('a'):rep(300):find(('(a)'):rep(150))", "t.lua:1: too many captures", kind: .runtime)
    }

    /// A pattern of NUL bytes: Lua's "no specials" test calls strpbrk once per NUL-separated
    /// piece, two million C calls for 1 MiB, charged nothing; here the pattern's scan and each
    /// byte compared are charged. z: 1 MiB of NULs; h: 512 KiB of them and a 1.
    @Test(arguments: [
        // 512 Ki candidates, each compared over up to 512 KiB, with and without `plain`.
        ("return z:find(h, 1, true)", 3),
        ("return z:find(h)", 3),
        // A short subject: the 1 MiB pattern's own scan costs 1 MiB / 4 = 262,144 a call, so the
        // fourth call cannot pay.
        ("for i = 1, 100 do local a = ('x'):find(z) end", 3),
    ])
    func longPatternsOfNULs(_ call: String, _ line: Int) {
        let sixteen = String(repeating: "\\0", count: 16)
        Self.expectError("local z = string.rep('\(sixteen)', 65536)\nlocal h = string.rep('\(sixteen)', 32768) .. '\\1'\n\(call)",
                         "t.lua:\(line): \(Self.budget) in string.find")
    }

    @Test func hugeReplacementExpansion() {
        // Each match appends 5,000 copies of itself: 5,000 escapes expanded a match (charged one
        // each), so the budget runs out after about 200 of the 1,000 matches (1 MB of result).
        Self.expectError("local s = string.rep('a', 1000)\nreturn s:gsub('a', string.rep('%0', 5000))",
                         "t.lua:2: \(Self.budget) in string.gsub")
        // Every empty match of a 1 MiB subject, one iterator call each.
        Self.expectBudget("\(Self.subject)\nfor w in s:gmatch('') do end", line: 2, in: ["string.gmatch", ""])
    }

    @Test func patternsStillWork() throws {
        let vm = try LuaVM(options: .policy)
        #expect(try vm.run("return ('key = value'):match('^(%w+)%s*=%s*(%w+)$')") == [.string("key"), .string("value")])
        #expect(try vm.run("return ('f(a(b)c)d'):find('%b()')") == [.integer(2), .integer(8)])
        #expect(try vm.run("return ('hello world'):gsub('o', '0')") == [.string("hell0 w0rld"), .integer(2)])
        #expect(try vm.run("return ('THE (quick) fox'):find('%f[%a]%a+', 5)") == [.integer(6), .integer(10)])
        #expect(try vm.run("return ('abc'):gsub('%w', '%0%0')") == [.string("aabbcc"), .integer(3)])
        #expect(try vm.run("return ('x=1, y=2'):gsub('(%w+)=(%w+)', '%2=%1')") == [.string("1=x, 2=y"), .integer(2)])
    }

    // MARK: - load

    @Test func loadWithAReaderFunctionIsRemoved() {
        // A reader that feeds an endless comment would parse forever between two hook fires.
        Self.expectError("""
            local first = true
            return load(function() if first then first = false return '--[[' end return 'x' end)
            """, "t.lua:2: load: only strings can be loaded in policies (got a function; reader functions are not available)",
            kind: .runtime)
        Self.expectError("return load(io)",
                         "t.lua:1: load: only strings can be loaded in policies (got a nil; reader functions are not available)",
                         kind: .runtime)
    }

    /// n `elseif` branches take Lua's parser time quadratic in n (each branch walks the chain of
    /// jumps to the end). Parse time is charged to the budget.
    static func elseifChain(_ n: Int) -> String {
        "local x = 0\nif x == 0 then x = 1\n" + String(repeating: "elseif x == 2 then x = 3\n", count: n) + "end\n"
    }

    @Test func parseBombsInLoadAreCharged() throws {
        // 40,000 branches (1 MB of source, under the 1 MiB load limit): each byte costs one
        // instruction at least, so the budget (10^6) runs out before the end.
        let source = Self.elseifChain(40_000)
        #expect(source.utf8.count == 1_000_037)   // 12 + 21 + 40,000 * 25 + 4
        let vm = try LuaVM(options: .policy)
        vm.push(source)
        vm.setGlobal("chunk")
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try vm.run("local f = load(chunk)\nreturn f", chunkName: "t.lua")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "t.lua:1: \(Self.budget) in load")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        Overruns.shared.record(seconds, #function)
        #expect(seconds < Self.hangBound)
        // Past the size limit: refused before parsing.
        // 2 * 32768 * 16 + 2 = 1,048,578 bytes: two more than the limit.
        Self.expectError("local h = string.rep('----------------', 32768)\nreturn load(h .. h .. '--')",
                         "t.lua:2: load: chunk of 1048578 bytes exceeds the policy limit of 1048576 bytes", kind: .runtime)
        // A small chunk still loads, with its environment.
        #expect(try vm.run("return load('return x', 'c', 't', {x = 7})()") == [.integer(7)])
    }

    /// A policy FILE with a quadratic elseif chain: the host-side parse stops at 500 ms.
    @Test func parseBombInAPolicyFile() throws {
        // 160,000 branches: 4,000,031 bytes, under the 4 MiB file limit; it would parse for
        // minutes (quadratic), so the 500 ms deadline stops it.
        let file = try TempPolicy(name: "elseif_bomb.lua", source: Self.elseifChain(160_000) + "return { api = 1 }\n")
        // CPU time of this thread, which reads and parses the file: the parse's limit is CPU
        // time, and a loaded machine stretches the wall time (55.6 s seen under TSan at a load
        // average of 10 to 16 on 2 cores).
        let start = DispatchTime.now().uptimeNanoseconds, cpuStart = ThreadCPUClock.seconds()
        do {
            _ = try LuaPolicy(path: file.path)
            Issue.record("the policy loaded")
        } catch {
            #expect(error.file == "elseif_bomb.lua")
            #expect(error.line != nil)
            #expect(error.message.hasPrefix("parsing stopped after "), "\(error)")
            // 500 ms, scaled in a sanitizer build as the C side scales it (shim.h RS_PARSE_DEADLINE_NS).
            let limit = sanitizerScaled(500)
            #expect(error.message.hasSuffix("ms: the chunk takes too long to compile (policy limit \(limit) ms; split long elseif chains or the file)"), "\(error)")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = ThreadCPUClock.seconds() - cpuStart
        #expect(cpu < Self.hangBound, "took \(cpu) s of CPU, \(seconds) s of wall time")
        print("sandbox bounds figures: elseif_bomb.lua (160,000 branches) refused after \(String(format: "%.3f", seconds)) s")
    }

    // MARK: - other functions

    @Test func collectgarbageIsChargedForTheHeap() {
        // A heap of 3 MiB: each full collection costs about 3 MiB / 16 = 196,608 instructions,
        // so the sixth call in the loop finds the budget spent.
        Self.expectError("""
            local h = string.rep('abcdefghijklmnop', 65536) local keep = {h .. 'a', h .. 'b'}
            for i = 1, 1e6 do
              collectgarbage()
            end
            """, "t.lua:3: \(Self.budget) in collectgarbage")
    }

    @Test func selectOverManyArgumentsIsCharged() {
        // select(2, ...) over 50,000 values copies them: 50,003 instructions a call (one per
        // argument, plus one), so the budget lasts about nineteen calls.
        Self.expectError("""
            local t = {1, 2, 3}
            local function f(...) for i = 1, 1e6 do local _ = select(2, ...) end end
            f(table.unpack(t, 1, 50000))
            """, "t.lua:2: \(Self.budget) in select")
    }

    // MARK: - instructions that cost more than one

    /// Some single instructions do work that grows with their operands: `a == b` and `a < b`
    /// compare two long strings byte by byte, `g(...)` copies every vararg. 1,000,000 of them
    /// ran 20-50 s (measured before the time limit). A budgeted call also stops once its thread
    /// has run budget * 100 ns of CPU time (100 ms here, shim.h RS_NS_PER_BUDGET_INSTRUCTION).
    /// (50,000 varargs: with 100,000 the stack is so near the memory cap that the clock's stop,
    /// which may land on g's first instruction, finds no room for the hook's own stack slots,
    /// and the call ends with "not enough memory" instead; docs/SANDBOX.md.)
    @Test(arguments: [
        ("local t = {1, 2, 3}\nlocal function g() end\nlocal function f(...) for i = 1, 1e6 do g(...) end end\nf(table.unpack(t, 1, 50000))", 3),
        ("local h = string.rep('abcdefghijklmnop', 65536)\nlocal a, b = h .. 'x', h .. 'y'\nlocal n = 0\nfor i = 1, 1e6 do if a == b then n = n + 1 end end", 4),
        ("local h = string.rep('abcdefghijklmnop', 65536)\nlocal a, b = h .. 'x', h .. 'y'\nlocal n = 0\nfor i = 1, 1e6 do if a < b then n = n + 1 end end", 4),
    ])
    func expensiveInstructionsStopAtTheTimeLimit(_ source: String, _ line: Int) {
        let r = Self.run(source, timeLimited: true)
        #expect(r.error?.kind == .budget)
        #expect(r.error?.file == "t.lua")
        #expect(r.error?.line == line, "\(String(describing: r.error))")
        let message = r.error?.message ?? ""
        #expect(message.hasPrefix("\(Self.budget): the call ran "), "\(message)")
        #expect(message.hasSuffix(" ms, past its limit of \(sanitizerScaled(100)) ms"), "\(message)")
        #expect(r.seconds < Self.hangBound)
    }

    // MARK: - warn

    @Test func warnFloodIsCapped() throws {
        let file = try TempPolicy(name: "warn_flood.lua", source: """
            return {
              api = 1,
              can_move = function(ctx, section, row)
                local w = string.rep('w', 600)
                for i = 1, 5000 do warn(w) end
                return true
              end,
            }
            """)
        let policy = try LuaPolicy(path: file.path)
        _ = policy.drainDiagnostics()
        let ctx = CorpusTests.context()
        #expect(policy.canMove(ctx, at: .init(section: 0, item: 0)))
        let d = policy.drainDiagnostics()
        let warnings = d.filter { $0.kind == .warning }
        // 1000 kept (LuaPolicy.warningLimit) plus one line counting the rest: 5000 - 1000.
        #expect(warnings.count == LuaPolicy.warningLimit + 1)
        #expect(warnings.last?.message == "warn_flood.lua: 4000 more warnings dropped")
        // Each message is cut at the shim's 511-byte warn buffer.
        #expect(warnings.first?.message == "warn_flood.lua: warning: " + String(repeating: "w", count: 511))
    }

    // MARK: - figures

    /// Runs last (the suite is serialized, and this name sorts last): prints the longest time a
    /// call of this suite ran past the time the budget allows a plain Lua loop.
    @Test func zzReportOverruns() throws {
        var best = Double.infinity, bestCPU = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpu = ThreadCPUClock.seconds()
            _ = try? LuaVM(options: .policy).run("while true do end")
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            bestCPU = min(bestCPU, ThreadCPUClock.seconds() - cpu)
        }
        let o = Overruns.shared
        print(String(format: "sandbox bounds figures: a plain Lua loop spends the budget in %.2f ms (%.2f ms CPU); over %d calls stopped by the budget, the longest took %.2f ms, %.2f ms past it; in CPU time %.2f ms, %.2f ms past it",
                     best * 1000, bestCPU * 1000, o.count, o.longest * 1000, max(0, o.longest - best) * 1000,
                     o.longestCPU * 1000, max(0, o.longestCPU - bestCPU) * 1000))
        print("sandbox bounds figures: the longest call ran: \(o.slowest); in CPU time: \(o.slowestCPU)")
        print(String(format: "sandbox bounds figures: calls stopped by the CPU-time limit (100 ms): the longest took %.2f ms of wall time", o.longestTimeLimited * 1000))
        #expect(o.longest < Self.hangBound)
        #expect(o.longestTimeLimited < Self.hangBound)
    }
}

/// The longest call seen by the suite.
final class Overruns: @unchecked Sendable {
    static let shared = Overruns()
    private let lock = NSLock()
    private var max = 0.0
    private var n = 0
    private var slowestSource = ""
    private var maxTimeLimited = 0.0
    /// Records a call; `timeLimited`: one the CPU-time limit stops (measured apart).
    private var maxCPU = 0.0
    private var slowestCPUSource = ""
    func record(_ seconds: Double, _ what: String, timeLimited: Bool = false, cpu: Double = 0) {
        lock.lock(); defer { lock.unlock() }
        if timeLimited { maxTimeLimited = Swift.max(maxTimeLimited, seconds); return }
        if cpu > maxCPU { maxCPU = cpu; slowestCPUSource = String(what.prefix(200)) }
        if seconds > max { max = seconds; slowestSource = String(what.prefix(200)) }
        n += 1
    }
    var slowest: String { lock.lock(); defer { lock.unlock() }; return slowestSource }
    var longestCPU: Double { lock.lock(); defer { lock.unlock() }; return maxCPU }
    var slowestCPU: String { lock.lock(); defer { lock.unlock() }; return slowestCPUSource }
    var longestTimeLimited: Double { lock.lock(); defer { lock.unlock() }; return maxTimeLimited }
    var longest: Double { lock.lock(); defer { lock.unlock() }; return max }
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
}

/// A policy file in a fresh temporary directory, removed when the value is released.
final class TempPolicy {
    let path: String
    private let directory: URL
    init(name: String, source: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try source.write(to: url, atomically: true, encoding: .utf8)
        path = url.path
    }
    deinit { try? FileManager.default.removeItem(at: directory) }
}
