-- Fault: can_move tries package.loadlib to load libc's system().
-- Host must: `package` is absent: report the error, fallback can_move -> false, nothing is loaded.
-- expect: hook=can_move kind=escape absent=/tmp/reorder-hostile-escape-loadlib
return {
  name = "escape_package_loadlib",
  api = 1,
  can_move = function(ctx, section, row)
    local system = package.loadlib("libc.so.6", "system")  -- FAULT
    system("touch /tmp/reorder-hostile-escape-loadlib")
    return true
  end,
}
