-- uikit: UIKit's own reorder behaviour.
describe("uikit", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "uikit", sections = { { "a", "b", "c", "d" }, { "e", "f" } } }
  end)

  it("lifts after 0.5 s with 10 pt of tolerance", function()
    local c = s:config()
    assert.equal(0.5, c.min_press_duration)
    assert.equal(10, c.allowable_movement)
    s:press_item(1, 1)
    s:hold(0.49)
    assert.equal("pressing", s:state())
    s:hold(0.02)
    assert.equal("dragging", s:state())
  end)

  it("moves: remove and insert, across sections too", function()
    assert.equal("move", s:semantics(1, 1, 2, 1))
    assert.is_true(s:drag(1, 2, 2, 1))
    assert.same({ { "a", "c", "d" }, { "b", "e", "f" } }, s:items())
  end)

  it("keeps the origin cell visible as the gap", function()
    assert.equal("visible", s:config().snapshot.placeholder)
  end)

  it("lets a policy redirect the proposed target (targetIndexPathForMove...)", function()
    local redirect = reorder.session{
      policy = { extends = "uikit",
                 target = function(ctx, from_s, from_r, to_s, to_r)
                   if to_s ~= from_s then return from_s, ctx.count(from_s) end  -- stay in the section
                   return to_s, to_r
                 end },
      sections = { { "a", "b", "c" }, { "d", "e" } } }
    assert.same({ 1, 3 }, { redirect:target(1, 1, 2, 1) })
    redirect:drag(1, 1, 2, 2)
    assert.same({ { "b", "c", "a" }, { "d", "e" } }, redirect:items())
  end)

  it("reverts when the interaction is cancelled", function()
    s:press_item(1, 1)
    s:hold(0.75)
    s:move_to_item(1, 3, 0.2)
    s:cancel()
    s:advance(0.5)
    assert.same({ { "a", "b", "c", "d" }, { "e", "f" } }, s:items())
    local events = s:events()
    assert.equal("cancel", events[#events].type)
    assert.equal("revert", events[#events].resolution)
  end)
end)
