-- Fault: at load time the policy replaces the string metatable's __index so every string method errors, and tries to add a field to the shared string library.
-- Host must: keep the damage inside this policy's own VM (or refuse it with a clear load error):
--   another session's policy, and the host's own messages about this one, still work; if
--   it loads, its hooks fail (can_move -> false) with a reported error.
-- expect: load=either hook=can_move kind=escape
local mt = getmetatable("")
if type(mt) == "table" then
  mt.__index = function(s, k) error("string method " .. k .. " was sabotaged") end
end
string.hostile_mark = true

return {
  name = "escape_string_metatable",
  api = 1,
  can_move = function(ctx, section, row)
    return ("row"):upper() == "ROW"  -- FAULT
  end,
}
