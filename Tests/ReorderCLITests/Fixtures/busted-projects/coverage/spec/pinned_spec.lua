describe("pinned", function()
  it("keeps row 1", function()
    local s = reorder.session{ policy = "pinned.lua", rows = 3 }
    assert.is_false(s:can_move(1, 1))
  end)
end)
