-- Fault: edge_scroll.zone = 1e300 as a fixed number (the whole list is an edge zone; plots
--   sampled it by the point).
-- Host must: refuse to load: "static_range_zone.lua: edge_scroll.zone: expected a number in
--   0...100000 or a function, got number 1e+300".
-- expect: load=error field=edge_scroll.zone
return {
  name = "static_range_zone",
  api = 1,
  edge_scroll = {
    zone = 1e300,  -- FAULT
  },
}
