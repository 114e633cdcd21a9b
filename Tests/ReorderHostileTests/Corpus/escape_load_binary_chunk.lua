-- Fault: can_move asks load() for a binary chunk, even passing mode "b" explicitly.
-- Host must: load only text chunks: load returns nil and "attempt to load a binary chunk", so the
--   assert fails and is reported (file, line, can_move); fallback can_move -> false.
-- expect: hook=can_move kind=escape
-- The first bytes of a Lua 5.4 binary chunk (LUA_SIGNATURE, version 0x54, format 0, LUAC_DATA).
local chunk = "\27Lua\84\0\25\147\r\n\26\n\4\8\8"

return {
  name = "escape_load_binary_chunk",
  api = 1,
  can_move = function(ctx, section, row)
    local f = assert(load(chunk, "=binary", "b"))  -- FAULT
    return f() == "escaped"
  end,
}
