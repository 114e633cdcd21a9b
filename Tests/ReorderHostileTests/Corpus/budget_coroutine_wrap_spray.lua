-- Fault: target calls ten million fresh coroutine.wrap functions (Lua's wrap resumes without going through coroutine.resume).
-- Host must: charge each wrap and each call of its function to the budget; stop it; report file, line and target; fallback target -> nil.
-- expect: hook=target kind=runaway
return {
  name = "budget_coroutine_wrap_spray",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    for i = 1, 1e7 do
      coroutine.wrap(function() local x = i * 2 end)()  -- FAULT
    end
    return to_s, to_r
  end,
}
