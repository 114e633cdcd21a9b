import ReorderCore
import ReorderLua
import Testing

/// The sandbox's own `coroutine.create`, `resume`, `wrap` and `close` (sandbox.c, written from
/// the manual, §6.2) against Lua's (the trusted VM opens Lua 5.4's coroutine library): the same
/// programs print the same lines and raise the same errors, messages and positions included.
/// The sandbox only adds its charges, which these programs stay well within.
@Suite("Coroutines: the sandbox's against Lua's")
struct CoroutineTests {
    /// Prints each value: strings as they are, other values by type, so addresses never differ.
    static let prelude = """
        local function show(...)
          local t = table.pack(...)
          for i = 1, t.n do
            local v = t[i]
            if type(v) ~= "string" and type(v) ~= "number" and type(v) ~= "boolean" and v ~= nil then t[i] = type(v) else t[i] = tostring(v) end
          end
          print(table.concat(t, " | ", 1, t.n))
        end
        local function closer(name, fail)
          return setmetatable({}, {__close = function(_, e) print("close " .. name, type(e) == "table" and "table" or e) if fail then error(fail) end end})
        end

        """

    /// Runs `body` (after the prelude) in a VM; returns what it printed and how it ended.
    static func transcript(_ body: String, sandboxed: Bool) throws -> String {
        let vm = try LuaVM(options: sandboxed ? .policy : .trusted)
        var out = ""
        vm.output = { out += $0.text + "\n" }
        do {
            try vm.run(prelude + body, chunkName: "co.lua")
            out += "ok\n"
        } catch {
            out += "error: \(error.message)\n"
        }
        return out
    }

    static func expectSame(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lua = try transcript(body, sandboxed: false)
        let ours = try transcript(body, sandboxed: true)
        #expect(ours == lua, "program:\n\(body)", sourceLocation: sourceLocation)
    }

    /// Programs of the manual's cases, each line of Lua's answer pinned by running Lua's own
    /// library on it.
    @Test(arguments: [
        // resume: start, yields in and out, return, dead
        """
        local co = coroutine.create(function(a, b) show("in", a, b) local c = coroutine.yield(a + b) show("got", c) return "end", 7 end)
        show(coroutine.status(co)) show(coroutine.resume(co, 1, 2)) show(coroutine.status(co))
        show(coroutine.resume(co, "x")) show(coroutine.status(co)) show(coroutine.resume(co))
        """,
        // bad arguments
        """
        show(pcall(coroutine.resume)) show(pcall(coroutine.resume, 1)) show(pcall(coroutine.create, {}))
        show(pcall(coroutine.wrap)) show(pcall(coroutine.close, "x")) show(pcall(coroutine.status, 1))
        """,
        // running and normal coroutines cannot be resumed or closed
        """
        local outer
        outer = coroutine.create(function()
          show(coroutine.resume(outer)) show(pcall(coroutine.close, outer))
          local inner = coroutine.create(function() show(coroutine.status(outer)) show(coroutine.resume(outer)) show(pcall(coroutine.close, outer)) end)
          show(coroutine.resume(inner))
        end)
        show(coroutine.resume(outer)) show(pcall(coroutine.close, coroutine.running()))
        """,
        // wrap: values, errors with the caller's position, non-string errors, dead
        """
        local g = coroutine.wrap(function(...) show(...) local x = coroutine.yield(select("#", ...)) error("bad " .. x) end)
        show(g(1, nil, 3))
        show(pcall(g, "y"))
        show(pcall(g))
        local t = {}
        local h = coroutine.wrap(function() error(t) end)
        local ok, e = pcall(h) show(ok, e == t)
        show(pcall(coroutine.wrap(function() error("lvl0", 0) end)))
        show(pcall(coroutine.wrap(error), "direct"))
        local function deep() local f = coroutine.wrap(function() error("inner") end) f() end
        show(pcall(coroutine.wrap(deep)))
        """,
        // errors raised from Lua code calling a wrap function (the prefix is that line's)
        """
        local g = coroutine.wrap(function() error({}) end)
        local k = coroutine.wrap(function() return 1 end)
        k()
        k()
        """,
        """
        local g = coroutine.wrap(function() error("plain") end)
        local function call() return g() end
        call()
        """,
        // close: suspended with to-be-closed variables, errors in them, twice, dead by error
        """
        local co = coroutine.create(function() local a <close> = closer("a") local b <close> = closer("b") coroutine.yield(1) end)
        show(coroutine.resume(co)) show(coroutine.close(co)) show(coroutine.status(co)) show(coroutine.close(co))
        local bad = coroutine.create(function() local a <close> = closer("a", "close failed") coroutine.yield() end)
        show(coroutine.resume(bad)) show(coroutine.close(bad)) show(coroutine.close(bad))
        local dead = coroutine.create(function() local a <close> = closer("d") error("died") end)
        show(coroutine.resume(dead)) show(coroutine.close(dead)) show(coroutine.close(dead)) show(coroutine.resume(dead))
        show(coroutine.close(coroutine.create(print)))
        """,
        // a wrap function closes its coroutine when it dies; a __close error replaces the error
        """
        local w = coroutine.wrap(function() local a <close> = closer("w", "from close") error("from body") end)
        show(pcall(w))
        local v = coroutine.wrap(function() local a <close> = closer("v") error("only body") end)
        show(pcall(v)) show(pcall(v))
        """,
        // yields across pcall inside a coroutine, yield outside one, yieldable and running
        """
        local co = coroutine.wrap(function() show(coroutine.isyieldable()) show(pcall(coroutine.yield, "p")) return "done" end)
        show(co()) show(co("back"))
        show(pcall(coroutine.yield, 1)) show(coroutine.isyieldable())
        local main, ismain = coroutine.running() show(main ~= nil, ismain)
        show(coroutine.resume(coroutine.create(function() local c, m = coroutine.running() return type(c), m end)))
        """,
        // a C function as the body; many values each way
        """
        show(coroutine.resume(coroutine.create(print), "via", "print"))
        local co = coroutine.create(function(...) local n = select("#", ...) return coroutine.yield(n, ...) end)
        local r = table.pack(coroutine.resume(co, table.unpack({1, 2, 3, 4, 5, 6, 7, 8, 9, 10})))
        show(r.n, r[1], r[2], r[12])
        r = table.pack(coroutine.resume(co, "a", "b"))
        show(r.n, r[1], r[2], r[3])
        """,
        // resumes nested deeper than the C stack allows
        """
        local function f() return coroutine.wrap(f)() end
        local ok, e = pcall(f)
        show(ok, #e > 0, e:sub(-16))
        """,
    ])
    func sameAsLua(_ body: String) throws {
        try Self.expectSame(body)
    }

    /// Programs drawn from a fixed seed: a body that yields some values then returns, errors
    /// with a string, a table or nothing, with or without to-be-closed variables (whose
    /// __close may fail), driven by resume, a wrap function under pcall, or close midway.
    @Test func generatedProgramsBehaveAsLuas() throws {
        var rng = SplitMix64(seed: 2026)
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        for _ in 0..<120 {
            let yields = Int(rng.next() % 4)
            let tbc = pick(["", "local a <close> = closer(\"a\") ", "local a <close> = closer(\"a\", \"fa\") "])
            let end_ = pick(["return \"r1\", 2", "error(\"e1\")", "error({})", "error()", "error(\"e0\", 0)", "return"])
            var body = "function(...) \(tbc)show(\"start\", ...) "
            for i in 0..<yields { body += "show(\"got\", coroutine.yield(\(i), \"y\(i)\")) " }
            body += "\(end_) end"
            let driver: String
            switch rng.next() % 3 {
            case 0:
                driver = "local co = coroutine.create(\(body))\nfor i = 1, \(yields + 2) do show(coroutine.status(co), coroutine.resume(co, i)) end\nshow(coroutine.close(co))"
            case 1:
                driver = "local w = coroutine.wrap(\(body))\nfor i = 1, \(yields + 2) do show(pcall(w, i)) end"
            default:
                let stop = Int(rng.next() % UInt64(yields + 1))
                driver = "local co = coroutine.create(\(body))\nfor i = 1, \(stop) do show(coroutine.resume(co, i)) end\nshow(coroutine.close(co)) show(coroutine.status(co)) show(coroutine.resume(co))"
            }
            try Self.expectSame(driver)
        }
    }
}
