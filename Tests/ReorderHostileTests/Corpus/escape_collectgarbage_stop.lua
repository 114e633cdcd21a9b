-- Fault: can_move stops the garbage collector and then leaves garbage behind on every call.
-- Host must: either collectgarbage("stop") is refused (reported: file, line, can_move; fallback
--   false) or the host keeps the VM under its cap regardless; memory never exceeds the
--   cap.
-- expect: hook=can_move kind=escape diag=optional
return {
  name = "escape_collectgarbage_stop",
  api = 1,
  can_move = function(ctx, section, row)
    collectgarbage("stop")  -- FAULT
    local junk = {}
    for i = 1, 2000 do junk[i] = {i} end
    return true
  end,
}
