-- Fault: on_cancel calls a method on a number at run time.
-- Host must: report it once as "runtime_error_on_cancel.lua:<line>: on_cancel: <message>" (file,
--   line, hook), use the documented fallback (on_cancel -> "revert" (the order goes back
--   to the press-begin order)), keep every item exactly once, and switch the policy off in
--   favour of `default` after 3 consecutive failures.
-- expect: hook=on_cancel kind=error
return {
  name = "runtime_error_on_cancel",
  api = 1,
  on_cancel = function(ctx)
    local n = 42
    return n:resolution()  -- FAULT
  end,
}
