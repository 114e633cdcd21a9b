-- `reorder test` in Lua: runs Debian's busted (busted.runner, with luassert) in this trusted VM,
-- where the `reorder` module is loaded. The host (SpecRunner) defines reorder._emit,
-- _emit_error, _capture, _read_spec, _file_begin, _file_end, _coverage and _diff before calling
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

-- busted.getTrace, as busted 2.1.1 writes it (busted/core.lua), except that the traceback text is
-- built when it is first read instead of at once. busted calls getTrace for every `it` it
-- registers, and on Lua 5.4 debug.traceback searches package.loaded for a name of every function
-- on the stack: about 80 % of busted's own time per test, for a text that only a failure report
-- (or a verbose handler) reads. The stack is captured at once (debug.getinfo of each level,
-- with the function), and the text is made from it as luaL_traceback (lauxlib.c, Lua 5.4.4)
-- makes it: the same frames, names, "(...tail calls...)" and "(skipping N levels)". The one
-- thing read later is package.loaded, for the global names of the captured functions.
-- Installed for the `reorder` output handler only (busted's own handlers, e.g. -o json, get
-- busted's eager getTrace).
local function install_lazy_traces(busted)
  local getinfo, next, rawequal, type, format = debug.getinfo, next, rawequal, type, string.format
  local concat = table.concat
  local original = busted.getTrace
  local pl_path = require "pl.path"
  local source = getinfo(original, "S").source
  local thisdir = pl_path.dirname(source)
  local ourGetTrace = reorder._spec_getTrace

  local function findfield(obj, t, level)
    if level == 0 or type(t) ~= "table" then return nil end
    for k, v in next, t do
      if type(k) == "string" then
        if rawequal(v, obj) then return k end
        local name = findfield(obj, v, level - 1)
        if name then return k .. "." .. name end
      end
    end
    return nil
  end

  local function funcname(frame)
    local loaded = debug.getregistry and debug.getregistry()._LOADED or package.loaded
    local name = findfield(frame.func, loaded, 2)
    if name then
      if name:sub(1, 3) == "_G." then name = name:sub(4) end
      return "function '" .. name .. "'"
    elseif frame.namewhat ~= "" then
      return format("%s '%s'", frame.namewhat, frame.name)
    elseif frame.what == "main" then
      return "main chunk"
    elseif frame.what ~= "C" then
      return format("function <%s:%d>", frame.short_src, frame.linedefined)
    end
    return "?"
  end

  -- luaL_traceback(L, L, "", level) of the captured frames (frames[i] is level first + i - 1,
  -- `last` the last level).
  local function render(frames, first, last)
    local parts = { "\nstack traceback:" }
    local level = first
    local limit2show = (last - level > 21) and 10 or -1
    while level <= last do
      local frame = frames[level - first + 1]
      level = level + 1
      if limit2show == 0 then
        limit2show = limit2show - 1
        local n = last - level - 11 + 1
        parts[#parts + 1] = format("\n\t...\t(skipping %d levels)", n)
        level = level + n
      else
        limit2show = limit2show - 1
        if frame.currentline <= 0 then
          parts[#parts + 1] = format("\n\t%s: in ", frame.short_src)
        else
          parts[#parts + 1] = format("\n\t%s:%d: in ", frame.short_src, frame.currentline)
        end
        parts[#parts + 1] = funcname(frame)
        if frame.istailcall then parts[#parts + 1] = "\n\t(...tail calls...)" end
      end
    end
    return concat(parts)
  end

  local function trim(text)
    local index = text:find("\n%s*%[C]")
    return text:sub(1, index)
  end

  local function lazy(info, frames, first, last)
    return setmetatable(info, {
      __index = function(t, key)
        if key ~= "traceback" then return nil end
        local text = trim(render(frames, first, last))
        setmetatable(t, nil)
        t.traceback = text
        return text
      end,
    })
  end

  busted.getTrace = function(element, level, msg)
    level = level or 3
    local info = getinfo(level, "Sl")
    while info.what == "C" or info.short_src:match("luassert[/\\].*%.lua$") or
          (info.source:sub(1, 1) == "@" and thisdir == pl_path.dirname(info.source)) do
      level = level + 1
      info = getinfo(level, "Sl")
    end
    local file = busted.getFile(element)
    if file and file.getTrace ~= ourGetTrace then
      -- Another loader's getTrace reads the text now: busted's own way.
      info.traceback = debug.traceback("", level)
      info.message = msg
      return file.getTrace(file.name, info)
    end
    -- The stack from `level` on, as luaL_traceback walks it (the same levels: this function
    -- stands where busted's getTrace stood). Both busted's trimTrace and our loader's getTrace
    -- cut the text at the first C frame (busted's xpcall, a frame or two up): the frames up to
    -- it are all the text shows when it is among the first 10 (luaL_traceback writes the first
    -- 10 levels before any "(skipping N levels)"); otherwise every level is captured.
    local frames, n = {}, 0
    local l = level
    while true do
      local frame = getinfo(l, "Slntf")
      if not frame then break end
      n = n + 1
      frames[n] = frame
      l = l + 1
      if frame.what == "C" and n <= 10 then break end
    end
    info.message = msg
    return lazy(info, frames, level, l - 1)
  end
end

-- busted's environment (busted/environment.lua) looks every global a spec or busted reads up
-- through the chain of contexts with a recursive getEnv: the first true value in a context's
-- env from the running block outwards, else _G[key]. busted's block.rejectAll does it for each of
-- its ~25 executor names before every block. The same lookup as a loop, installed as the
-- __index of busted's environment table (found as the _ENV busted.wrap gives a function).
local function install_fast_environment(busted)
  local globals = _G
  local probe = function() return _G end
  busted.wrap(probe)
  local env
  for i = 1, 255 do
    local name, value = debug.getupvalue(probe, i)
    if name == nil then break end
    if name == "_ENV" then env = value break end
  end
  local mt = env ~= nil and env ~= globals and getmetatable(env)
  if not mt or type(mt.__index) ~= "function" then return end
  fast_env = env
  local get, parent = busted.context.get, busted.context.parent
  mt.__index = function(_, key)
    local ctx = get()
    if not ctx then return nil end
    repeat
      local e = ctx.env
      if e then
        local v = e[key]
        if v then return v end
      end
      ctx = parent(ctx)
    until not ctx
    return globals._G[key]
  end
end

-- busted's block.rejectAll (busted/block.lua) runs before every block (file, describe, each
-- `it`, every before_each/after_each): for each of busted's ~25 executors it reads
-- `root.env[name] and env[name]`, env being busted's environment table, whose lookup walks the
-- contexts from the running block out to the root; a name set (true) in the root's env is
-- found true there at the latest, so the second read cannot change the outcome. With the
-- environment above installed, this rejectAll skips the walk and rejects the same names in the
-- same way (block.reject); any other env (a function re-bound by busted.bindfenv, _G) goes to
-- busted's own. `fast_env` is busted's environment table once install_fast_environment found it.
local fast_env
local function wrap_block_module()
  local make = require "busted.block"
  local getfenv = require "busted.compatibility".getfenv
  package.loaded["busted.block"] = function(busted)
    local block = make(busted)
    local root = busted.context.get()
    local original = block.rejectAll
    block.rejectAll = function(element)
      local env = getfenv(element.run)
      if fast_env == nil or not rawequal(env, fast_env) then return original(element) end
      local reject, root_env = block.reject, root.env
      reject("randomize", element)
      for descriptor in pairs(busted.executors) do
        if root_env[descriptor] then reject(descriptor, element) end
      end
    end
    return block
  end
  return function() package.loaded["busted.block"] = make end
end

-- luassert's equals/equal and same (luassert/assertions.lua) build the "too few arguments"
-- message with `say` before checking the count, on every call, and pass it to luassert's
-- assert. The same callbacks that check the count first and hand a short call to luassert's
-- own (the same message, raised at the same place): the same results, the same argument order
-- for the failure message.
local function install_lazy_luassert()
  local namespace = require "luassert.namespaces"
  local util = require "luassert.util"
  local tinsert, tremove, deepcompare = util.tinsert, util.tremove, util.deepcompare
  local function set_failure_message(state, message)
    if message ~= nil then state.failure_message = message end
  end
  local assertions = namespace.assertion
  local original_equals = assertions.equals and assertions.equals.callback
  local original_same = assertions.same and assertions.same.callback
  local function equals(state, arguments, level)
    if not (arguments.n > 1) then return original_equals(state, arguments, level) end
    local result = arguments[1] == arguments[2]
    tinsert(arguments, 1, tremove(arguments, 2))
    set_failure_message(state, arguments[3])
    return result
  end
  local function same(state, arguments, level)
    if not (arguments.n > 1) then return original_same(state, arguments, level) end
    if type(arguments[1]) == "table" and type(arguments[2]) == "table" then
      local result, crumbs = deepcompare(arguments[1], arguments[2], true)
      tinsert(arguments, 1, tremove(arguments, 2))
      arguments.fmtargs = arguments.fmtargs or {}
      arguments.fmtargs[1] = { crumbs = crumbs }
      arguments.fmtargs[2] = { crumbs = crumbs }
      set_failure_message(state, arguments[3])
      return result
    end
    local result = arguments[1] == arguments[2]
    tinsert(arguments, 1, tremove(arguments, 2))
    set_failure_message(state, arguments[3])
    return result
  end
  local replaced = {}
  for name, callback in pairs({ equals = equals, equal = equals, same = same }) do
    local entry = assertions[name]
    if entry and (entry.callback == original_equals or entry.callback == original_same) then
      replaced[entry] = entry.callback
      entry.callback = callback
    end
  end
  return function()
    for entry, callback in pairs(replaced) do entry.callback = callback end
  end
end

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
  reorder._spec_getTrace = getTrace
  local function display(name)
    local options = reorder._spec_options
    return options and options.display and options.display[name] or name
  end
  return {
    match = function(busted, filename) return path.extension(filename) == ".lua" end,
    load = function(busted, filename)
      if not subscribed then
        subscribed = true
        install_fast_environment(busted)
        if reorder._spec_lazy_traces then install_lazy_traces(busted) end
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
  fast_env = nil
  -- busted's coverage (`-c`, `coverage = true` in .busted) starts LuaCov through
  -- busted.modules.luacov; policies run in VMs of their own that LuaCov cannot see, and the
  -- host counts their lines (reorder test --coverage). The module is replaced for the run by
  -- one that asks the host for that.
  local luacov_module = package.loaded["busted.modules.luacov"]
  package.loaded["busted.modules.luacov"] = function()
    return function()
      reorder._coverage()
      return true
    end
  end
  local restore_block = wrap_block_module()
  local restore_luassert = install_lazy_luassert()
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
  reorder._spec_lazy_traces = true
  for _, a in ipairs(args) do
    if a:match("^%-%-output=") and a ~= "--output=reorder" then reorder._spec_lazy_traces = false end
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
  package.loaded["busted.modules.luacov"] = luacov_module
  restore_block()
  restore_luassert()
  fast_env = nil
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
