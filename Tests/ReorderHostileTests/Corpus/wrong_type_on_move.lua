-- Fault: on_move returns 250 values although it should return nothing.
-- Host must: ignore the values (and pop them: a host that keeps them overflows the Lua stack after
--   a few calls); no diagnostic, the drag behaves exactly as with `default`.
-- expect: hook=on_move kind=ignored
return {
  name = "wrong_type_on_move",
  api = 1,
  on_move = function(ctx, from_s, from_r, to_s, to_r)
    local many = {}
    for i = 1, 250 do many[i] = i end
    return table.unpack(many)  -- FAULT
  end,
}
