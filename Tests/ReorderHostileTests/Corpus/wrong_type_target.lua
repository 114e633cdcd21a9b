-- Fault: target returns a table {2, 1} instead of two integers.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook, expected
--   and actual type) and use the fallback (target -> nil (no move this frame)).
-- expect: hook=target kind=type
return {
  name = "wrong_type_target",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r) return {to_s, to_r} end,  -- FAULT
}
