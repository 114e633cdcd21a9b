-- Failures, errors, a plain assert, a table error after a tail call, pending: for compare.lua.
local function deep(n, f) if n == 0 then return f() end return (deep(n - 1, f)) end
describe("outer", function()
  describe("inner", function()
    it("ok", function() assert.equal(1, 1) end)
    it("fails", function() assert.equal(1, 2) end)
    it("errors", function() error("boom") end)
    it("plain", function() assert(false, "msg") end)
    it("deep", function() deep(30, function() error("deep boom") end) end)
    it("tail", function() local function g() error({}) end return g() end)
    pending("later")
  end)
  deep(25, function() it("registered deep", function() end) end)
end)
