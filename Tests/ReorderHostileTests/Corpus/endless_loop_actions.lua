-- Fault: actions never returns (a `for` loop to `math.huge`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (actions -> `offered`,
--   the actions `can_move` and `target` allow), and leave the VM usable.
-- expect: hook=actions kind=runaway
return {
  name = "endless_loop_actions",
  api = 1,
  actions = function(ctx, section, row, offered)
    for i = 1, math.huge do offered[1] = offered[1] end  -- FAULT
  end,
}
