-- Fault: zone raises an explicit error at run time.
-- Host must: report it once as "runtime_error_zone.lua:<line>: zone: <message>" (file, line, hook),
--   use the documented fallback (no edge scrolling from this call (the zone is treated as
--   empty)), keep every item exactly once, and switch the policy off in favour of
--   `default` after 3 consecutive failures.
-- expect: hook=zone kind=error
return {
  name = "runtime_error_zone",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    speed = function(ctx, depth, zone, elapsed) return 1200 end,
    zone = function(ctx, axis, viewport_length)
      error("zone is not configured for axis " .. tostring(axis))  -- FAULT
    end,
  },
}
