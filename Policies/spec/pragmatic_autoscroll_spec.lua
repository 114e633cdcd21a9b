-- pragmatic_autoscroll: Pragmatic drag and drop (zone min(25 %, 180 px), full speed at half
-- the zone, 400 ms linear time ramp, 900 px/s standard speed).
describe("pragmatic_autoscroll", function()
  it("uses min(25 % of the viewport, 180 pt) as the zone", function()
    local s = reorder.session{ policy = "pragmatic_autoscroll", rows = 10 }
    assert.equal(0.25 * 667, s:zone())
    local tall = reorder.session{ policy = "pragmatic_autoscroll", rows = 10, viewport = { width = 375, height = 1000 } }
    assert.equal(180, tall:zone())
  end)

  it("reaches 900 pt/s (15 px per 60 Hz frame) at half the zone after 400 ms", function()
    local s = reorder.session{ policy = "pragmatic_autoscroll", rows = 10 }
    local z = 166.75
    local half = 1 / 120                            -- elapsed is mid-frame: + dt / 2 is frame start
    assert.near(900, s:speed(z / 2, z, 0.4 + half), 1e-9)
    assert.near(900, s:speed(z - 1, z, 5), 1e-9)
    assert.near(450, s:speed(z / 4, z, 0.4 + half), 1e-9)    -- linear in distance
    assert.near(450, s:speed(z / 2, z, 0.2 + half), 1e-9)    -- linear in time
    assert.near(60, s:speed(0, z, 1), 1e-9)                  -- never below 1 px per frame
    -- get-scroll-change.ts:116-121 with Date.now() in whole ms: frame 3 sees 33 ms, 15 x 33 / 400
    -- = 1.2375 px = 74.25 pt/s (tables-int-clock.md B1)
    assert.near(74.25, s:speed(z - 20, z, 2.5 / 60), 1e-9)
    -- on or past the edge the container is not under the pointer (scheduler.ts:83-86): 0
    assert.equal(0, s:speed(z, z, 5))
    assert.equal(0, s:speed(z + 10, z, 5))
  end)

  it("caps the change per frame by ceil(900 px/s x frame time), as the browser does", function()
    local s = reorder.session{ policy = "pragmatic_autoscroll", rows = 10, frame_rate = 120 }
    assert.near(8 * 120, s:speed(99, 100, 1), 1e-9)  -- ceil(7.5) px per 120 Hz frame
  end)
end)

describe("pragmatic_autoscroll on the zone's inner border", function()
  -- shared/is-within.ts:10-16 (pragmatic-drag-and-drop @ 6286030): the hitbox test is
  -- inclusive, and get-scroll-change.ts:129 lets at least 1 px through: 1 px per frame on the
  -- border (edge_scroll.inclusive)
  for _, fps in ipairs({ 60, 120 }) do
    it("scrolls 1 px per frame with the finger exactly on the border at " .. fps .. " Hz", function()
      local s = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
      assert.equal(true, s:config().edge_scroll.inclusive)
      s:press_item(1, 5)
      s:hold(0.75)
      s:move(187.5, 667 - 166.75, 0.1)
      local _, y0 = s:offset()
      s:tick(6)
      local _, y1 = s:offset()
      assert.near(6, y1 - y0, 1e-9)
    end)
  end
end)

-- The ramp clock counts from when the pointer came over the container:
-- atlassian/pragmatic-drag-and-drop @ 6286030, packages/auto-scroll/src/shared/
-- engagement-history.ts:6-42 (its test "should start time dampening from when the element is
-- dragged over"). The peer values are docs/PEERS.md's (drag B2, run from the TypeScript).
describe("pragmatic_autoscroll's ramp clock", function()
  for _, fps in ipairs({ 60, 120 }) do
    -- get-scroll-change.ts: max change per frame min(ceil(900 / 1000 x frame ms), 15) px:
    -- 15 at 60 Hz, ceil(7.5) = 8 at 120 Hz
    local cap = fps == 60 and 15 or 8
    it("gives full speed at once to a finger that rested over the list first at " .. fps .. " Hz", function()
      -- B2: over the list 1 s, then 20 pt from the bottom: the first zone frame is 900 pt/s at
      -- 60 Hz, 960 at 120 (the 400 ms ramp is long over)
      local p = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
      p:press_item(1, 5); p:hold(1.5); p:move(187.5, 300, 0.1); p:hold(1)
      p:move(187.5, 667 - 20)
      local _, y0 = p:offset()
      p:tick(1)
      local _, y1 = p:offset()
      assert.near(cap, y1 - y0, 1e-6)
    end)

    it("does not restart the ramp from the top zone to the bottom one at " .. fps .. " Hz", function()
      local p = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
      p:press_item(1, 5); p:hold(1.5)
      p:move(187.5, 20, 0.1)           -- the top zone (offset 0: nothing to scroll)
      p:move(187.5, 667 - 20, 0.05)    -- straight into the bottom zone
      local _, y0 = p:offset()
      p:tick(1)
      local _, y1 = p:offset()
      assert.near(cap, y1 - y0, 1e-6)
    end)

    it("restarts the ramp when the pointer comes back over the container at " .. fps .. " Hz", function()
      -- past the edge the container is not under the pointer (scheduler.ts:83-86): 0, and the
      -- engagement ends; back over it, the first frame is tau 0: max(cap x r x 0, 1) = 1 px
      -- (get-scroll-change.ts:129)
      local p = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
      p:press_item(1, 5); p:hold(1.5)
      p:move(187.5, 667 + 10, 0.1)
      local _, a0 = p:offset()
      p:tick(3)
      local _, a1 = p:offset()
      assert.equal(0, a1 - a0)
      p:move(187.5, 667 - 20)
      local _, y0 = p:offset()
      p:tick(1)
      local _, y1 = p:offset()
      assert.near(1, y1 - y0, 1e-6)
    end)
  end
end)
