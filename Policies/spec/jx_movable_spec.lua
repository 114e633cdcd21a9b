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
    assert.same({ duration = 0.25, curve = "ease_in_out", from = { alpha = 1, scale = 1, placeholder = "none" } },
                c.snapshot.lift)
    assert.same({ duration = 0.25, curve = "ease_in_out", to = { alpha = 1, scale = 1, placeholder = "none" } },
                c.snapshot.drop)
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
    s:move(187.5, 667, 0.1)                    -- the finger at the edge; the centre 22 pt inside
    local _, y0 = s:offset()
    s:tick(6)
    local _, y1 = s:offset()
    assert.near(6 * 128 / 150 * 20, y1 - y0, 1e-9)   -- 6 frames x 17.0667 pt (m:293, m:339)
  end)

  it("scrolls per display frame: twice as far per second at 120 Hz", function()
    -- JXMovableCellTableView.m @ 8183048, m:320-324: jx_processEdgeScroll runs once per
    -- CADisplayLink frame and moves (depth / 150) x 20 pt (m:339), whatever the frame rate
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
    -- the centre is clamped 22 pt inside (m:290-295): depth 128, 17.0667 pt per frame
    assert.near(30 * 128 / 150 * 20, a1 - a0, 1e-6)    -- 30 frames: 512 pt
    assert.near(60 * 128 / 150 * 20, b1 - b0, 1e-6)    -- 60 frames: 1024 pt
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

-- The reference table: (distance d of the snapshot centre to the bottom edge, frame rate) ->
-- pt/s. JXMovableCellTableView.m @ 8183048: jx_processEdgeScroll compares the centre with
-- offset + H - edgeScrollRange 150 strictly (m:337) and scrolls (centre - (offset + H - 150)) /
-- 150 x maxMoveDistance 20 pt per CADisplayLink frame (m:339, m:72-73, m:320-324); pt/s =
-- pt/frame x fps. depth = 150 - d.
describe("jx_movable at 60 and 120 Hz", function()
  local rows = {
    -- { d, pt per frame }
    { 200, 0 },             -- m:337, outside the range
    { 150, 0 },             -- m:337, strict >: nothing on the inner border
    { 149.99, 0.01 / 150 * 20 },   -- m:339, 0.0013 pt
    { 100, 50 / 150 * 20 },        -- m:339, 6.6667 pt
    { 75, 10 },                    -- m:339
    { 50, 100 / 150 * 20 },        -- m:339, 13.3333 pt
    { 22, 128 / 150 * 20 },        -- m:339 with the centre half a row in (m:293): 17.0667 pt
  }
  for _, fps in ipairs({ 60, 120 }) do
    it("gives pt per frame x " .. fps .. " at " .. fps .. " Hz", function()
      local s = reorder.session{ policy = "jx_movable", rows = 100, frame_rate = fps }
      for _, row in ipairs(rows) do
        assert.near(row[2] * fps, s:speed(150 - row[1], 150, 0), 1e-9)
      end
    end)
  end
end)

-- Rows 8-10 of the table: the finger at 10 pt from the bottom edge, on it, and 10 pt past it.
-- limitSnapshotCenterY (m:290-295) keeps the centre 22 pt (half a row) inside, so the depth
-- stays 128 and JX scrolls (150 - 22) / 150 x 20 = 17.0667 pt per frame (m:339): 1024 pt/s
-- at 60 Hz, 2048 at 120 Hz, never 1200 or more.
describe("jx_movable keeps the snapshot centre half a row inside", function()
  for _, fps in ipairs({ 60, 120 }) do
    for _, d in ipairs({ 10, 0, -10 }) do
      it("scrolls 1024 x " .. fps / 60 .. " pt/s with the finger " .. d .. " pt from the edge at " .. fps .. " Hz", function()
        local s = reorder.session{ policy = "jx_movable", rows = 100, frame_rate = fps }
        assert.equal("half", s:config().snapshot.clamp)
        s:press_item(1, 5)
        s:hold(1.25)
        s:move(187.5, 667 - d, 0.1)
        local _, y0 = s:offset()
        assert.equal(667 - 22, s:snapshot().y)   -- m:294: offset + height - h/2
        s:tick(fps // 10)                         -- 0.1 s
        local _, y1 = s:offset()
        assert.near(128 / 150 * 20 * (fps // 10), y1 - y0, 1e-6)
      end)
    end
  end
end)
