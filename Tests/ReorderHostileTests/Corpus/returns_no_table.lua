-- Fault: the file returns a string instead of a policy table.
-- Host must: refuse to load it: "returns_no_table.lua: a policy must return a table, got string".
-- expect: load=error
return "can_move = true"  -- FAULT
