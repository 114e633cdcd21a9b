-- Fault: snapshot.scale = 1e300: a snapshot wider than any layout (its frame overflows).
-- Host must: refuse to load: "static_range_scale.lua: snapshot.scale: expected a number > 0 and
--   <= 10, got number 1e+300".
-- expect: load=error field=snapshot.scale
return {
  name = "static_range_scale",
  api = 1,
  snapshot = {
    scale = 1e300,  -- FAULT
  },
}
