-- Fault: the chunk sprays fresh coroutines while the file loads (the load-time form of budget_coroutine_spray).
-- Host must: the one budget also covers load time and its coroutines: refuse the file with a message naming it and the line.
-- expect: load=error kind=runaway
for i = 1, 1e7 do local co = coroutine.create(function() for j = 1, 300 do end end) coroutine.resume(co) end  -- FAULT
return { name = "load_time_coroutine_spray", api = 1 }
