-- Fault: can_move raises an error value whose __tostring itself raises an error.
-- Host must: the message handler must survive (error in error handling): report something naming
--   file and can_move, fallback can_move -> false.
-- expect: hook=can_move kind=error
return {
  name = "error_tostring_errors",
  api = 1,
  can_move = function(ctx, section, row)
    local bad = setmetatable({}, {__tostring = function() error("tostring exploded") end})
    error(bad)  -- FAULT
  end,
}
