-- Fault: snapshot.drop.duration = 1e300: the session stayed in `dropping` for good.
-- Host must: refuse to load: "static_range_drop_duration.lua: snapshot.drop.duration: expected a
--   number in 0...10, got number 1e+300".
-- expect: load=error field=snapshot.drop.duration
return {
  name = "static_range_drop_duration",
  api = 1,
  snapshot = {
    drop = { duration = 1e300 },  -- FAULT
  },
}
