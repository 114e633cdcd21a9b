-- Fault: target recurses without end (not a tail call, so the Lua stack grows).
-- Host must: stop it (stack overflow, memory cap or budget, whichever comes first) without
--   crashing, report it naming file, line and hook, and use the fallback target -> nil.
-- expect: hook=target kind=error
local function depth(n)
  return depth(n + 1) + 1  -- FAULT
end

return {
  name = "unbounded_recursion",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return to_s, depth(1)
  end,
}
