-- Fault: snapshot.shadow.offset = { 0, 1e300 } (the array form): a shadow a universe away.
-- Host must: refuse to load: "static_range_shadow_offset.lua: snapshot.shadow.offset[2]: expected
--   a number in -100000...100000, got number 1e+300".
-- expect: load=error field=snapshot.shadow.offset[2]
return {
  name = "static_range_shadow_offset",
  api = 1,
  snapshot = {
    shadow = { offset = { 0, 1e300 }, opacity = 0.5 },  -- FAULT
  },
}
