-- Fault: allowable_movement = 1e12 points: a press that never fails, far past any screen.
-- Host must: refuse to load: "static_range_allowable_movement.lua: allowable_movement: expected a number in 0...100000, got number ...".
-- expect: load=error field=allowable_movement
return {
  name = "static_range_allowable_movement",
  api = 1,
  allowable_movement = 1e12,  -- FAULT
}
