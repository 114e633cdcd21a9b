-- Fault: on_begin gives load a reader function that feeds an endless comment (the parser would read forever between two budget checks).
-- Host must: load takes strings only in policies: refuse it with a message naming the line; report it; no fallback needed.
-- expect: hook=on_begin kind=error
return {
  name = "escape_load_reader_function",
  api = 1,
  on_begin = function(ctx, section, row)
    local first = true
    local f = load(function() if first then first = false return "--[[" end return "xxxxxxxxxxxxxxxx" end)  -- FAULT
  end,
}
