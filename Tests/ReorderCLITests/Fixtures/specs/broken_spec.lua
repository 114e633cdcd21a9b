describe("broken", function()
  it("never runs", function()
end)
