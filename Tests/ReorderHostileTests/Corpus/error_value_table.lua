-- Fault: target raises an error whose value is a table, not a string.
-- Host must: report it anyway (file, line, target, and a readable form such as "(error object is a
--   table value)"), fallback target -> nil.
-- expect: hook=target kind=error
return {
  name = "error_value_table",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    error({code = 42, reason = "no"})  -- FAULT
  end,
}
