-- Fault: semantics returns "swap", which is neither "move" nor "exchange".
-- Host must: report the wrong type once (file, the line where the hook is defined, hook, expected
--   and actual type) and use the fallback (semantics -> "move" (remove + insert, not an
--   exchange)).
-- expect: hook=semantics kind=type
return {
  name = "wrong_type_semantics",
  api = 1,
  semantics = function(ctx, from_s, from_r, to_s, to_r) return "swap" end,  -- FAULT
}
