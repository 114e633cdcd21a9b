-- Fault: on_begin stops the garbage collector (collectgarbage("stop")), then every on_move call leaves 1000 tables of garbage behind.
-- Host must: either refuse collectgarbage("stop") (it is not needed by a policy) or keep the VM
--   under its cap anyway; report any failure naming file and hook; the drag goes on.
-- expect: hook=on_move kind=memory diag=optional
return {
  name = "memory_bomb_gc_stopped",
  api = 1,
  on_begin = function(ctx, section, row)
    collectgarbage("stop")
  end,
  on_move = function(ctx, from_s, from_r, to_s, to_r)
    local junk = {}
    for i = 1, 1000 do junk[i] = {i, tostring(i)} end  -- FAULT
  end,
}
