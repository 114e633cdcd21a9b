-- Fault: a coroutine created at load time (when no hook call is active) spins forever when can_move resumes it.
-- Host must: the budget must reach every coroutine, including ones created before the hook call;
--   stop it, report file, line and can_move; fallback can_move -> false.
-- expect: hook=can_move kind=runaway
local spinner = coroutine.create(function()
  while true do end  -- FAULT
end)

return {
  name = "endless_loop_in_coroutine",
  api = 1,
  can_move = function(ctx, section, row)
    -- After the budget stops it, the coroutine is dead: later calls fail too.
    assert(coroutine.resume(spinner))
    return true
  end,
}
