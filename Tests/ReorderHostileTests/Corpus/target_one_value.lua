-- Fault: target returns only a section, no row.
-- Host must: reject it as an invalid target (report once: file, line, target, what was returned),
--   use the fallback target -> nil (no move), never trap on integer conversion, keep every
--   item exactly once.
-- expect: hook=target kind=value
return {
  name = "target_one_value",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return to_s  -- FAULT
  end,
}
