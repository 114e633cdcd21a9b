-- Fault: on_cancel returns "undo" instead of "revert" or "commit".
-- Host must: report the wrong type once (file, the line where the hook is defined, hook, expected
--   and actual type) and use the fallback (on_cancel -> "revert" (the order goes back to
--   the press-begin order)).
-- expect: hook=on_cancel kind=type
return {
  name = "wrong_type_on_cancel",
  api = 1,
  on_cancel = function(ctx) return "undo" end,  -- FAULT
}
