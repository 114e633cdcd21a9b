-- Fault: can_move asks table.move to copy a billion (absent) elements: one C loop, no Lua instructions.
-- Host must: stop or refuse it within 10 ms of the budget; report it; fallback can_move -> false.
-- expect: hook=can_move kind=runaway
return {
  name = "runaway_table_move",
  api = 1,
  can_move = function(ctx, section, row)
    table.move({}, 1, 1000000000, 1, {})  -- FAULT
    return true
  end,
}
