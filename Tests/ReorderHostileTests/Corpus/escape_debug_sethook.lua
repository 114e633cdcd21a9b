-- Fault: can_move tries debug.sethook() to remove the budget hook, then spins for a long time.
-- Host must: `debug` is absent: report the error at the sethook line, fallback can_move -> false;
--   the long loop never runs.
-- expect: hook=can_move kind=escape
return {
  name = "escape_debug_sethook",
  api = 1,
  can_move = function(ctx, section, row)
    debug.sethook()  -- FAULT
    for i = 1, 200000000 do end
    return true
  end,
}
