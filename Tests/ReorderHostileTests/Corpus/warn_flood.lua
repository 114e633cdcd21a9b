-- Fault: on_end warns 5000 times (unbounded warn output grew to 4.9 GB and aborted the host).
-- Host must: keep at most LuaPolicy.warningLimit warnings per drain, like print, and count the rest; the drag completes.
-- expect: hook=on_end kind=none
local w = string.rep("w", 600)
return {
  name = "warn_flood",
  api = 1,
  on_end = function(ctx, from_s, from_r, to_s, to_r)
    for i = 1, 5000 do warn(w) end  -- FAULT
    return true
  end,
}
