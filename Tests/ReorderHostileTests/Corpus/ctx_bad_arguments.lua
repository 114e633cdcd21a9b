-- Fault: can_move calls ctx.item and ctx.count with absurd arguments (NaN, infinity, math.mininteger, strings, nothing) inside pcall.
-- Host must: answer each with nil/0 or a Lua error (never a Swift trap on integer conversion or an
--   index out of range); the hook then returns true, so the drag works normally and no
--   diagnostic is needed.
-- expect: hook=can_move kind=none
return {
  name = "ctx_bad_arguments",
  api = 1,
  can_move = function(ctx, section, row)
    local probes = {
      function() return ctx.item(0 / 0, 1) end,
      function() return ctx.item(1, math.huge) end,
      function() return ctx.item(math.mininteger, math.maxinteger) end,
      function() return ctx.item(math.maxinteger, math.mininteger) end,
      function() return ctx.item("one", "two") end,
      function() return ctx.item() end,
      function() return ctx.count(math.mininteger) end,
      function() return ctx.count(-1) end,
      function() return ctx.count(0 / 0) end,
    }
    for _, probe in ipairs(probes) do pcall(probe) end  -- FAULT
    return true
  end,
}
