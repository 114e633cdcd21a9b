-- Fault: target returns +infinity as the row (no integer can represent it).
-- Host must: reject it as an invalid target (report once: file, line, target, what was returned),
--   use the fallback target -> nil (no move), never trap on integer conversion, keep every
--   item exactly once.
-- expect: hook=target kind=value
return {
  name = "target_infinity",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return to_s, math.huge  -- FAULT
  end,
}
