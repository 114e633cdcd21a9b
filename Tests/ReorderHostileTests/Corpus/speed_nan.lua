-- Fault: edge_scroll.speed returns NaN.
-- Host must: clamp it to a finite, non-negative speed (docs/REFERENCE.md): the content offset
--   stays finite and within [0, content - viewport], every snapshot number stays finite;
--   NaN and negative speeds scroll nothing.
-- expect: hook=speed kind=value diag=optional
return {
  name = "speed_nan",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed)
      return 0 / 0  -- FAULT
    end,
  },
}
