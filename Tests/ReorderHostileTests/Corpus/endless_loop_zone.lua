-- Fault: zone never returns (`while true do end`).
-- Host must: stop it with the instruction budget (within 10 ms of the budget), report it as a
--   budget overrun naming file, line and hook, use the fallback (no edge scrolling from
--   this call (the zone is treated as empty)), and leave the VM usable.
-- expect: hook=zone kind=runaway
return {
  name = "endless_loop_zone",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    speed = function(ctx, depth, zone, elapsed) return 1200 end,
    zone = function(ctx, axis, viewport_length)
      while true do end  -- FAULT
    end,
  },
}
