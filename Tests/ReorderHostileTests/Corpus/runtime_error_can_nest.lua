-- Fault: can_nest calls a nil value at run time.
-- Host must: report it once as "runtime_error_can_nest.lua:<line>: can_nest: <message>" (file,
--   line, hook), use the documented fallback (can_nest -> false (the node goes
--   one level shallower)), keep every item exactly once, and switch the policy
--   off in favour of `default` after 3 consecutive failures.
-- expect: hook=can_nest kind=error
return {
  name = "runtime_error_can_nest",
  api = 1,
  can_nest = function(ctx, item, parent)
    local check = nil
    return check(item, parent)  -- FAULT
  end,
}
