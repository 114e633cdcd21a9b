-- Fault: can_add never returns (a tail call to itself, which grows no stack).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (can_add -> false (a
--   `refuse` event; the item does not join the drag)), and leave the VM usable.
-- expect: hook=can_add kind=runaway
return {
  name = "endless_loop_can_add",
  api = 1,
  can_add = function(ctx, section, row)
    local function spin(n) return spin(n + 1) end return spin(0)  -- FAULT
  end,
}
