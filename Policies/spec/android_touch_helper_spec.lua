-- android_touch_helper: ItemTouchHelper's out-of-bounds scroll,
-- cap = 20 * ((r - 1)^5 + 1) dp per frame, r = min(1, overshoot / item size), ramp tau^5 over 2 s.
describe("android_touch_helper", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "android_touch_helper", rows = 100 }
  end)

  it("lifts after 500 ms within an 8 dp touch slop", function()
    assert.equal(0.5, s:config().min_press_duration)
    assert.equal(8, s:config().allowable_movement)
    s:press(100, 66)
    s:move(100, 75)
    assert.equal("idle", s:state())
  end)

  it("scrolls only once the dragged view's edge is out (a 1 pt zone)", function()
    assert.equal(1, s:zone())
    assert.equal("leading_edge", s:config().edge_scroll.reference)
  end)

  it("caps the speed by the overshoot and ramps it with tau^5 over 2 s", function()
    s:press_item(1, 5)
    s:hold(0.75)                                    -- item size: 44 pt rows
    assert.equal(0, s:speed(1, 1, 2))               -- nothing out yet
    assert.equal(20 * 60, s:speed(1 + 44, 1, 2))    -- a whole item out, after 2 s
    assert.equal(20 * 60, s:speed(1 + 100, 1, 3))   -- r capped at 1
    -- half an item out: floor(20 * ((0.5 - 1)^5 + 1)) = floor(19.375) = 19
    assert.equal(19 * 60, s:speed(1 + 22, 1, 2))
    -- after 1 s: floor(20 * 0.5^5) = 0, which becomes 1
    assert.equal(60, s:speed(1 + 44, 1, 1))
    -- after 1.8 s: floor(20 * 0.9^5) = floor(11.81) = 11
    assert.equal(11 * 60, s:speed(1 + 44, 1, 1.8))
  end)
end)
