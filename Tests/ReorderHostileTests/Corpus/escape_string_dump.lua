-- Fault: can_move tries string.dump to get bytecode.
-- Host must: `string.dump` is absent: report the error, fallback can_move -> false.
-- expect: hook=can_move kind=escape
return {
  name = "escape_string_dump",
  api = 1,
  can_move = function(ctx, section, row)
    local code = string.dump(function() return true end)  -- FAULT
    return #code > 0
  end,
}
