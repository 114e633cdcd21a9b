-- Fault: can_nest never returns (a tail call to itself, which grows no stack).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (can_nest -> false (the node
--   goes one level shallower)), and leave the VM usable.
-- expect: hook=can_nest kind=runaway
return {
  name = "endless_loop_can_nest",
  api = 1,
  can_nest = function(ctx, item, parent)
    local function spin(n) return spin(n + 1) end return spin(0)  -- FAULT
  end,
}
