-- Fault: snapshot.rotation = -1e18 radians (no meaningful angle; sin and cos lose all precision).
-- Host must: refuse to load: "static_range_rotation.lua: snapshot.rotation: expected a number in
--   -2π...2π, got number -1e+18".
-- expect: load=error field=snapshot.rotation
return {
  name = "static_range_rotation",
  api = 1,
  snapshot = {
    rotation = -1e18,  -- FAULT
  },
}
