import Testing
@testable import ReorderLua

@Suite struct SandboxTests {
    let vm: LuaVM
    init() throws { vm = try LuaVM(options: .policy) }

    func message(_ source: String) -> String? { luaError(vm, source)?.description }

    @Test func dangerousLibrariesAreAbsent() throws {
        #expect(try vm.run("return io, os, package, require, debug, dofile, loadfile, string.dump") ==
                [.nil, .nil, .nil, .nil, .nil, .nil, .nil, .nil])
        #expect(message("io.open('/etc/passwd')") == "t.lua:1: attempt to index a nil value (global 'io')")
        #expect(message("os.execute('true')") == "t.lua:1: attempt to index a nil value (global 'os')")
        #expect(message("require('os')") == "t.lua:1: attempt to call a nil value (global 'require')")
        #expect(message("debug.sethook()") == "t.lua:1: attempt to index a nil value (global 'debug')")
        #expect(message("string.dump(print)") == "t.lua:1: attempt to call a nil value (field 'dump')")
        #expect(message("(''):dump()") == "t.lua:1: attempt to call a nil value (method 'dump')")
    }

    @Test func binaryChunksAreRefused() throws {
        let bytecode = try LuaVM(options: .trusted).run("return string.dump(function() return 1 end)")
        guard case .string(let chunk)? = bytecode.first else { Issue.record("no bytecode"); return }
        vm.push(chunk)
        vm.setGlobal("chunk")
        #expect(try vm.run("return load(chunk)") ==
                [.nil, .string("attempt to load a binary chunk (mode is 't')")])
        #expect(message("return load(chunk, 'x', 'b')") == "t.lua:1: load: binary chunks are not allowed in policies")
        #expect(try vm.run("return load('return 7')()") == [.integer(7)])
        #expect(try vm.run("return load('return x', 'c', 't', {x = 5})()") == [.integer(5)])
        // Loading a binary chunk from the host into a sandbox is refused too.
        #expect(throws: LuaError.self) { try vm.load(chunk, chunkName: "evil.lua") }
    }

    @Test func librariesAreReadOnly() throws {
        #expect(message("string.upper = nil") == "t.lua:1: attempt to modify the read-only library 'string'")
        #expect(message("math.floor = function() return 0 end") == "t.lua:1: attempt to modify the read-only library 'math'")
        #expect(message("setmetatable(table, {})") == "t.lua:1: cannot change a protected metatable")
        // setmetatable as the manual has it (§6.1): a metatable replaced, removed, the table
        // returned; its argument errors as Lua 5.4.4 words them (lua5.4 prints the same).
        #expect(try vm.run("local t = setmetatable({}, {__index = {x = 1}}) local u = setmetatable(t, {__index = {x = 2}}) "
                           + "return u == t, t.x, getmetatable(setmetatable(t, nil))") == [.boolean(true), .integer(2), .nil])
        #expect(message("setmetatable(setmetatable({}, {__metatable = 'locked'}), {})") == "t.lua:1: cannot change a protected metatable")
        #expect(message("setmetatable(1, {})") == "t.lua:1: bad argument #1 to 'setmetatable' (table expected, got number)")
        #expect(message("setmetatable({}, 1)") == "t.lua:1: bad argument #2 to 'setmetatable' (nil or table expected, got number)")
        #expect(message("setmetatable({})") == "t.lua:1: bad argument #2 to 'setmetatable' (nil or table expected, got no value)")
        #expect(try vm.run("return getmetatable('')") == [.boolean(false)])
        #expect(try vm.run("return ('abc'):upper(), string.format('%d', 3), math.floor(2.5)") ==
                [.string("ABC"), .string("3"), .integer(2)])
        #expect(try vm.run("local n = 0 for k in pairs(math) do n = n + 1 end return n > 20") == [.boolean(true)])
        // Globals a policy writes stay in its own VM.
        try vm.run("shared = 42")
        #expect(try LuaVM(options: .policy).run("return shared") == [.nil])
    }

    @Test func garbageCollectorCannotBeStopped() throws {
        #expect(message("collectgarbage('stop')") == "t.lua:1: collectgarbage('stop') is not allowed in policies")
        #expect(try vm.run("return type(collectgarbage('count'))") == [.string("number")])
    }

    @Test func randomIsDeterministic() throws {
        let a = try vm.run("return math.random(1, 1000000), math.random()")
        let b = try LuaVM(options: .policy).run("return math.random(1, 1000000), math.random()")
        #expect(a == b)
        let c = try vm.run("math.randomseed() return math.random(1, 1000000)")
        let d = try LuaVM(options: .policy).run("math.randomseed() return math.random(1, 1000000)")
        #expect(c == d)
    }

    @Test func cFunctionsThatCannotBeInterruptedAreLimited() throws {
        #expect(message("return string.rep('x', 1 << 30)") ==
                "t.lua:1: string.rep: result of 1073741824 bytes exceeds the policy limit of 1048576 bytes")
        // Backtracking is charged as it goes: `.-.-b` over 800 bytes without a 'b' tries about
        // 800^3 / 6 = 85 million splits, far past the budget of 1,000,000.
        #expect(message("return string.rep('a', 800):find('.-.-b')") ==
                "t.lua:1: instruction budget exceeded (1000000 instructions) in string.find")
        #expect(message("return (string.rep('aaaaaaaaaaaaaaaa', 65536) .. 'a'):find('a')") ==
                "t.lua:1: string.find: subject of 1048577 bytes exceeds the policy limit of 1048576 bytes")
        // A billion moves are charged before the first (1 each for plain tables): refused at once.
        #expect(message("return table.move({}, 1, 1e9, 1, {})") ==
                "t.lua:1: instruction budget exceeded (1000000 instructions) in table.move")
        #expect(try vm.run("return ('key = value'):match('^(%w+)%s*=%s*(%w+)$')") == [.string("key"), .string("value")])
        #expect(try vm.run("return ('a.b'):find('.', 1, true)") == [.integer(2), .integer(2)])
        #expect(try vm.run("local n = 0 for w in ('a b c'):gmatch('%a+') do n = n + 1 end return n") == [.integer(3)])
    }
}

@Suite struct SandboxFinalizerTests {
    @Test func gcMetamethodsAreRefused() throws {
        let vm = try LuaVM(options: .policy)
        #expect(luaError(vm, "setmetatable({}, {__gc = function() while true do end end})")?.description ==
                "t.lua:1: setmetatable: __gc metamethods are not allowed in policies")
        #expect(try vm.run("local t = setmetatable({}, {__index = {x = 1}}) return t.x") == [.integer(1)])
    }
}
