-- Fault: actions returns the string "move_up" instead of a list of action names.
-- Host must: report the wrong type once (file, the line where the hook is defined, hook,
--   expected and actual type) and use the fallback (actions -> `offered`, the actions
--   `can_move` and `target` allow).
-- expect: hook=actions kind=type
return {
  name = "wrong_type_actions",
  api = 1,
  actions = function(ctx, section, row, offered) return "move_up" end,  -- FAULT
}
