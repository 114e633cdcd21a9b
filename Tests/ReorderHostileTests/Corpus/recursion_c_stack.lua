-- Fault: can_move recurses through an __index metamethod, so every level is a C call (C stack overflow).
-- Host must: turn the C-stack overflow into a reported error (file, line, can_move) and use the
--   fallback can_move -> false; never overflow the real C stack.
-- expect: hook=can_move kind=error
local loop = setmetatable({}, {})
getmetatable(loop).__index = function(t, k)
  return t[k .. "x"]  -- FAULT
end

return {
  name = "recursion_c_stack",
  api = 1,
  can_move = function(ctx, section, row)
    return loop.finished == nil
  end,
}
