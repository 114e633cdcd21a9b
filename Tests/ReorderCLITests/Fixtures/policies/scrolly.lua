-- A test policy with exchange semantics and a fast edge scroll, so recorded drags scroll.
return {
  name = "scrolly",
  min_press_duration = 0.3,
  semantics = "exchange",
  edge_scroll = {
    enabled = true,
    reference = "finger",
    zone = 100,
    speed = function(ctx, depth, zone, elapsed) return depth / zone * 900 end,
  },
}
