-- Runs busted (on plain lua5.4) over the spec files given after spec.lua's path, with every
-- busted.getTrace call made twice: by busted's own getTrace and by the lazy one in
-- Sources/ReorderScripting/Preludes/spec.lua (install_lazy_traces), at the same stack depth.
-- Prints "checked N differing D lazy L": N calls, D whose traceback text or fields differ,
-- L that went through the lazy path (the text not built until read).
-- Used by SpecRunnerTests.lazyTracebackIsBustedsText.
os.exit = function() error("EXIT") end
local spec_lua = table.remove(arg, 1)
local src = assert(io.open(spec_lua)):read("a")
local body = assert(src:match("(local function install_lazy_traces.-\nend\n)"))
reorder = {}
local install = load(body .. "\nreturn install_lazy_traces", "=lazy")()
local checked, differing, lazy = 0, 0, 0
local installed = false
package.preload["busted.modules.files.compare"] = function()
  local inner = require "busted.modules.files.lua"
  return { match = inner.match, load = function(busted, filename)
    local file, getTrace, rewrite = inner.load(busted, filename)
    if not installed then
      installed = true
      -- The lazy path is taken for files whose loader's getTrace is this one (ours in reorder).
      reorder._spec_getTrace = getTrace
      local eager = busted.getTrace
      install(busted)
      local lazyGetTrace = busted.getTrace
      busted.getTrace = function(element, level, msg)
        local a = eager(element, level, msg)
        local b = lazyGetTrace(element, level, msg)
        checked = checked + 1
        if rawget(b, "traceback") == nil then lazy = lazy + 1 end
        if a.traceback ~= b.traceback then
          differing = differing + 1
          io.stderr:write("busted's:\n", a.traceback, "\nlazy:\n", tostring(b.traceback), "\n")
        end
        for _, k in ipairs { "source", "short_src", "currentline", "what", "linedefined", "message" } do
          if a[k] ~= b[k] then differing = differing + 1 end
        end
        return a
      end
    end
    return file, getTrace, rewrite
  end }
end
arg = { "--loaders=compare", "-o", "TAP", "-v", table.unpack(arg) }
local devnull = io.open("/dev/null", "w")
io.output(devnull)
pcall(require "busted.runner", { standalone = false })
io.output(io.stdout)
io.stdout:write(("checked %d differing %d lazy %d\n"):format(checked, differing, lazy))
