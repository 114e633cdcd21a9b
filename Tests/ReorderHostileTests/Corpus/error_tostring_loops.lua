-- Fault: can_move raises an error value whose __tostring never returns.
-- Host must: the budget also covers the message handler: stop it, report file and can_move,
--   fallback false.
-- expect: hook=can_move kind=runaway
return {
  name = "error_tostring_loops",
  api = 1,
  can_move = function(ctx, section, row)
    local bad = setmetatable({}, {__tostring = function() while true do end end})
    error(bad)  -- FAULT
  end,
}
