-- Fault: on_begin creates objects whose __gc finalizer raises an error, then forces a collection.
-- Host must: an error in __gc is only a Lua warning: route it to the log (or refuse __gc), never
--   abort; the drag goes on.
-- expect: hook=on_begin kind=gc diag=optional
return {
  name = "gc_finalizer_errors",
  api = 1,
  on_begin = function(ctx, section, row)
    for i = 1, 10 do
      setmetatable({}, {__gc = function() error("finalizer " .. i .. " failed") end})  -- FAULT
    end
    collectgarbage()
  end,
}
