-- Fault: can_select returns the string "yes" instead of a boolean (a truthy string is still a
--   type error).
-- Host must: report the wrong type once (file, the line where the hook is defined, hook,
--   expected and actual type) and use the fallback (can_select -> false (the item is
--   not selected)).
-- expect: hook=can_select kind=type
return {
  name = "wrong_type_can_select",
  api = 1,
  can_select = function(ctx, section, row) return "yes" end,  -- FAULT
}
