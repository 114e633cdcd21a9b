-- Fault: on_begin indexes ctx.state with a nil key at run time.
-- Host must: report it once as "runtime_error_on_begin.lua:<line>: on_begin: <message>" (file,
--   line, hook), use the documented fallback (the drag goes on as if on_begin had
--   returned), keep every item exactly once, and switch the policy off in favour of
--   `default` after 3 consecutive failures.
-- expect: hook=on_begin kind=error
return {
  name = "runtime_error_on_begin",
  api = 1,
  on_begin = function(ctx, section, row)
    ctx.state[nil] = row  -- FAULT
  end,
}
