-- Fault: the other half of the extends cycle (see extends_cycle_a.lua).
-- Host must: detect the cycle and refuse to load, naming both files.
-- expect: load=error
return {
  name = "extends_cycle_b",
  api = 1,
  extends = "extends_cycle_a.lua",  -- FAULT
}
