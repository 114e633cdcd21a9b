-- Fault: target doubles a string by concatenation until memory runs out.
-- Host must: stop it at the memory cap, report it naming file and hook, and use the fallback target
--   -> nil.
-- expect: hook=target kind=memory
return {
  name = "memory_bomb_concat_loop",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    local s = "x"
    while true do
      s = s .. s  -- FAULT
    end
  end,
}
