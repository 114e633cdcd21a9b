-- Fault: can_move tries dofile and loadfile to read a file from disk.
-- Host must: `dofile` and `loadfile` are absent: report the error, fallback can_move -> false.
-- expect: hook=can_move kind=escape
return {
  name = "escape_dofile",
  api = 1,
  can_move = function(ctx, section, row)
    local chunk = loadfile("/etc/passwd") or dofile("/etc/passwd")  -- FAULT
    return chunk ~= nil
  end,
}
