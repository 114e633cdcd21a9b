-- Fault: on_cancel never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (on_cancel -> "revert"
--   (the order goes back to the press-begin order)), and leave the VM usable.
-- expect: hook=on_cancel kind=runaway
return {
  name = "endless_loop_on_cancel",
  api = 1,
  on_cancel = function(ctx)
    while true do end  -- FAULT
  end,
}
