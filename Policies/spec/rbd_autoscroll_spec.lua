-- rbd_autoscroll: react-beautiful-dnd's fluid auto-scroller (25 % zone, full speed at 5 %,
-- 28 px per frame, x^2 ease, time dampening 360 -> 1200 ms for drags that begin in a zone).
describe("rbd_autoscroll", function()
  local s, zone
  before_each(function()
    s = reorder.session{ policy = "rbd_autoscroll", rows = 100 }
    zone = 0.25 * 667
    -- a drag that begins outside both zones (row 5's centre is at y = 198) is not dampened
    s:press_item(1, 5)
    s:hold(0.75)
  end)

  it("starts scrolling at 25 % of the container", function()
    assert.equal(zone, s:zone())
  end)

  it("scrolls 1 px per frame at the zone's border and 28 px per frame within 5 % of the edge", function()
    assert.equal(60, s:speed(0, zone, 1))
    assert.equal(28 * 60, s:speed(zone - 0.05 * 667, zone, 1))
    assert.equal(28 * 60, s:speed(zone, zone, 1))
  end)

  it("eases with x^2 between the two", function()
    -- a quarter of the way from the 5 % line back to the border: ceil(28 * 0.75^2) = 16 px
    local depth = 0.75 * (zone - 0.05 * 667)
    assert.equal(16 * 60, s:speed(depth, zone, 1))
    -- three quarters of the way: ceil(28 * 0.25^2) = ceil(1.75) = 2 px
    assert.equal(2 * 60, s:speed(0.25 * (zone - 0.05 * 667), zone, 1))
  end)

  it("moves 28 px per frame with the snapshot centre at the edge", function()
    s:move(187.5, 667, 0.1)
    local _, y0 = s:offset()
    s:tick(6)
    local _, y1 = s:offset()
    assert.near(6 * 28, y1 - y0, 1e-9)
  end)
end)

-- The reference table: (distance d of the centre to the bottom edge, frame rate) -> pt/s, for a
-- drag that is not time-dampened. rbd scrolls a whole number of px once per display frame, so
-- pt/s = px x fps. Values: @hello-pangea/dnd @ 28c47a7, src/state/auto-scroller/, run from its
-- TypeScript (getScroll); d = zone - depth, zone = startScrollingFrom 0.25 x 667 = 166.75,
-- maxScrollValueAt 0.05 x 667 = 33.35 (get-distance-thresholds.ts:21-24, config.ts:4-14).
describe("rbd_autoscroll at 60 and 120 Hz", function()
  local zone = 166.75
  local rows = {
    -- { d, px per frame, source }
    { 200, 0 },       -- get-value-from-distance.ts:35-37: beyond startScrollingFrom
    { 166.74, 1 },    -- :51-65, ceil(28 x 0.00000...) = 1
    { 150, 1 },       -- :51-65, ceil(28 x 0.1256^2) = ceil(0.44) = 1
    { 120, 4 },       -- :51-65, ceil(28 x 0.3504^2) = ceil(3.44) = 4
    { 100, 8 },       -- :51-65, ceil(28 x 0.5003^2) = ceil(7.01) = 8
    { 66.7, 16 },     -- :51-65, ceil(28 x 0.75^2) = ceil(15.75) = 16
    { 50, 22 },       -- :51-65, ceil(28 x 0.8752^2) = ceil(21.45) = 22
    { 33.35, 28 },    -- :40-42, maxScrollValueAt and nearer: maxPixelScroll 28
    { 20, 28 },       -- :40-42
    { 0, 28 },        -- :40-42, at the edge
    { -10, 28 },      -- :40-42, past the edge (the list stays the destination, get-droppable-over.ts:98-105)
  }
  for _, fps in ipairs({ 60, 120 }) do
    it("gives px x " .. fps .. " pt/s at " .. fps .. " Hz", function()
      local s = reorder.session{ policy = "rbd_autoscroll", rows = 100, frame_rate = fps }
      s:press_item(1, 5)   -- row 5's centre (y 198) is outside both zones: not dampened
      s:hold(0.75)
      for _, row in ipairs(rows) do
        local d, px = row[1], row[2]
        assert.near(px * fps, s:speed(zone - d, zone, 1), 1e-6)
      end
    end)
  end

  it("moves 28 px per display frame at 120 Hz: twice as far per second as at 60 Hz", function()
    -- middleware/auto-scroll.ts:22-38 and fluid-scroller/index.ts:32-33: one scroll per frame
    local s = reorder.session{ policy = "rbd_autoscroll", rows = 100, frame_rate = 120 }
    s:press_item(1, 5)
    s:hold(0.75)
    s:move(187.5, 667, 0.1)
    local _, y0 = s:offset()
    s:tick(12)
    local _, y1 = s:offset()
    assert.near(12 * 28, y1 - y0, 1e-9)   -- 0.1 s: 336 pt (168 at 60 Hz)
  end)
end)

describe("rbd_autoscroll on the zone's inner border", function()
  -- get-value-from-distance.ts:45-47 (@hello-pangea/dnd @ 28c47a7): distance ===
  -- startScrollingFrom gives minScroll 1 px, so the border is in the zone (edge_scroll.inclusive)
  for _, fps in ipairs({ 60, 120 }) do
    it("scrolls 1 px per frame with the centre exactly on the border at " .. fps .. " Hz", function()
      local s = reorder.session{ policy = "rbd_autoscroll", rows = 100, frame_rate = fps }
      assert.equal(true, s:config().edge_scroll.inclusive)
      s:press_item(1, 5)
      s:hold(0.75)
      s:move(187.5, 667 - 166.75, 0.1)   -- the centre 166.75 pt from the bottom: depth 0
      local _, y0 = s:offset()
      s:tick(6)
      local _, y1 = s:offset()
      assert.near(6, y1 - y0, 1e-9)       -- 6 frames x 1 px
    end)
  end
end)

-- Time dampening only when a scroll is needed at drag start: @hello-pangea/dnd @ 28c47a7,
-- src/state/auto-scroller/fluid-scroller/index.ts:50-78 (start() runs the scroll once with fake
-- callbacks; wasScrollNeeded sets shouldUseTimeDampening) and can-scroll.ts:53-92 (a list at
-- offset 0 cannot scroll up). The peer values are docs/PEERS.md's (drag C1, run from the TypeScript).
describe("rbd_autoscroll's time dampening", function()
  for _, fps in ipairs({ 60, 120 }) do
    it("does not dampen a drag begun in the top zone of an unscrolled list at " .. fps .. " Hz", function()
      -- C1: lift row 1 (centre y 22, in the top zone; offset 0, so no scroll up is possible),
      -- reach 20 pt from the bottom 0.3 s later: undamped 28 px per frame
      -- (get-value-from-distance.ts:40-42), 1680 pt/s at 60 Hz, 3360 at 120
      local s = reorder.session{ policy = "rbd_autoscroll", rows = 100, frame_rate = fps }
      s:press_item(1, 1)
      s:hold(0.5)
      assert.equal("dragging", s:state())
      s:move(187.5, 667 - 20, 0.3 - 1 / fps)
      local _, y0 = s:offset()
      s:tick(1)
      local _, y1 = s:offset()
      assert.near(28 * fps, (y1 - y0) * fps, 1e-6)
    end)

    it("dampens a drag begun in the bottom zone of a list that can scroll down at " .. fps .. " Hz", function()
      -- row 13's centre (y 12 x 44 + 22 = 550) is in the bottom zone (from 667 - 166.75 =
      -- 500.25) and offset 0 can scroll down: wasScrollNeeded, dampened by time since the drag
      -- began (dampen-value-by-time.ts): at 800 ms, 20 pt from the bottom, ceil(28 x ((800 -
      -- 360) / (1200 - 360))^2) = ceil(7.68) = 8 px per frame
      local s = reorder.session{ policy = "rbd_autoscroll", rows = 100, frame_rate = fps }
      s:press_item(1, 13)
      s:hold(0.5)
      assert.equal("dragging", s:state())
      s:move(187.5, 667 - 20, 0.8 - 1 / fps)
      local _, y0 = s:offset()
      s:tick(1)
      local _, y1 = s:offset()
      assert.near(8, y1 - y0, 1e-6)
    end)
  end
end)
