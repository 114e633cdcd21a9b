-- Fault: target calls a nil value at run time.
-- Host must: report it once as "runtime_error_target.lua:<line>: target: <message>" (file, line,
--   hook), use the documented fallback (target -> nil (no move this frame)), keep every
--   item exactly once, and switch the policy off in favour of `default` after 3
--   consecutive failures.
-- expect: hook=target kind=error
return {
  name = "runtime_error_target",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    local redirect = ctx.state.no_such_function   -- nil: ctx.state is the policy's own table
    return redirect(to_s, to_r)  -- FAULT
  end,
}
