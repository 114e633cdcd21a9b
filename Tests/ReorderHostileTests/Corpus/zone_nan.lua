-- Fault: edge_scroll.zone returns NaN.
-- Host must: treat it as a wrong value: report it (file, line, hook) and scroll nothing from that
--   call; offsets and snapshot numbers stay finite.
-- expect: hook=zone kind=value diag=optional
return {
  name = "zone_nan",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    speed = function(ctx, depth, zone, elapsed) return 1200 end,
    zone = function(ctx, axis, viewport_length)
      return 0 / 0  -- FAULT
    end,
  },
}
