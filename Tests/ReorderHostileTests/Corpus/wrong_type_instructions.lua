-- Fault: instructions returns a table instead of a string.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook,
--   expected and actual type) and use the fallback (instructions -> the built-in
--   text).
-- expect: hook=instructions kind=type
return {
  name = "wrong_type_instructions",
  api = 1,
  instructions = function(ctx, section, row) return { "Press space to lift." } end,  -- FAULT
}
