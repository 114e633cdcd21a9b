local reorder = reorder
local inspect = reorder.inspect
local type, tostring, pairs, ipairs, select, error = type, tostring, pairs, ipairs, select, error
local format, concat = string.format, table.concat

--------------------------------------------------------------------------------------------
-- Assertions (luassert's vocabulary)

local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f) return f.message end

local function fail(message, expected, actual, has_values)
  error(setmetatable({ message = message, expected = expected, actual = actual,
                       has_values = has_values, is_assertion = true }, Failure), 3)
end

local function deep_equal(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then
    -- nan is the same as nan for `same`
    return type(a) == "number" and type(b) == "number" and a ~= a and b ~= b
  end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not deep_equal(v, b[k], seen) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

local function strip_position(msg)
  if type(msg) ~= "string" then return msg end
  return (msg:gsub("^[^:\n]+:%d+: ", "", 1))
end

-- Each checker returns ok, message, expected, actual, show_values
local checks = {}
checks.same = function(expected, actual)
  return deep_equal(expected, actual), "Expected objects to be the same.", expected, actual, true
end
checks.equal = function(expected, actual)
  return expected == actual, "Expected objects to be equal.", expected, actual, true
end
checks.equals = checks.equal
checks.truthy = function(v)
  return v ~= nil and v ~= false, "Expected to be truthy, but value was:", nil, v, "actual"
end
checks.falsy = function(v)
  return v == nil or v == false, "Expected to be falsy, but value was:", nil, v, "actual"
end
checks["true"] = function(v) return v == true, "Expected true.", true, v, true end
checks["false"] = function(v) return v == false, "Expected false.", false, v, true end
checks["nil"] = function(v) return v == nil, "Expected nil.", nil, v, "actual" end
checks.near = function(expected, actual, tolerance)
  if type(expected) ~= "number" or type(actual) ~= "number" or type(tolerance) ~= "number" then
    error(format("assert.near: expected three numbers (expected, actual, tolerance), got %s, %s, %s",
      type(expected), type(actual), type(tolerance)), 4)
  end
  return math.abs(expected - actual) <= tolerance,
    format("Expected %s to be within %s of:", inspect(actual), inspect(tolerance)), expected, actual, true
end
checks.error = function(fn, expected_message)
  if type(fn) ~= "function" then
    error("assert.has_error: expected a function, got " .. type(fn), 4)
  end
  local ok, err = pcall(fn)
  if ok then return false, "Expected an error, but none was raised.", expected_message, nil, false end
  if expected_message == nil then return true, "Expected no error, but got:", nil, err, "actual" end
  local got = strip_position(type(err) == "table" and err.message or err)
  local same = deep_equal(expected_message, got) or deep_equal(expected_message, err)
  return same, "Expected a different error.", expected_message, got, true
end
checks.errors = checks.error
checks.matches = function(pattern, actual, init, plain)
  if type(actual) ~= "string" and type(actual) ~= "number" then
    return false, format("Expected a string to match %s.", inspect(pattern)), pattern, actual, true
  end
  return string.find(tostring(actual), pattern, init, plain) ~= nil,
    "Expected the string to match the pattern.", pattern, actual, true
end
checks.match = checks.matches
checks.unique = function(list)
  local seen = {}
  for _, v in ipairs(list) do
    for _, w in ipairs(seen) do if deep_equal(v, w) then return false, "Expected a list of unique values.", nil, list, "actual" end end
    seen[#seen + 1] = v
  end
  return true, "Expected a list with duplicates.", nil, list, "actual"
end

local argcount = { same = 2, equal = 2, equals = 2, truthy = 1, falsy = 1, ["true"] = 1, ["false"] = 1,
  ["nil"] = 1, near = 3, error = 2, errors = 2, matches = 2, match = 2, unique = 1 }

local negated_message = {
  same = "Expected objects to not be the same.", equal = "Expected objects to not be equal.",
  near = "Expected the numbers to not be near.", matches = "Expected the string to not match the pattern.",
}

local function run_check(name, negate, ...)
  local check = checks[name]
  local ok, message, expected, actual, show = check(...)
  local user_message = select(argcount[name] + 1, ...)
  if negate then
    ok = not ok
    message = negated_message[name] or ("Expected not: " .. message)
    if name == "error" or name == "errors" then message = "Expected no error, but got:"; show = "actual" end
  end
  if not ok then
    fail(user_message ~= nil and tostring(user_message) or message, expected, actual, show)
  end
  return ...
end

local modifiers = { is = false, are = false, was = false, has = false, does = false, to = false,
  be = false, ["not"] = true, no = true }

local function resolve(words, negate)
  -- words: list of words; returns checker name or nil, final negate, remaining words consumed
  local rest = {}
  for _, w in ipairs(words) do
    if modifiers[w] ~= nil and #rest == 0 then
      if modifiers[w] then negate = not negate end
    else
      rest[#rest + 1] = w
    end
  end
  return concat(rest, "_"), negate
end

local chain_meta = {}
local function chain(negate)
  return setmetatable({ negate = negate }, chain_meta)
end
local function lookup(negate, key)
  if type(key) ~= "string" then return nil end
  local words = {}
  for w in key:gmatch("[^_]+") do words[#words + 1] = w end
  local name, neg = resolve(words, negate)
  if name == "" then return chain(neg) end
  if not checks[name] then
    error(format("assert.%s: unknown assertion '%s'", key, name), 2)
  end
  return function(...) return run_check(name, neg, ...) end
end
chain_meta.__index = function(self, key) return lookup(rawget(self, "negate"), key) end

-- A spec must not end the runner: os.exit is an error here.
if os then
  os.exit = function() error("os.exit() called from a spec (the runner keeps going)", 2) end
end

local lua_assert = assert
local assert_table = setmetatable({}, {
  __index = function(_, key) return lookup(false, key) end,
  __call = function(_, ...) return lua_assert(...) end,
})
assert = assert_table

--------------------------------------------------------------------------------------------
-- Blocks (busted's vocabulary)

local root = { name = nil, children = {}, before = {}, after = {}, setup = {}, teardown = {} }
local current = root
local spec_path
local collected_errors = {}

local function caller_line(level)
  local info = debug.getinfo(level + 1, "Sl")
  return info and info.currentline or 0
end

local function add(kind, name, fn)
  if type(name) ~= "string" then
    error(format("%s: expected a name (string) as its first argument, got %s", kind, type(name)), 3)
  end
  if fn ~= nil and type(fn) ~= "function" then
    error(format("%s(%q, ...): expected a function as its second argument, got %s", kind, name, type(fn)), 3)
  end
  local node = { kind = kind, name = name, fn = fn, parent = current, line = caller_line(3),
                 children = {}, before = {}, after = {}, setup = {}, teardown = {} }
  current.children[#current.children + 1] = node
  return node
end

function describe(name, fn)
  local node = add("describe", name, fn)
  if fn == nil then error("describe: expected a function", 2) end
  local outer = current
  current = node
  local ok, err = xpcall(fn, reorder._spec_handler)
  current = outer
  if not ok then
    node.load_error = err
  end
end
context = describe

function it(name, fn)
  local node = add("it", name, fn)
  if fn == nil then node.kind = "pending" end
end
spec, test = it, it

local Pending = {}
local running_test = false
function pending(name, fn)
  if running_test then
    -- pending("reason") inside an `it`: the test stops here and counts as pending.
    error(setmetatable({ message = tostring(name or "pending"), pending = true }, Pending), 2)
  end
  local node = add("pending", name or "pending", nil)
  node.kind = "pending"
end

function before_each(fn) current.before[#current.before + 1] = fn end
function after_each(fn) current.after[#current.after + 1] = fn end
function setup(fn) current.setup[#current.setup + 1] = fn end
function teardown(fn) current.teardown[#current.teardown + 1] = fn end
lazy_setup, strict_setup, lazy_teardown, strict_teardown = setup, setup, teardown, teardown

-- finally(fn) inside an it: runs after the test, pass or fail.
local finallies
function finally(fn) if finallies then finallies[#finallies + 1] = fn end end

--------------------------------------------------------------------------------------------
-- Running

local function full_name(node)
  local parts = {}
  while node and node.name do
    table.insert(parts, 1, node.name)
    node = node.parent
  end
  return concat(parts, " ")
end

-- The deepest stack frame that belongs to the spec file, for file:line.
local function spec_line(level)
  local best
  local lvl = level + 1
  while true do
    local info = debug.getinfo(lvl, "Sl")
    if not info then break end
    if info.source == "@" .. spec_path and info.currentline and info.currentline > 0 then
      best = info.currentline
      break
    end
    lvl = lvl + 1
  end
  return best
end

local function handler(e)
  local line = spec_line(2)
  if type(e) == "table" and getmetatable(e) == Pending then return e end
  if type(e) == "table" and getmetatable(e) == Failure then
    e.line = line or e.line
    return e
  end
  local msg = type(e) == "string" and e or inspect(e)
  if not line then line = tonumber(msg:match("^[^:\n]*:(%d+):")) end
  return { message = msg, line = line, is_error = true, traceback = debug.traceback("", 2) }
end

local function value_text(v, multiline)
  return inspect(v, { multiline = multiline })
end

local function record(results, node, status, err)
  local r = { name = full_name(node), status = status, line = node.line, file = spec_path }
  if err then
    r.message = tostring(err.message)
    r.line = err.line or node.line
    if err.has_values then
      if err.has_values ~= "actual" then r.expected = value_text(err.expected, type(err.expected) == "table") end
      r.actual = value_text(err.actual, type(err.actual) == "table" and err.has_values ~= "actual")
      r.tables = type(err.expected) == "table" and type(err.actual) == "table"
    end
  end
  results[#results + 1] = r
end

local function matches_filter(name, filter)
  if not filter or filter == "" then return true end
  local ok, found = pcall(string.find, name, filter)
  if ok then return found ~= nil end
  return name:find(filter, 1, true) ~= nil
end

local function befores(node, list)
  if not node then return end
  befores(node.parent, list)
  for _, f in ipairs(node.before) do list[#list + 1] = f end
end

local function run_node(node, results, filter)
  if node.load_error then
    local e = node.load_error
    record(results, node, "error", { message = e.message, line = e.line or node.line })
    return
  end
  local has_test = false
  local function any_selected(n)
    for _, c in ipairs(n.children) do
      if c.kind == "describe" then
        if c.load_error or any_selected(c) then return true end
      elseif matches_filter(full_name(c), filter) then
        return true
      end
    end
    return false
  end
  has_test = any_selected(node)
  if not has_test then return end
  for _, f in ipairs(node.setup) do
    local ok, e = xpcall(f, handler)
    if not ok then
      record(results, node.name and node or { name = "setup", parent = node, line = 0 }, "error", e)
      return
    end
  end
  for _, child in ipairs(node.children) do
    if child.kind == "describe" then
      run_node(child, results, filter)
    elseif matches_filter(full_name(child), filter) then
      if child.kind == "pending" then
        record(results, child, "pending")
      else
        local chain_before = {}
        befores(node, chain_before)
        local failure
        finallies = {}
        for _, f in ipairs(chain_before) do
          local ok, e = xpcall(f, handler)
          if not ok then failure = e; break end
        end
        if not failure then
          running_test = true
          local ok, e = xpcall(child.fn, handler)
          running_test = false
          if not ok then failure = e end
        end
        -- after_each: innermost first
        local n = node
        while n do
          for _, f in ipairs(n.after) do
            local ok, e = xpcall(f, handler)
            if not ok and not failure then failure = e end
          end
          n = n.parent
        end
        for _, f in ipairs(finallies) do
          local ok, e = xpcall(f, handler)
          if not ok and not failure then failure = e end
        end
        finallies = nil
        if failure and failure.pending then
          record(results, child, "pending")
          results[#results].message = failure.message
        elseif failure then
          record(results, child, failure.is_assertion and "fail" or "error", failure)
        else
          record(results, child, "pass")
        end
      end
    end
  end
  for _, f in ipairs(node.teardown) do
    local ok, e = xpcall(f, handler)
    if not ok then record(results, { name = "teardown", parent = node, line = 0 }, "error", e) end
  end
end

reorder._spec_handler = handler

-- Loads and runs one spec file (its source already read and checked by the host, else read
-- here); returns a list of result records.
function reorder._run_spec(path, filter, source)
  spec_path = path
  local results = {}
  local chunk, err
  if source then chunk, err = load(source, "@" .. path, "t") else chunk, err = loadfile(path, "t") end
  if not chunk then
    local line = tonumber(tostring(err):match(":(%d+):"))
    results[1] = { name = "(loading the file)", status = "error", file = path, line = line or 0,
                   message = "cannot load: " .. tostring(err) }
    return results
  end
  local ok, e = xpcall(chunk, handler)
  if not ok then
    results[1] = { name = "(loading the file)", status = "error", file = path, line = e.line or 0,
                   message = "error while running the file: " .. tostring(e.message) }
    return results
  end
  run_node(root, results, filter)
  return results
end
