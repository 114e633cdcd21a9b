-- Fault: speed returns the string "fast" instead of a number.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook, expected
--   and actual type) and use the fallback (speed -> 0 (the content does not scroll)).
-- expect: hook=speed kind=type
return {
  name = "wrong_type_speed",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed) return "fast" end,  -- FAULT
  },
}
