-- Fault: edge_scroll.speed returns -infinity.
-- Host must: clamp it to a finite, non-negative speed (docs/REFERENCE.md): the content offset
--   stays finite and within [0, content - viewport], every snapshot number stays finite;
--   NaN and negative speeds scroll nothing.
-- expect: hook=speed kind=value diag=optional
return {
  name = "speed_neg_infinity",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed)
      return -math.huge  -- FAULT
    end,
  },
}
