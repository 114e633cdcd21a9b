-- Fault: can_move spreads a long loop over ten million fresh coroutines, each running 300 instructions (a new coroutine starts with a full hook counter, so none of them was ever charged: 7-9 s, then true).
-- Host must: charge every coroutine to the VM's one budget (each create and resume pays the hook interval up front); stop it within 10 ms of the budget; report file, line and can_move; fallback can_move -> false.
-- expect: hook=can_move kind=runaway
return {
  name = "budget_coroutine_spray",
  api = 1,
  can_move = function(ctx, section, row)
    for i = 1, 1e7 do
      local co = coroutine.create(function() for j = 1, 300 do end end) coroutine.resume(co)  -- FAULT
    end
    return true
  end,
}
