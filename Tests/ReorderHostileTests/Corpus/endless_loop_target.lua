-- Fault: target never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (target -> nil (no move
--   this frame)), and leave the VM usable.
-- expect: hook=target kind=runaway
return {
  name = "endless_loop_target",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    while true do end  -- FAULT
  end,
}
