-- Fault: can_move tries to write a file with io.open.
-- Host must: `io` is absent: report the error (file, line, can_move), fallback can_move -> false,
--   no file is created.
-- expect: hook=can_move kind=escape absent=/tmp/reorder-hostile-escape-io
return {
  name = "escape_io",
  api = 1,
  can_move = function(ctx, section, row)
    local f = io.open("/tmp/reorder-hostile-escape-io", "w")  -- FAULT
    f:write("escaped")
    f:close()
    return true
  end,
}
