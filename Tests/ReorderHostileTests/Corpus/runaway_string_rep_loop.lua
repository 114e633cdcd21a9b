-- Fault: speed builds a 30 MB string 200 times: few instructions, seconds of C time.
-- Host must: stop it within 10 ms of the budget (count time spent in C, or cap string.rep); report
--   it; fallback speed -> 0.
-- expect: hook=speed kind=runaway
return {
  name = "runaway_string_rep_loop",
  api = 1,
  edge_scroll = {
    enabled = true, axes = "vertical", reference = "finger",
    zone = 150,
    speed = function(ctx, depth, zone, elapsed)
      for i = 1, 200 do
        local wall = string.rep("x", 30000000)  -- FAULT
      end
      return 1200
    end,
  },
}
