-- Fault: can_nest returns the number 1 instead of a boolean.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook,
--   expected and actual type) and use the fallback (can_nest -> false (the node
--   goes one level shallower)).
-- expect: hook=can_nest kind=type
return {
  name = "wrong_type_can_nest",
  api = 1,
  can_nest = function(ctx, item, parent) return 1 end,  -- FAULT
}
