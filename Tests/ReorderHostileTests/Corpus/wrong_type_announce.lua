-- Fault: announce returns the number 42 instead of a string or nil.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook,
--   expected and actual type) and use the fallback (announce -> the built-in text,
--   `event.default`).
-- expect: hook=announce kind=type
return {
  name = "wrong_type_announce",
  api = 1,
  announce = function(ctx, event) return 42 end,  -- FAULT
}
