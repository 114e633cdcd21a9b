-- Fault: on_move concatenates a table at run time.
-- Host must: report it once as "runtime_error_on_move.lua:<line>: on_move: <message>" (file, line,
--   hook), use the documented fallback (the drag goes on as if on_move had returned), keep
--   every item exactly once, and switch the policy off in favour of `default` after 3
--   consecutive failures.
-- expect: hook=on_move kind=error
return {
  name = "runtime_error_on_move",
  api = 1,
  on_move = function(ctx, from_s, from_r, to_s, to_r)
    local log = "moved " .. {from_r, to_r}  -- FAULT
  end,
}
