-- Fault: on_begin prints 2000 lines of 10 KB (20 MB of log per drag).
-- Host must: send print to the host's log without crashing or stalling the drag; memory stays under
--   the cap.
-- expect: hook=on_begin kind=none
return {
  name = "print_flood",
  api = 1,
  on_begin = function(ctx, section, row)
    local line = string.rep("x", 10000)
    for i = 1, 2000 do print(i, line) end  -- FAULT
  end,
}
