-- Fault: on_begin never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (the drag goes on as if
--   on_begin had returned), and leave the VM usable.
-- expect: hook=on_begin kind=runaway
return {
  name = "endless_loop_on_begin",
  api = 1,
  on_begin = function(ctx, section, row)
    while true do end  -- FAULT
  end,
}
