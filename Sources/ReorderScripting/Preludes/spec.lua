-- `reorder test` in Lua: runs Debian's busted (busted.runner, with luassert) in this trusted VM,
-- where the `reorder` module is loaded. The host (SpecRunner) defines reorder._emit,
-- _emit_error, _capture, _read_spec, _file_begin, _file_end and _diff before calling
-- reorder._run_specs(args, options).
local reorder = reorder
local error, setmetatable, getmetatable, pcall, require = error, setmetatable, getmetatable, pcall, require
local tostring, select, type, load, ipairs = tostring, select, type, load, ipairs

-- The runner ends with os.exit(code) (busted.compatibility's exit): caught as an error object
-- so the host gets the code and the process goes on. A spec that calls os.exit gets an error.
local Exit = {}
if os then
  os.exit = function(code)
    local info = debug.getinfo(2, "S")
    if info and info.source:match("busted[/\\]compatibility%.lua$") then
      error(setmetatable({ code = code }, Exit), 0)
    end
    error("os.exit() called from a spec (the runner keeps going)", 2)
  end
end

-- busted's own messages (a bad option, an output handler that does not load) go to the host's
-- error output.
local stderr = {}
local stderr_methods = {
  write = function(self, ...)
    for i = 1, select("#", ...) do reorder._emit_error(tostring((select(i, ...)))) end
    return self
  end,
  flush = function(self) return self end,
  setvbuf = function(self) return true end,
  close = function() return nil, "cannot close standard file" end,
}
setmetatable(stderr, { __index = stderr_methods, __name = "FILE*" })

-- The test file loader `reorder` (`--loaders=reorder`): reads a file as every input is read
-- (a regular file of UTF-8 source, at most 16 MiB: reorder._read_spec raises a clear message
-- otherwise), compiles it under the name the user gave, and tells the host when each file runs
-- (its --timeout watchdog).
package.preload["busted.modules.files.reorder"] = function()
  local path = require "pl.path"
  local subscribed = false
  local function getTrace(filename, info)
    local index = info.traceback:find("\n%s*%[C]")
    info.traceback = info.traceback:sub(1, index)
    return info
  end
  local function display(name)
    local options = reorder._spec_options
    return options and options.display and options.display[name] or name
  end
  return {
    match = function(busted, filename) return path.extension(filename) == ".lua" end,
    load = function(busted, filename)
      if not subscribed then
        subscribed = true
        busted.subscribe({ "file", "start" }, function(file)
          reorder._file_begin(display(file.name))
          return nil, true
        end)
        busted.subscribe({ "file", "end" }, function()
          reorder._file_end()
          return nil, true
        end)
      end
      local source, err = reorder._read_spec(filename)
      local file
      if source then file, err = load(source, "@" .. display(filename), "t") end
      if not file then
        busted.publish({ "error", "file" }, { descriptor = "file", name = filename }, nil,
          "cannot load: " .. tostring(err), {})
      end
      return file, getTrace
    end,
  }
end

-- Runs busted's runner with `args` (its command line, parsed by busted). Returns
--   "missing", message             busted or luassert cannot be required
--   "done", exit code, results     the run ended (results: the `reorder` handler's records)
--   "error", message               the runner itself failed
function reorder._run_specs(args, options)
  reorder._spec_options = options
  if options.path then package.path = options.path end
  if options.cpath then package.cpath = options.cpath end
  local ok, runner = pcall(require, "busted.runner")
  if not ok then return "missing", tostring(runner) end
  local has_luassert, why = pcall(require, "luassert")
  if not has_luassert then return "missing", tostring(why) end
  -- The host lists the files (a FIFO or a device named on the command line included): busted
  -- takes each as a file, and the loader's read says what is wrong with one that is not.
  local pl_path = require "pl.path"
  local isfile = pl_path.isfile
  -- Penlight's splitpath walks the path one character at a time from the end, and busted calls
  -- it (through path.dirname) several times for every test it registers and runs: the same
  -- split with one pattern search (on POSIX, where '/' is the only separator).
  local splitpath = pl_path.splitpath
  if not pl_path.is_windows then
    local find, sub = string.find, string.sub
    pl_path.splitpath = function(P)
      if type(P) ~= "string" then return splitpath(P) end
      local _, i = find(P, ".*/")
      if not i then return "", P end
      return sub(P, 1, i - 1), sub(P, i + 1)
    end
  end
  local given = {}
  for _, f in ipairs(args) do given[f] = true end
  pl_path.isfile = function(p) return given[p] or isfile(p) end
  local saved_stderr = io.stderr
  io.stderr = stderr
  arg = args
  arg[0] = "reorder test"
  local done, err = pcall(runner, { standalone = false, output = "reorder" })
  io.stderr = saved_stderr
  pl_path.isfile = isfile
  pl_path.splitpath = splitpath
  local results = reorder._spec_results or {}
  if done then return "done", 0, results end
  if getmetatable(err) == Exit then
    local code = err.code
    if code == true or code == nil then code = 0 elseif code == false then code = 1 end
    return "done", code, results
  end
  return "error", tostring(err)
end
