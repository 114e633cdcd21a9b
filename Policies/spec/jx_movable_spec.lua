-- jx_movable reproduces JXMovableCellTableView.
describe("jx_movable", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "jx_movable", rows = 100 }
  end)

  it("lifts after a 1.0 s long press", function()
    s:press_item(1, 2)
    s:hold(0.99)
    assert.equal("pressing", s:state())
    s:hold(0.02)
    assert.equal("dragging", s:state())
    assert.same({ 1, 2 }, s:events()[1].at)
    assert.equal(1.0, s:events()[1].time)
  end)

  it("tolerates 10 pt of movement during the press", function()
    s:press(100, 66)
    s:move(109, 66)
    s:hold(1)
    assert.equal("dragging", s:state())
    s:cancel()
    local t = reorder.session{ policy = "jx_movable", rows = 10 }
    t:press(100, 66)
    t:move(111, 66)
    assert.equal("idle", t:state())
  end)

  it("draws a grey shadow offset (-5, 0), opacity 0.4, radius 5, and hides the origin cell", function()
    local c = s:config()
    assert.same({ color = "#808080", offset = { x = -5, y = 0 }, opacity = 0.4, radius = 5 }, c.snapshot.shadow)
    assert.equal("hidden", c.snapshot.placeholder)
    assert.equal(1, c.snapshot.scale)
    assert.equal(1, c.snapshot.alpha)
    s:press_item(1, 3)
    s:hold(1.25)
    local snap = s:snapshot()
    assert.equal("hidden", snap.placeholder)
    assert.equal("#808080", snap.shadow.color)
    assert.equal(0.4, snap.shadow.opacity)
  end)

  it("animates the lift and the drop in 0.25 s", function()
    local c = s:config()
    assert.same({ duration = 0.25, curve = "ease_in_out" }, c.snapshot.lift)
    assert.same({ duration = 0.25, curve = "ease_in_out" }, c.snapshot.drop)
    s:press_item(1, 3)
    s:hold(1.0)
    s:advance(0.15)                            -- 9 frames of 1/60 s
    assert.near(0.6, s:snapshot().lift, 1e-9)
    s:advance(0.1)
    assert.equal(1, s:snapshot().lift)
    s:release()
    assert.equal("dropping", s:state())
    s:advance(0.24)
    assert.equal("dropping", s:state())
    s:advance(0.02)
    assert.equal("idle", s:state())
  end)

  it("exchanges step by step inside a section (exchange + row move)", function()
    assert.equal("exchange", s:semantics(1, 1, 1, 2))
    assert.is_true(s:drag(1, 1, 1, 4))
    assert.same({ "2", "3", "4", "1", "5" }, { table.unpack(s:order(), 1, 5) })
    for _, e in ipairs(s:events()) do
      if e.type == "move" then assert.equal("exchange", e.semantics) end
    end
  end)

  it("swaps across sections (a move would leave 2 and 3 items)", function()
    local t = reorder.session{ policy = "jx_movable", sections = { { "a", "b", "c" }, { "d", "e" } } }
    assert.is_true(t:drag(1, 3, 2, 1))
    assert.same({ { "a", "b", "d" }, { "c", "e" } }, t:items())
  end)

  it("scrolls within 150 pt of the edge, measured from the snapshot centre", function()
    assert.equal(150, s:zone())
    assert.equal("center", s:config().edge_scroll.reference)
  end)

  it("scrolls depth / 150 x 20 pt per frame (1200 pt/s at 60 Hz)", function()
    assert.equal(0, s:speed(0, 150, 0))
    assert.equal(600, s:speed(75, 150, 0))
    assert.equal(1200, s:speed(150, 150, 0))
    assert.equal(1200, s:speed(150, 150, 5))   -- no time ramp
    s:press_item(1, 5)
    s:hold(1.25)
    s:move(187.5, 667, 0.1)                    -- the centre at the edge: full depth
    local _, y0 = s:offset()
    s:tick(6)
    local _, y1 = s:offset()
    assert.near(120, y1 - y0, 1e-9)            -- 6 frames x 20 pt
  end)

  it("scrolls the same distance per second at 120 Hz", function()
    local fast = reorder.session{ policy = "jx_movable", rows = 100, frame_rate = 120 }
    for _, t in ipairs({ s, fast }) do
      t:press_item(1, 5)
      t:hold(1.25)
      t:move(187.5, 667, 0.1)
    end
    local _, a0 = s:offset()
    local _, b0 = fast:offset()
    s:advance(0.5)
    fast:advance(0.5)
    local _, a1 = s:offset()
    local _, b1 = fast:offset()
    assert.near(600, a1 - a0, 1e-6)
    assert.near(600, b1 - b0, 1e-6)
  end)

  it("keeps the new order when the gesture is cancelled", function()
    s:press_item(1, 1)
    s:hold(1.25)
    s:move_to_item(1, 3, 0.2)
    s:cancel()
    s:advance(0.5)
    assert.same({ "2", "3", "1" }, { table.unpack(s:order(), 1, 3) })
    local events = s:events()
    assert.equal("cancel", events[#events].type)
    assert.equal("commit", events[#events].resolution)
  end)
end)
