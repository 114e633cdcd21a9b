describe("math", function()
  it("adds", function() assert.are.equal(4, 2 + 2) end)
  it("multiplies", function() assert.are.equal(6, 2 * 3) end)
end)
