-- Fault: semantics sorts a proxy of 2^31 - 2 elements (served by rawlen, written to rawequal) with a C comparator (math.ult): every comparison is a C call, and the old size guard only applied without a comparator.
-- Host must: charge each comparison and element access; stop it within 10 ms of the budget; report it; fallback semantics -> move.
-- expect: hook=semantics kind=runaway
local proxy = setmetatable({}, { __len = function() return 2^31 - 2 end, __index = rawlen, __newindex = rawequal })
return {
  name = "runaway_sort_c_comparator",
  api = 1,
  semantics = function(ctx, from_s, from_r, to_s, to_r)
    table.sort(proxy, math.ult)  -- FAULT
    return "exchange"
  end,
}
