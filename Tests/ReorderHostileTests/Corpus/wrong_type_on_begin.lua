-- Fault: on_begin returns 250 values although it should return nothing.
-- Host must: ignore the values (and pop them: a host that keeps them overflows the Lua stack after
--   a few calls); no diagnostic, the drag behaves exactly as with `default`.
-- expect: hook=on_begin kind=ignored
return {
  name = "wrong_type_on_begin",
  api = 1,
  on_begin = function(ctx, section, row)
    local many = {}
    for i = 1, 250 do many[i] = i end
    return table.unpack(many)  -- FAULT
  end,
}
