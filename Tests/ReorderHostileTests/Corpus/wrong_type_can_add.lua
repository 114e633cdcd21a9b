-- Fault: can_add returns the number 1 instead of a boolean.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook,
--   expected and actual type) and use the fallback (can_add -> false (a `refuse`
--   event; the item does not join the drag)).
-- expect: hook=can_add kind=type
return {
  name = "wrong_type_can_add",
  api = 1,
  can_add = function(ctx, section, row) return 1 end,  -- FAULT
}
