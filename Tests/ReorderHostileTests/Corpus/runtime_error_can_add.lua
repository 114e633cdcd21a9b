-- Fault: can_add calls a nil value at run time.
-- Host must: report it once as "runtime_error_can_add.lua:<line>: can_add: <message>" (file,
--   line, hook), use the documented fallback (can_add -> false (a `refuse` event; the
--   item does not join the drag)), keep every item exactly once, and switch the policy
--   off in favour of `default` after 3 consecutive failures.
-- expect: hook=can_add kind=error
return {
  name = "runtime_error_can_add",
  api = 1,
  can_add = function(ctx, section, row)
    local check = ctx.state.no_such_function   -- nil: ctx.state is the policy's own table
    return check(section, row)  -- FAULT
  end,
}
