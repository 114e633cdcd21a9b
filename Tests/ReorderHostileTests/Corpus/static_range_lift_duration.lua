-- Fault: snapshot.lift.duration = 1e300: s:drag held the lift for 1e300 s (the press's abort).
-- Host must: refuse to load: "static_range_lift_duration.lua: snapshot.lift.duration: expected a
--   number in 0...10, got number 1e+300".
-- expect: load=error field=snapshot.lift.duration
return {
  name = "static_range_lift_duration",
  api = 1,
  snapshot = {
    lift = { duration = 1e300, curve = "linear" },  -- FAULT
  },
}
