-- Fault: can_move never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (can_move -> false (the
--   press is refused with a `refuse` event, no drag)), and leave the VM usable.
-- expect: hook=can_move kind=runaway
return {
  name = "endless_loop_can_move",
  api = 1,
  can_move = function(ctx, section, row)
    while true do end  -- FAULT
  end,
}
