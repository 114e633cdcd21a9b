-- Fault: can_move asks string.rep for a 3 GB string.
-- Host must: refuse the allocation at the memory cap, report it naming file and hook, and use the
--   fallback can_move -> false.
-- expect: hook=can_move kind=memory
return {
  name = "memory_bomb_string_rep",
  api = 1,
  can_move = function(ctx, section, row)
    local wall = string.rep("abc", 1000000000)  -- FAULT
    return #wall > 0
  end,
}
