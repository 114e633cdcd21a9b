-- Fault: on_end raises an explicit error at run time.
-- Host must: report it once as "runtime_error_on_end.lua:<line>: on_end: <message>" (file, line,
--   hook), use the documented fallback (on_end -> true (the drop is kept, no rollback)),
--   keep every item exactly once, and switch the policy off in favour of `default` after 3
--   consecutive failures.
-- expect: hook=on_end kind=error
return {
  name = "runtime_error_on_end",
  api = 1,
  on_end = function(ctx, from_s, from_r, to_s, to_r)
    error("save failed")  -- FAULT
  end,
}
