-- Fault: semantics does arithmetic on a string at run time.
-- Host must: report it once as "runtime_error_semantics.lua:<line>: semantics: <message>" (file,
--   line, hook), use the documented fallback (semantics -> "move" (remove + insert, not an
--   exchange)), keep every item exactly once, and switch the policy off in favour of
--   `default` after 3 consecutive failures.
-- expect: hook=semantics kind=error
return {
  name = "runtime_error_semantics",
  api = 1,
  semantics = function(ctx, from_s, from_r, to_s, to_r)
    local n = "exchange" + 1  -- FAULT
    return "exchange"
  end,
}
