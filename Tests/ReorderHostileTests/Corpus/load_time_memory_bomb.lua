-- Fault: the chunk fills a table without end while the file loads.
-- Host must: the memory cap also covers loading: refuse the file ("not enough memory", naming it)
--   and keep the process healthy.
-- expect: load=error kind=memory
local t = {}
local i = 0
while true do i = i + 1; t[i] = {i} end  -- FAULT
return { name = "load_time_memory_bomb", api = 1 }
