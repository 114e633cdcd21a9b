describe("failures", function()
  it("reports a table difference", function()
    assert.same({ "a", "b", "c" }, { "a", "c", "b" })
  end)

  it("reports a number", function()
    assert.equal(1.0, 0.5)
  end)

  it("passes here", function()
    assert.truthy(true)
  end)

  it("reports a runtime error", function()
    local t = nil
    return t.field
  end)
end)
