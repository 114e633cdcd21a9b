-- Fault: announce concatenates a field of nil at run time.
-- Host must: report it once as "runtime_error_announce.lua:<line>: announce: <message>" (file,
--   line, hook), use the documented fallback (announce -> the built-in text,
--   `event.default`), keep every item exactly once, and switch the policy off in
--   favour of `default` after 3 consecutive failures.
-- expect: hook=announce kind=error
return {
  name = "runtime_error_announce",
  api = 1,
  announce = function(ctx, event)
    local extra = nil
    return event.default .. extra.suffix  -- FAULT
  end,
}
