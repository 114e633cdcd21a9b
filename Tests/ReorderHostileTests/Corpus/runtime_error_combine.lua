-- Fault: combine calls a nil value at run time.
-- Host must: report it once as "runtime_error_combine.lua:<line>: combine: <message>" (file,
--   line, hook), use the documented fallback (combine -> false (no combine: the pair
--   reorders as if combining were off)), keep every item exactly once, and switch the policy
--   off in favour of `default` after 3 consecutive failures.
-- expect: hook=combine kind=error
return {
  name = "runtime_error_combine",
  api = 1,
  combine_rule = "band",
  combine = function(ctx, from_s, from_r, onto_s, onto_r)
    local check = nil
    return check(onto_s, onto_r)  -- FAULT
  end,
}
