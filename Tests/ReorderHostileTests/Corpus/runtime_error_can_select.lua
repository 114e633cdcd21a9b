-- Fault: can_select takes the length of a number at run time.
-- Host must: report it once as "runtime_error_can_select.lua:<line>: can_select: <message>"
--   (file, line, hook), use the documented fallback (can_select -> false (the item is
--   not selected)), keep every item exactly once, and switch the policy off in favour
--   of `default` after 3 consecutive failures.
-- expect: hook=can_select kind=error
return {
  name = "runtime_error_can_select",
  api = 1,
  can_select = function(ctx, section, row)
    return #row > 0  -- FAULT
  end,
}
