-- Fault: the chunk opens a file with io at load time.
-- Host must: `io` is absent: refuse the file with an error naming it and the line; no file is
--   created.
-- expect: load=error kind=escape absent=/tmp/reorder-hostile-escape-io-load
io.open("/tmp/reorder-hostile-escape-io-load", "w"):write("escaped")  -- FAULT
return { name = "load_time_escape_io", api = 1 }
