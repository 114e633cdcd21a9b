-- Fault: can_move tries require("io") to get the io library back.
-- Host must: `require` is absent: report the error, fallback can_move -> false.
-- expect: hook=can_move kind=escape
return {
  name = "escape_require",
  api = 1,
  can_move = function(ctx, section, row)
    local io2 = require("io")  -- FAULT
    return io2 ~= nil
  end,
}
