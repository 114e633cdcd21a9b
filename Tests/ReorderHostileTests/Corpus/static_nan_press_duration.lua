-- Fault: min_press_duration is NaN (a press that never or always activates).
-- Host must: refuse to load: min_press_duration must be a finite, non-negative number.
-- expect: load=error
return {
  name = "static_nan_press_duration",
  api = 1,
  min_press_duration = 0 / 0,  -- FAULT
}
