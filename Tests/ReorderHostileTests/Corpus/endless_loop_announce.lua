-- Fault: announce never returns (`repeat ... until false`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (announce -> the
--   built-in text, `event.default`), and leave the VM usable.
-- expect: hook=announce kind=runaway
return {
  name = "endless_loop_announce",
  api = 1,
  announce = function(ctx, event)
    repeat local said = event.default until false  -- FAULT
  end,
}
