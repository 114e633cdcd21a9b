-- Fault: on_begin creates an object whose __gc finalizer spins for seconds; Lua runs finalizers with hooks off, so the budget hook cannot stop it. (A finite loop of 4e8 steps, so that a host without a defence fails the time bound instead of hanging the test run.)
-- Host must: refuse __gc metamethods in the sandbox (or otherwise never run policy finalizers
--   unbudgeted): no call, and closing the VM, ever takes more than 10 ms past the budget.
-- expect: hook=on_begin kind=runaway diag=optional
return {
  name = "gc_finalizer_loops",
  api = 1,
  on_begin = function(ctx, section, row)
    setmetatable({}, {__gc = function() for i = 1, 400000000 do end end})  -- FAULT
    collectgarbage()
  end,
}
