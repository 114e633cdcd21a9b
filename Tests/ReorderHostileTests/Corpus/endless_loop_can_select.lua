-- Fault: can_select never returns (a `while true` loop that counts).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (can_select -> false
--   (the item is not selected)), and leave the VM usable.
-- expect: hook=can_select kind=runaway
return {
  name = "endless_loop_can_select",
  api = 1,
  can_select = function(ctx, section, row)
    while true do row = row + 1 end  -- FAULT
  end,
}
