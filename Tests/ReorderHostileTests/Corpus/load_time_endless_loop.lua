-- Fault: the chunk itself never finishes (the loop runs while the file loads).
-- Host must: the budget also covers loading: stop it and refuse the file with a message naming it
--   and the line.
-- expect: load=error kind=runaway
while true do end  -- FAULT
return { name = "load_time_endless_loop", api = 1 }
