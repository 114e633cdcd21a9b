-- Fault: on_move never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (the drag goes on as if
--   on_move had returned), and leave the VM usable.
-- expect: hook=on_move kind=runaway
return {
  name = "endless_loop_on_move",
  api = 1,
  on_move = function(ctx, from_s, from_r, to_s, to_r)
    while true do end  -- FAULT
  end,
}
