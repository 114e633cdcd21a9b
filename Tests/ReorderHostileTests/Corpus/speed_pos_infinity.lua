-- Fault: edge_scroll.speed returns +infinity.
-- Host must: clamp it to a finite, non-negative speed (docs/REFERENCE.md): the content offset
--   stays finite and within [0, content - viewport], every snapshot number stays finite;
--   +infinity may at most reach the end of the content.
-- expect: hook=speed kind=value diag=optional
return {
  name = "speed_pos_infinity",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed)
      return math.huge  -- FAULT
    end,
  },
}
