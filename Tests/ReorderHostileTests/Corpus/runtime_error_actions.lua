-- Fault: actions calls a nil value at run time.
-- Host must: report it once as "runtime_error_actions.lua:<line>: actions: <message>" (file,
--   line, hook), use the documented fallback (actions -> `offered`, the actions
--   `can_move` and `target` allow), keep every item exactly once, and switch the
--   policy off in favour of `default` after 3 consecutive failures.
-- expect: hook=actions kind=error
return {
  name = "runtime_error_actions",
  api = 1,
  actions = function(ctx, section, row, offered)
    local filter = ctx.state.no_such_function   -- nil: ctx.state is the policy's own table
    return filter(offered)  -- FAULT
  end,
}
