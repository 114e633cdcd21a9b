-- Fault: instructions indexes a field of nil at run time.
-- Host must: report it once as "runtime_error_instructions.lua:<line>: instructions: <message>"
--   (file, line, hook), use the documented fallback (instructions -> the built-in
--   text), keep every item exactly once, and switch the policy off in favour of
--   `default` after 3 consecutive failures.
-- expect: hook=instructions kind=error
return {
  name = "runtime_error_instructions",
  api = 1,
  instructions = function(ctx, section, row)
    local item = nil
    return "Item " .. item.title  -- FAULT
  end,
}
