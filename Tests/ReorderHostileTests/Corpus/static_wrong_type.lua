-- Fault: min_press_duration is the string "slow".
-- Host must: refuse to load: "static_wrong_type.lua: min_press_duration: expected a number, got
--   string \"slow\"".
-- expect: load=error
return {
  name = "static_wrong_type",
  api = 1,
  min_press_duration = "slow",  -- FAULT
}
