-- Fault: can_move runs a backtracking pattern on an 800-character string (about 750 ms inside string.find, where the count hook never fires).
-- Host must: limit pattern functions on large inputs so the call is stopped within 10 ms of its
--   budget; report it (file, line, can_move); fallback can_move -> false.
-- expect: hook=can_move kind=runaway
return {
  name = "runaway_pattern_backtracking",
  api = 1,
  can_move = function(ctx, section, row)
    local s = string.rep("a", 800)
    return s:find(".-.-b") ~= nil  -- FAULT
  end,
}
