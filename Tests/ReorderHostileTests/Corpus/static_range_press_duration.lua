-- Fault: min_press_duration = 1e300: s:drag held the press for 1e300 s (aborted after 5.5 s at 2.2 GB).
-- Host must: refuse to load: "static_range_press_duration.lua: min_press_duration: expected a number in 0...10, got number ...".
-- expect: load=error field=min_press_duration
return {
  name = "static_range_press_duration",
  api = 1,
  min_press_duration = 1e300,  -- FAULT
}
