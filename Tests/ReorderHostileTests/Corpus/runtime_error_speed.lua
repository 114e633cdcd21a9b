-- Fault: speed compares a number with nil at run time.
-- Host must: report it once as "runtime_error_speed.lua:<line>: speed: <message>" (file, line,
--   hook), use the documented fallback (speed -> 0 (the content does not scroll)), keep
--   every item exactly once, and switch the policy off in favour of `default` after 3
--   consecutive failures.
-- expect: hook=speed kind=error
return {
  name = "runtime_error_speed",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed)
      local max
      if depth > max then return 1200 end  -- FAULT
      return depth
    end,
  },
}
