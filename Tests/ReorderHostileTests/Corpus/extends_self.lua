-- Fault: the policy extends itself.
-- Host must: report the cycle (extends_self.lua extends itself) and refuse to load.
-- expect: load=error
return {
  name = "extends_self",
  api = 1,
  extends = "extends_self.lua",  -- FAULT
}
