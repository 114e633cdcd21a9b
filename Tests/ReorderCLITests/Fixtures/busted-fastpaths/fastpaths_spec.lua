-- What reorder test's fast paths (Preludes/spec.lua: rejectAll without the context walk,
-- luassert's equals/same without the message on a passing call) must keep as busted has it:
-- executors rejected inside a test and a hook, and equals/same passing, failing, and short of
-- arguments. Counted against real busted by SpecRunnerTests.fastPathsKeepBustedsResults.
describe("fast paths", function()
  local hooks = 0
  before_each(function() hooks = hooks + 1 end)

  it("rejects `it` inside a test", function()
    it("inner", function() end)
  end)

  it("rejects `describe` inside a test", function()
    describe("inner", function() end)
  end)

  it("rejects `before_each` inside a test", function()
    before_each(function() end)
  end)

  it("keeps globals a spec sets", function()
    shared_value = 7
    assert.equal(7, shared_value)
  end)

  it("passes equal, equals and same", function()
    assert.equal(2, 1 + 1)
    assert.are.equals("a", "a")
    assert.same({ 1, { 2 } }, { 1, { 2 } })
    assert.is_not.same({ 1 }, { 2 })
    assert.same(3, 3)
    assert.Not.equal(1, 2)
    assert.equal(5, hooks)
  end)

  it("fails equal with a message", function()
    assert.equal(1, 2, "one is not two")
  end)

  it("fails same on tables", function()
    assert.same({ 1 }, { 2 })
  end)

  it("fails equal with too few arguments", function()
    assert.equal(1)
  end)

  it("fails same with too few arguments", function()
    assert.same({})
  end)

  describe("nested", function()
    it("still rejects `it`", function()
      it("inner", function() end)
    end)

    it("sees the outer hooks", function()
      assert.equal(11, hooks)
    end)
  end)
end)
