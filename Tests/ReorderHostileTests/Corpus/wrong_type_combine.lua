-- Fault: combine returns the number 1 instead of a boolean.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook,
--   expected and actual type) and use the fallback (combine -> false (no combine: the pair
--   reorders as if combining were off)).
-- expect: hook=combine kind=type
return {
  name = "wrong_type_combine",
  api = 1,
  combine_rule = "band",
  combine = function(ctx, from_s, from_r, onto_s, onto_r) return 1 end,  -- FAULT
}
