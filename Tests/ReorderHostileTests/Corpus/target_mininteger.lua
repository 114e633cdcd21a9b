-- Fault: target returns math.mininteger as the section and math.maxinteger as the row (1-based to 0-based conversion must not overflow).
-- Host must: reject it as an invalid target (report once: file, line, target, what was returned),
--   use the fallback target -> nil (no move), never trap on integer conversion, keep every
--   item exactly once.
-- expect: hook=target kind=value
return {
  name = "target_mininteger",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return math.mininteger, math.maxinteger  -- FAULT
  end,
}
