-- Fault: the policy extends a file that does not exist.
-- Host must: refuse to load it naming the missing file; never fall back silently.
-- expect: load=error
return {
  name = "extends_missing",
  api = 1,
  extends = "no_such_policy_here.lua",  -- FAULT
}
