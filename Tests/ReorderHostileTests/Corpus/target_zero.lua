-- Fault: target returns row 0 (Lua rows start at 1).
-- Host must: reject it as an invalid target (report once: file, line, target, what was returned),
--   use the fallback target -> nil (no move), never trap on integer conversion, keep every
--   item exactly once.
-- expect: hook=target kind=value
return {
  name = "target_zero",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return to_s, 0  -- FAULT
  end,
}
