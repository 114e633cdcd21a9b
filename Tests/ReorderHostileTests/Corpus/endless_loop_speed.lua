-- Fault: speed never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (speed -> 0 (the content
--   does not scroll)), and leave the VM usable.
-- expect: hook=speed kind=runaway
return {
  name = "endless_loop_speed",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed)
      while true do end  -- FAULT
    end,
  },
}
