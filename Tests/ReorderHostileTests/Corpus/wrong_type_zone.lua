-- Fault: zone returns the string "wide" instead of a number.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook, expected
--   and actual type) and use the fallback (no edge scrolling from this call (the zone is
--   treated as empty)).
-- expect: hook=zone kind=type
return {
  name = "wrong_type_zone",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    speed = function(ctx, depth, zone, elapsed) return 1200 end,
    zone = function(ctx, axis, viewport_length) return "wide" end,  -- FAULT
  },
}
