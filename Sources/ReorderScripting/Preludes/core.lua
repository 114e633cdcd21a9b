local reorder = reorder
local write = reorder._write
local type, tostring, pairs, select, rawget = type, tostring, pairs, select, rawget
local concat, sort, format = table.concat, table.sort, string.format
local mtype = math.type

-- print and io.write go to the host's output (a terminal, a file, or a test's buffer).
function print(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  write(concat(parts, "\t"), "\n")
end
if io then
  io.write = function(...)
    for i = 1, select("#", ...) do
      local v = select(i, ...)
      if type(v) ~= "string" and type(v) ~= "number" then
        error(format("bad argument #%d to 'write' (string expected, got %s)", i, type(v)), 2)
      end
      write(v)
    end
    return io.stdout
  end
end

local escapes = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ["\\"] = "\\\\", ['"'] = '\\"' }
local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or format("\\%d", c:byte())
  end) .. '"'
end

local function is_identifier(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil
end

local key_rank = { number = 1, string = 2, boolean = 3 }
local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (key_rank[ta] or 9) < (key_rank[tb] or 9) end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function scalar(v)
  local t = type(v)
  if t == "string" then return quote(v) end
  if t == "number" then
    if mtype(v) == "float" then
      if v ~= v then return "nan" end
      if v == math.huge then return "inf" end
      if v == -math.huge then return "-inf" end
      if v == math.floor(v) and math.abs(v) < 1e15 then return format("%.1f", v) end
      return format("%.14g", v)
    end
    return tostring(v)
  end
  if t == "function" then return "<function>" end
  if t == "thread" then return "<thread>" end
  return tostring(v)
end

-- Readable text for a value: sequences first, then the other keys sorted; a table that
-- fits in `width` columns stays on one line, a larger one gets one entry per line.
local function inspect(v, opts)
  opts = opts or {}
  local width = opts.width or 78
  local multiline = opts.multiline
  local seen = {}
  local function render(x, indent)
    if type(x) ~= "table" then return scalar(x) end
    if seen[x] then return "<cycle>" end
    seen[x] = true
    local n = #x
    local entries = {}
    for i = 1, n do entries[#entries + 1] = render(x[i], indent .. "  ") end
    -- The values pairs gives, not rawget's: a read-only proxy (an item from ctx.item) keeps its
    -- fields behind __pairs and __index, and rawget on it finds nothing.
    local keys, values = {}, {}
    for k, v in pairs(x) do
      if not (mtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k; values[k] = v end
    end
    sort(keys, key_less)
    for _, k in ipairs(keys) do
      local ks = is_identifier(k) and k or ("[" .. scalar(k) .. "]")
      entries[#entries + 1] = ks .. " = " .. render(values[k], indent .. "  ")
    end
    seen[x] = nil
    if #entries == 0 then return "{}" end
    local one = "{ " .. concat(entries, ", ") .. " }"
    if not multiline and #one + #indent <= width and not one:find("\n") then return one end
    -- Sequences of short scalars wrap like text; everything else gets a line per entry.
    local wrapped = {}
    if not multiline and #keys == 0 and not one:find("\n") then
      local line = indent .. "  "
      for i, e in ipairs(entries) do
        local piece = e .. (i < #entries and "," or "")
        if #line + #piece + 1 > width and line:match("%S") then
          wrapped[#wrapped + 1] = line
          line = indent .. "  " .. piece
        else
          line = line .. (line:match("%S") and " " or "") .. piece
        end
      end
      wrapped[#wrapped + 1] = line
      return "{\n" .. concat(wrapped, "\n") .. "\n" .. indent .. "}"
    end
    -- One entry per line, each with its comma (stable lines for diffs).
    for _, e in ipairs(entries) do
      wrapped[#wrapped + 1] = indent .. "  " .. e .. ","
    end
    return "{\n" .. concat(wrapped, "\n") .. "\n" .. indent .. "}"
  end
  return render(v, "")
end
reorder.inspect = inspect

-- Splits "statements expression" at the rightmost blank or ';' where the head is a statement
-- list and the tail an expression list, and returns a chunk that runs the head and returns the
-- tail's values; nil when there is no such split. Both halves must compile on their own, so a
-- split never cuts a block ("for ... do f() end" never becomes "... f() return end"); the tail
-- must hold an expression (", nil" after it compiles: a comment alone does not), and the head
-- must not end inside a comment (" return return" after it must not compile).
function reorder._split_trailing(src)
  for i = #src, 1, -1 do
    local c = src:sub(i, i)
    if c == " " or c == ";" or c == "\t" or c == "\n" then
      local head, tail = src:sub(1, i), src:sub(i + 1)
      if load("return " .. tail .. "\n, nil", "=stdin", "t") and load(head, "=stdin", "t")
          and not load(head .. " return return", "=stdin", "t") then
        return load(head .. " return " .. tail, "=stdin", "t")
      end
    end
  end
  return nil
end

-- The REPL: "ok", text | "incomplete" | "error", message.
function reorder._repl_eval(src, final)
  local chunk, expr_err = load("return " .. src, "=stdin", "t")
  if not chunk then
    local err
    chunk, err = load(src, "=stdin", "t")
    if chunk then
      -- Statements that end with an expression that is also a statement (a call:
      -- "s:hold(1) s:state()"): print that expression's values.
      chunk = reorder._split_trailing(src) or chunk
    else
      -- Unfinished as a statement or as an expression ("1 +"): read another line. (An
      -- expression used as a statement, "syntax error near <eof>", is not unfinished.)
      local expression_statement = err:sub(-23) == "syntax error near <eof>"
      local unfinished = (err:sub(-5) == "<eof>" and not expression_statement)
        or expr_err:sub(-5) == "<eof>"
      if not final and unfinished then return "incomplete" end
      -- Statements followed by an expression ("x = 1; x + 1"): run the statements and print
      -- the expression.
      chunk = reorder._split_trailing(src)
    end
    if not chunk then
      -- Report the reading that got further (Lua's REPL reports the statement's).
      local el = tonumber(expr_err:match("^stdin:(%d+):")) or 0
      local sl = tonumber(err:match("^stdin:(%d+):")) or 0
      return "error", el > sl and expr_err or err
    end
  end
  local r = table.pack(xpcall(chunk, function(e)
    if type(e) == "table" and e.message then return tostring(e.message) end
    return (debug.traceback(type(e) == "string" and e or inspect(e), 2):gsub("\n\t%[C%]: in function 'xpcall'.*$", ""))
  end))
  if not r[1] then return "error", r[2] end
  if r.n < 2 then return "ok" end
  local parts = {}
  for i = 2, r.n do parts[#parts + 1] = inspect(r[i]) end
  return "ok", concat(parts, "\t")
end
