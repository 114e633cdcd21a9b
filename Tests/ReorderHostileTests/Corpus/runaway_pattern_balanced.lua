-- Fault: zone searches %b() in 1 MiB of '(' (each start position scans to the end: 5·10^11 steps in one C call).
-- Host must: charge the matcher as it goes; stop it within 10 ms of the budget; report it; fallback zone -> 0.
-- expect: hook=zone kind=runaway
return {
  name = "runaway_pattern_balanced",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = function(ctx, axis, viewport_length)
      local s = string.rep("((((((((((((((((", 65536)
      local a = s:find("%b()")  -- FAULT
      return 100
    end,
  },
}
