-- Fault: can_move returns the string "yes" instead of a boolean (a truthy string is still a type error).
-- Host must: report the wrong type once (file, the line where the hook is defined, hook, expected
--   and actual type) and use the fallback (can_move -> false (the press is refused with a
--   `refuse` event, no drag)).
-- expect: hook=can_move kind=type
return {
  name = "wrong_type_can_move",
  api = 1,
  can_move = function(ctx, section, row) return "yes" end,  -- FAULT
}
