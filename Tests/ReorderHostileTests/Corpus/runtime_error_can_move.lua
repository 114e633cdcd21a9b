-- Fault: can_move indexes a field of nil at run time.
-- Host must: report it once as "runtime_error_can_move.lua:<line>: can_move: <message>" (file,
--   line, hook), use the documented fallback (can_move -> false (the press is refused with
--   a `refuse` event, no drag)), keep every item exactly once, and switch the policy off
--   in favour of `default` after 3 consecutive failures.
-- expect: hook=can_move kind=error
return {
  name = "runtime_error_can_move",
  api = 1,
  can_move = function(ctx, section, row)
    local item = nil
    return not item.finished  -- FAULT
  end,
}
