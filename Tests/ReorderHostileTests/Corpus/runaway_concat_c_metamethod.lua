-- Fault: speed concatenates a proxy whose __len says a billion and whose elements come from a C function (rawlen): table.concat loops in C, no instruction is counted.
-- Host must: charge each element table.concat reads (more when the table has a metatable); stop it within 10 ms of the budget; report it; fallback speed -> 0.
-- expect: hook=speed kind=runaway
local proxy = setmetatable({}, { __len = function() return 1e9 end, __index = rawlen })
return {
  name = "runaway_concat_c_metamethod",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed)
      local s = table.concat(proxy, ",")  -- FAULT
      return 1200
    end,
  },
}
