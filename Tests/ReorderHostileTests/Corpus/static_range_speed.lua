-- Fault: edge_scroll.speed = 1e300 points per second as a fixed number (past the 1e9 clamp a
--   speed hook gets).
-- Host must: refuse to load: "static_range_speed.lua: edge_scroll.speed: expected a number in
--   0...1000000000 or a function, got number 1e+300".
-- expect: load=error field=edge_scroll.speed
return {
  name = "static_range_speed",
  api = 1,
  edge_scroll = {
    speed = 1e300,  -- FAULT
  },
}
