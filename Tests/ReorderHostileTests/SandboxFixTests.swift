import ReorderLua
import Testing

/// Regression tests for the two sandbox holes the corpus found (see the commits that fixed
/// them in CLuaShim): finalizers run with hooks off, and budget errors re-raised by the guards
/// of pcall / coroutine.resume named the guard instead of the policy.
@Suite("Sandbox holes found by the corpus")
struct SandboxFixTests {
    func error(_ source: String) -> LuaError? {
        do {
            let vm = try LuaVM(options: .policy)
            try vm.run(source, chunkName: "p.lua")
            return nil
        } catch {
            return error
        }
    }

    @Test func finalizersCannotBeInstalled() {
        let e = error("""
            local t = setmetatable({}, {__gc = function() while true do end end})
            """)
        #expect(e?.description == "p.lua:1: setmetatable: __gc metamethods are not allowed in policies")
        // `__gc = false` marks a table for finalization too.
        #expect(error("setmetatable({}, {__gc = false})")?.line == 1)
        // Other metatables still work, and setmetatable's own errors keep the caller's line.
        #expect(error("local t = setmetatable({}, {__index = {x = 1}}); assert(t.x == 1)") == nil)
        #expect(error("\nsetmetatable({}, 42)")?.description.hasPrefix("p.lua:2: bad argument #2 to 'setmetatable'") == true)
    }

    @Test func budgetErrorsFromCoroutinesNameThePolicyLine() {
        let e = error("""
            local co = coroutine.create(function()
              while true do end
            end)
            coroutine.resume(co)
            """)
        #expect(e?.kind == .budget)
        #expect(e?.file == "p.lua")
        #expect(e?.line == 2)
        let p = error("pcall(function()\n  while true do end\nend)")
        #expect(p?.kind == .budget)
        #expect(p?.line == 2)
    }
}
