-- busted's output handler `reorder` (`reorder test`'s default, `-o reorder`): one line per spec
-- file with one mark per test (`.` passed, `F` failed, `E` error, `P` pending), then the failures
-- with the spec's FILE:LINE, full name, message and expected/actual (a line diff for tables),
-- and the closing line `N passed, N failed[, N pending]`. With options.tap: TAP version 13, the
-- closing line as a `# ` diagnostic (TAP 13 has no other place for it).
-- What a test writes (print, a policy's diagnostics) is captured by the host and shown with
-- that test: in its block after the marks (`output:`), or as `# ` lines after its TAP line.
-- What is written before a test starts (a describe body, setup, before_each, the previous
-- test's after_each) goes with the test that starts next; what is written after the last test
-- (teardown) with the last. The records of every result are left in reorder._spec_results for
-- the host (JUnit XML, the exit status).
package.preload["busted.outputHandlers.reorder"] = function()
  local reorder = reorder
  local inspect = reorder.inspect
  local type, tostring, ipairs, pairs, tonumber = type, tostring, ipairs, pairs, tonumber
  local concat, sort = table.concat, table.sort

  return function(handler_options)
    local busted = require "busted"
    local handler = require "busted.outputHandlers.base"()
    local options = reorder._spec_options or {}
    local tap = options.tap
    local emit = reorder._emit
    local results = {}
    reorder._spec_results = results
    local file_index = {}
    for i, f in ipairs(options.files or {}) do file_index[f] = i end
    local marks = {}          -- display name -> marks so far
    local printed = {}        -- display name -> its line was written
    local pending_message = {}
    local failure_of = {}     -- tostring(element) -> the failure/error record of a running test
    local tap_started = false
    local suite_started = false
    local tap_count = 0
    local before_test = ""    -- written since the last test ended, before the next started

    -- Values in messages as reorder.inspect writes them (tables one entry per line, so a
    -- failure can show a line diff).
    local assert = require "luassert"
    assert:add_formatter(function(v)
      if type(v) == "table" and getmetatable(v) == nil then return inspect(v, { multiline = true }) end
      if type(v) == "string" or type(v) == "number" or type(v) == "boolean" or v == nil then return inspect(v) end
      return nil
    end)

    local function display(name)
      return options.display and options.display[name] or name
    end

    local function tap_header()
      if tap and not tap_started then
        tap_started = true
        emit("TAP version 13\n")
      end
    end

    -- The spec's file and line of a trace (busted's debug info), else of the element.
    local function where(element, trace)
      trace = trace or element.trace
      if type(trace) == "table" and trace.source then
        local src = trace.source:gsub("^@", "")
        return src, tonumber(trace.currentline) or 0
      end
      return nil, 0
    end

    local function message_text(m)
      if m == nil then return nil end
      if type(m) == "string" then return m end
      return inspect(m)
    end

    local stopped = "stopped: the spec file ran longer than " .. tostring(options.timeout or "?") ..
      " s (reorder test --timeout)"

    -- Splits luassert's "HEAD\nPassed in:\nACTUAL\nExpected:\nEXPECTED" into its parts.
    local function split_values(message)
      local head, rest = message:match("^(.-)\nPassed in:\n(.*)$")
      if not head then return message end
      local actual, expected = rest:match("^(.-)\nExpected:\n(.*)$")
      if not actual then return message end
      return head, expected, actual
    end

    local function record(element, status, message, trace, file_level)
      local file, line = where(element, trace)
      local name = file_level and "(loading the file)" or handler.getFullName(element)
      if element.descriptor == "file" then file = display(element.name) end
      local r = { name = name, status = status, file = file or display(element.name or "?"), line = line }
      local m = message_text(message)
      if m and m:find("stopped by the watchdog", 1, true) then
        m = stopped
      end
      if m and (line == 0 or not file) then
        r.line = tonumber(m:match("^[^\n]-:(%d+):")) or tonumber(m:match(":(%d+):")) or 0
      end
      if status == "fail" and m then
        -- The position is in the header line; the message without it.
        m = m:gsub("^[^\n]-:%d+: ", "", 1)
        local head, expected, actual = split_values(m)
        if expected then
          r.message, r.expected, r.actual = head, expected, actual
          r.tables = expected:sub(1, 1) == "{" and actual:sub(1, 1) == "{"
          if r.tables then r.diff = reorder._diff(expected, actual) end
        else
          r.message = m
        end
      else
        r.message = m
      end
      return r
    end

    local function write_file_line(file)
      if printed[file] or tap then return end
      printed[file] = true
      local m = marks[file] or ""
      emit(file .. " " .. (m == "" and "(no tests)" or m) .. "\n")
    end

    local function indent(text, prefix)
      local out = {}
      for l in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = prefix .. l end
      return out
    end

    local function body(r)
      local lines = {}
      if r.message then
        for _, l in ipairs(indent(r.message, "")) do lines[#lines + 1] = l end
      end
      if r.diff then
        lines[#lines + 1] = "expected (-) / actual (+):"
        for _, l in ipairs(indent(r.diff, "  ")) do lines[#lines + 1] = l end
      else
        local function labelled(label, value)
          local pad = (" "):rep(#label)
          for i, l in ipairs(indent(value, "")) do lines[#lines + 1] = (i == 1 and label or pad) .. l end
        end
        if r.expected then labelled("expected: ", r.expected) end
        if r.actual then labelled("actual:   ", r.actual) end
      end
      return lines
    end

    local function tap_comment(text)
      for _, l in ipairs(indent((text:gsub("\n$", "")), "# ")) do emit(l .. "\n") end
    end

    local function add(r, output)
      results[#results + 1] = r
      r.output = output ~= "" and output or nil
      local mark = ({ pass = ".", fail = "F", error = "E", pending = "P" })[r.status]
      marks[r.file] = (marks[r.file] or "") .. mark
      if tap then
        tap_header()
        tap_count = tap_count + 1
        if r.status == "pass" then
          emit(("ok %d - %s\n"):format(tap_count, r.name))
        elseif r.status == "pending" then
          emit(("ok %d - %s # SKIP %s\n"):format(tap_count, r.name, r.message or "pending"))
        else
          emit(("not ok %d - %s\n# %s:%d\n"):format(tap_count, r.name, r.file, r.line))
          for _, l in ipairs(body(r)) do emit("#   " .. l .. "\n") end
        end
        if r.output then tap_comment(r.output) end
      end
    end

    handler.suiteStart = function()
      suite_started = true
      tap_header()
      reorder._capture(true)
      return nil, true
    end

    handler.testStart = function(element)
      before_test = before_test .. reorder._capture(true)
      return nil, true
    end

    handler.testFailure = function(element, parent, message, trace)
      failure_of[tostring(element)] = record(element, "fail", message, trace)
      return nil, true
    end

    handler.testError = function(element, parent, message, trace)
      failure_of[tostring(element)] = record(element, "error", message, trace)
      return nil, true
    end

    handler.pending = function(element, parent, message)
      pending_message[tostring(element)] = message
      return nil, true
    end

    handler.testEnd = function(element, parent, status, trace)
      local output = before_test .. reorder._capture(true)
      before_test = ""
      local id = tostring(element)
      local r
      if status == "success" then
        r = record(element, "pass")
      elseif status == "pending" then
        local m = pending_message[id]
        if type(m) == "string" then m = m:gsub("^[^\n]-:%d+: ", "", 1) end
        r = record(element, "pending", (m ~= nil and m ~= "") and m or "pending", nil)
        if element.descriptor == "pending" then r.message = "pending" end
      else
        r = failure_of[id] or record(element, status == "failure" and "fail" or "error", element.message, trace)
      end
      failure_of[id] = nil
      add(r, output)
      return nil, true
    end

    -- Errors and failures outside a test: a file that does not load, a describe body or a
    -- setup/teardown that fails.
    handler.otherError = function(element, parent, message, trace)
      if element.descriptor == "it" or element.descriptor == "output" or element.descriptor == "helper" then
        return nil, true
      end
      local file_level = element.descriptor == "file"
      local r = record(element, "error", message, trace, file_level)
      if file_level then r.file = display(element.name) end
      add(r, before_test .. reorder._capture(true))
      before_test = ""
      -- A file that failed to load never starts: its line is written now.
      if file_level and not suite_started then write_file_line(r.file) end
      return nil, true
    end

    handler.fileEnd = function(file)
      write_file_line(display(file.name))
      return nil, true
    end

    handler.suiteEnd = function()
      local output = before_test .. reorder._capture(false)
      before_test = ""
      if output ~= "" then
        local last = results[#results]
        if tap or not last then
          if tap then tap_comment(output) else emit(output) end
        else
          last.output = (last.output or "") .. output
        end
      end
      local passed, failed, pending = 0, 0, 0
      for _, r in ipairs(results) do
        if r.status == "pass" then passed = passed + 1
        elseif r.status == "pending" then pending = pending + 1
        else failed = failed + 1 end
      end
      if tap then
        emit(("1..%d\n"):format(tap_count))
      else
        -- In the order of the files given, each file's results in run order.
        local ordered = {}
        for i, r in ipairs(results) do ordered[i] = { r = r, i = i } end
        sort(ordered, function(a, b)
          local fa, fb = file_index[a.r.file] or 1e9, file_index[b.r.file] or 1e9
          if fa ~= fb then return fa < fb end
          return a.i < b.i
        end)
        local out = {}
        for _, o in ipairs(ordered) do
          local r = o.r
          if r.status == "pending" then
            out[#out + 1] = ("\nPENDING %s:%d\n  %s\n"):format(r.file, r.line, r.name)
            if r.message and r.message ~= r.name and r.message ~= "pending" then
              out[#out + 1] = "  " .. r.message .. "\n"
            end
          elseif r.status ~= "pass" then
            out[#out + 1] = ("\n%s %s:%d\n  %s\n"):format(r.status == "fail" and "FAIL" or "ERROR", r.file, r.line, r.name)
            for _, l in ipairs(body(r)) do out[#out + 1] = "  " .. l .. "\n" end
          elseif r.output then
            out[#out + 1] = ("\nOUTPUT %s:%d\n  %s\n"):format(r.file, r.line, r.name)
          end
          if r.output then
            out[#out + 1] = "  output:\n"
            for _, l in ipairs(indent((r.output:gsub("\n$", "")), "    ")) do out[#out + 1] = l .. "\n" end
          end
        end
        if #out > 0 then emit(concat(out) .. "\n") end
      end
      emit(("%s%d passed, %d failed%s\n"):format(tap and "# " or "", passed, failed,
        pending > 0 and (", " .. pending .. " pending") or ""))
      return nil, true
    end

    handler.subscribe = function(self, subscribe_options)
      require("busted.languages.en")
      handler.options = subscribe_options
      busted.subscribe({ "suite", "start" }, handler.suiteStart)
      busted.subscribe({ "suite", "end" }, handler.suiteEnd)
      busted.subscribe({ "file", "end" }, handler.fileEnd)
      busted.subscribe({ "test", "start" }, handler.testStart)
      busted.subscribe({ "test", "end" }, handler.testEnd)
      busted.subscribe({ "pending" }, handler.pending)
      busted.subscribe({ "failure", "it" }, handler.testFailure)
      busted.subscribe({ "error", "it" }, handler.testError)
      busted.subscribe({ "failure" }, handler.otherError)
      busted.subscribe({ "error" }, handler.otherError)
    end

    return handler
  end
end
