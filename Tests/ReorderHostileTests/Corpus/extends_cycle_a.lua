-- Fault: extends_cycle_a extends extends_cycle_b, which extends extends_cycle_a.
-- Host must: detect the cycle and refuse to load, naming both files; never recurse without end.
-- expect: load=error
return {
  name = "extends_cycle_a",
  api = 1,
  extends = "extends_cycle_b.lua",  -- FAULT
}
