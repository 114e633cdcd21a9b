-- Fault: the file defines its hooks as globals and returns nothing.
-- Host must: refuse to load it: the file does not return a table (got nil/no value), naming the
--   file.
-- expect: load=error
can_move = function(ctx, section, row) return true end
target = function(ctx, from_s, from_r, to_s, to_r) return to_s, to_r end  -- FAULT
