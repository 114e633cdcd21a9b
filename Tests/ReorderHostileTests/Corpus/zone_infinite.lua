-- Fault: edge_scroll.zone returns +infinity (the whole list is one edge zone).
-- Host must: clamp the zone (at most half the viewport or the viewport length) or report it; the
--   offset stays finite and within bounds; no NaN reaches the speed hook or the snapshot.
-- expect: hook=zone kind=value diag=optional
return {
  name = "zone_infinite",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    speed = function(ctx, depth, zone, elapsed) return 1200 end,
    zone = function(ctx, axis, viewport_length)
      return math.huge  -- FAULT
    end,
  },
}
