-- Traces at stack depths 0-30 (registration, errors, failures) for compare.lua.
local function deep(n, f) if n == 0 then return f() end return (deep(n - 1, f)) end
for d = 0, 30 do
  deep(d, function()
    describe("d" .. d, function()
      deep(d, function() it("x" .. d, function() deep(d, function() error("e") end) end) end)
      it("f" .. d, function() deep(d, function() assert.equal(1, 2) end) end)
    end)
  end)
end
