-- Fault: can_move yields (coroutine.yield) although the host called it directly, not from a coroutine.
-- Host must: report "attempt to yield from outside a coroutine" (file, line, can_move), fallback
--   can_move -> false; the host's call stack is never left.
-- expect: hook=can_move kind=escape
return {
  name = "escape_yield_from_hook",
  api = 1,
  can_move = function(ctx, section, row)
    coroutine.yield(true)  -- FAULT
    return true
  end,
}
