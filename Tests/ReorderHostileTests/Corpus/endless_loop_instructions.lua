-- Fault: instructions never returns (a `goto` back to its own label).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (instructions -> the
--   built-in text), and leave the VM usable.
-- expect: hook=instructions kind=runaway
return {
  name = "endless_loop_instructions",
  api = 1,
  instructions = function(ctx, section, row)
    ::again:: goto again  -- FAULT
  end,
}
