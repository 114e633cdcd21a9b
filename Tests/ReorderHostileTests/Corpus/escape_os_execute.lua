-- Fault: can_move tries to run a shell command with os.execute.
-- Host must: `os` is absent: report the error, fallback can_move -> false, the command never runs.
-- expect: hook=can_move kind=escape absent=/tmp/reorder-hostile-escape-os
return {
  name = "escape_os_execute",
  api = 1,
  can_move = function(ctx, section, row)
    os.execute("touch /tmp/reorder-hostile-escape-os")  -- FAULT
    return true
  end,
}
