-- Fault: target returns the strings "first", "three".
-- Host must: reject it as an invalid target (report once: file, line, target, what was returned),
--   use the fallback target -> nil (no move), never trap on integer conversion, keep every
--   item exactly once.
-- expect: hook=target kind=value
return {
  name = "target_wrong_type",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return "first", "three"  -- FAULT
  end,
}
