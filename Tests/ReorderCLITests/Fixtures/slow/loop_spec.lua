describe("slow", function()
  it("passes first", function() assert.is_true(true) end)
  it("never ends", function()
    while true do end
  end)
  it("comes after", function() assert.is_true(true) end)
end)
