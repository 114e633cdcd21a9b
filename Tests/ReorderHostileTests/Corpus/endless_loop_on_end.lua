-- Fault: on_end never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (on_end -> true (the drop
--   is kept, no rollback)), and leave the VM usable.
-- expect: hook=on_end kind=runaway
return {
  name = "endless_loop_on_end",
  api = 1,
  on_end = function(ctx, from_s, from_r, to_s, to_r)
    while true do end  -- FAULT
  end,
}
