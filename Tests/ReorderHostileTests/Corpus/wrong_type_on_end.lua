-- Fault: on_end returns the number 0 instead of a boolean.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook, expected
--   and actual type) and use the fallback (on_end -> true (the drop is kept, no
--   rollback)).
-- expect: hook=on_end kind=type
return {
  name = "wrong_type_on_end",
  api = 1,
  on_end = function(ctx, from_s, from_r, to_s, to_r) return 0 end,  -- FAULT
}
