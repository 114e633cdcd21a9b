-- Fault: on_begin fills a table without end.
-- Host must: stop it at the VM's memory cap (never above it), report "not enough memory" naming
--   file and hook, keep the process and the VM usable; the drag goes on.
-- expect: hook=on_begin kind=memory
return {
  name = "memory_bomb_growing_table",
  api = 1,
  on_begin = function(ctx, section, row)
    local hoard = {}
    local i = 0
    while true do
      i = i + 1
      hoard[i] = {i, i, i, i, i, i, i, i}  -- FAULT
    end
  end,
}
