-- Fault: the file does not parse (a function header is never closed).
-- Host must: refuse to load it with an error naming the file and the line of the syntax error; no
--   session runs it.
-- expect: load=error
return {
  name = "syntax_error",
  api = 1,
  can_move = function(ctx, section, row
    return true  -- FAULT
  end,
}
