-- Fault: the policy writes globals (and fields of the standard library tables) hoping another session's VM sees them.
-- Host must: nothing leaks between sessions: a second session loaded from this file starts clean,
--   so its first press lifts the item; writing globals may be refused with a reported
--   error but must not crash.
-- expect: hook=on_begin kind=isolation diag=optional
return {
  name = "escape_shared_globals",
  api = 1,
  can_move = function(ctx, section, row)
    -- Only a VM that has never begun a drag lets the item move.
    return rawget(_G, "HOSTILE_MARK") == nil and rawget(math, "hostile_mark") == nil
  end,
  on_begin = function(ctx, section, row)
    HOSTILE_MARK = true  -- FAULT
    rawset(math, "hostile_mark", true)
  end,
}
