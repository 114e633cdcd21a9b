-- Fault: combine never returns (a tail call to itself, which grows no stack).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (combine -> false (no
--   combine: the pair reorders as if combining were off)), and leave the VM usable.
-- expect: hook=combine kind=runaway
return {
  name = "endless_loop_combine",
  api = 1,
  combine_rule = "band",
  combine = function(ctx, from_s, from_r, onto_s, onto_r)
    local function spin(n) return spin(n + 1) end return spin(0)  -- FAULT
  end,
}
