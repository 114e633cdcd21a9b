-- Fault: semantics never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (semantics -> "move"
--   (remove + insert, not an exchange)), and leave the VM usable.
-- expect: hook=semantics kind=runaway
return {
  name = "endless_loop_semantics",
  api = 1,
  semantics = function(ctx, from_s, from_r, to_s, to_r)
    while true do end  -- FAULT
  end,
}
