-- swift_reorder: SwiftReorder's auto-scroll (30 pt threshold, 60 -> 280 pt/s by time).
describe("swift_reorder", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "swift_reorder", rows = 100 }
  end)

  it("lifts after 0.3 s", function()
    assert.equal(0.3, s:config().min_press_duration)
  end)

  it("scrolls within 30 pt of the snapshot's leading edge", function()
    assert.equal(30, s:zone())
    assert.equal("leading_edge", s:config().edge_scroll.reference)
  end)

  it("maps the distance to the edge from 30 -> 0 pt onto 60 -> 280 pt/s", function()
    assert.equal(0, s:speed(0, 30, 0))        -- 30 pt from the edge: not yet
    assert.near(60 + 220 / 30, s:speed(1, 30, 0), 1e-9)
    assert.equal(170, s:speed(15, 30, 0))     -- half way: (60 + 280) / 2
    assert.equal(280, s:speed(30, 30, 0))     -- at the edge
    assert.equal(280, s:speed(50, 30, 0))     -- past it: distance clamped at 0
    assert.equal(170, s:speed(15, 30, 10))    -- no time ramp
  end)

  -- handleDisplayLinkUpdate (ReorderController+AutoScroll.swift): the display link made in
  -- beginReorder first only records lastAutoScrollTimeStamp; from its second call it scrolls
  -- velocity * (timestamp - last). Row 15 spans 616..660 of the 667 pt viewport: the snapshot's
  -- bottom edge is 7 pt from the bottom at the lift, so velocity = mapValue(7, 30, 0, 60, 280)
  -- = (7 - 30) * 220 / -30 + 60 = 228.666... pt/s, and the finger does not move.
  it("does not scroll on the display link's first frame, then velocity * dt a frame", function()
    for _, rate in ipairs({ 60, 120 }) do
      local t = reorder.session{ policy = "swift_reorder", rows = 100, frame_rate = rate }
      t:press_item(1, 15)
      t:hold(0.3)
      assert.equal("dragging", t:state())
      local offsets = {}
      for k = 1, 3 do
        t:tick(1)
        offsets[k] = select(2, t:offset())
      end
      local v = (7 - 30) * 220 / -30 + 60
      assert.equal(0, offsets[1])
      assert.near(v / rate, offsets[2], 1e-9)
      assert.near(2 * v / rate, offsets[3], 1e-9)
    end
  end)

  it("scrolls by elapsed time: the same distance per second at 60 and 120 Hz", function()
    local fast = reorder.session{ policy = "swift_reorder", rows = 100, frame_rate = 120 }
    local moved = {}
    for i, t in ipairs({ s, fast }) do
      t:press_item(1, 5)
      t:hold(0.5)
      t:move(187.5, 700, 0)                   -- the snapshot's bottom edge past the viewport's
      local _, y0 = t:offset()
      t:advance(1)
      local _, y1 = t:offset()
      moved[i] = y1 - y0
    end
    assert.near(280, moved[1], 1e-6)
    assert.near(280, moved[2], 1e-6)
  end)
end)
