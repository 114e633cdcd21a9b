-- Fault: target builds a 5 MB string by concatenation (string.rep alone is capped) and runs gsub over it (one C call, millions of matches).
-- Host must: stop or refuse it within 10 ms of the budget; report it; fallback target -> nil.
-- expect: hook=target kind=runaway
return {
  name = "runaway_gsub_large",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    local chunk = string.rep("ab", 500000)
    local big = chunk .. chunk .. chunk .. chunk .. chunk
    local out = big:gsub("a", "%0%0")  -- FAULT
    return to_s, to_r
  end,
}
