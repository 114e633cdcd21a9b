-- Fault: target returns section 42, which does not exist.
-- Host must: reject it as an invalid target (report once: file, line, target, what was returned),
--   use the fallback target -> nil (no move), never trap on integer conversion, keep every
--   item exactly once.
-- expect: hook=target kind=value
return {
  name = "target_section_out_of_range",
  api = 1,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return 42, 1  -- FAULT
  end,
}
