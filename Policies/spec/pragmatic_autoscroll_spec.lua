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
    -- = 1.2375 px = 74.25 pt/s (its code run with Date.now() whole ms: docs/peers-worst.lua)
    assert.near(74.25, s:speed(z - 20, z, 2.5 / 60), 1e-9)
    -- past the edge getScrollBy gives 0 (not within the element); outside a drag a finger on
    -- the edge is taken as the bottom edge's, not under the pointer (scheduler.ts:83-86): 0. In
    -- a drag ctx.outside decides (the top edge y = 0 is inside: see below)
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

-- Leaving the container sideways, and coming back over it without entering a zone: the engine's
-- ctx.over_since and ctx.outside. The peer values are pragmatic-drag-and-drop's own code
-- (atlassian/pragmatic-drag-and-drop @ 628603042cf655b66e6a9cbd3dda664f7618303c,
-- packages/auto-scroll/src: makeApi, shared/scheduler.ts:73-96 (the container under the pointer,
-- a half-open hit test), shared/engagement-history.ts:6-42 (engagement from the first frame over
-- the container, purged on a frame it is not under the pointer), over-element/try-scroll.ts:85-100,
-- shared/get-scroll-change.ts) bundled with esbuild and run by node through core's dispatch and
-- its scheduler, with a browser's clock: rAF timestamps at 1000 / fps ms, Date.now() whole ms,
-- the engagement's first frame on a whole ms. dragstart is the lift frame's input: that frame's
-- rAF delivers onDragStart (core ledger/dispatch-consumer-event.ts:88-96), dragging frame 1 only
-- initialises the scheduler (scheduler.ts:107-128), the loop runs from dragging frame 2.
-- px per frame, 10 pt from the bottom = full distance speed.
-- px the content moves on each dragging frame k = 1..count, the finger at path(k) for frame k
local function drive(fps, count, path)
  local s = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
  s:press_item(1, 5); s:hold(0.5)
  assert.equal("dragging", s:state())
  local px = {}
  for k = 1, count do
    s:move(path(k))
    local _, y0 = s:offset(); s:tick(1); local _, y1 = s:offset()
    px[k] = y1 - y0
  end
  return px
end

describe("pragmatic_autoscroll outside the container", function()
  local H, W, X = 667, 375, 187.5
  local function expect(px, want)
    for k, v in pairs(want) do assert.near(v, px[k], 1e-9, "frame " .. k) end
  end

  for _, side in ipairs({ { "left (x = -10)", -10 }, { "right (x = 375, on the edge)", W } }) do
    it("gives 0 sideways to the " .. side[1] .. " and restarts the ramp back over it", function()
      -- in the zone frames 1-36, outside 37-48 (y still 10 pt from the bottom), back from 49
      local px = drive(60, 60, function(k)
        if k >= 37 and k <= 48 then return side[2], H - 10 end
        return X, H - 10
      end)
      -- frame 1 initialises; tau = floor((k - 2) x 16.667) ms: frame 4 33 ms -> 15 x 33 / 400 =
      -- 1.2375; 26: ramped (tau 400)
      expect(px, { [1] = 0, [2] = 1, [3] = 1, [4] = 1.2375, [5] = 1.875, [25] = 14.3625,
                   [26] = 15, [36] = 15,
                   [37] = 0, [48] = 0,                        -- not under the pointer
                   [49] = 1, [50] = 1, [51] = 1.2375, [52] = 1.875, [53] = 2.475 })   -- a new engagement
      local fast = drive(120, 120, function(k)
        if k >= 73 and k <= 96 then return side[2], H - 10 end
        return X, H - 10
      end)
      -- 120 Hz: cap ceil(7.5) = 8 px, floor 1 px until 8 x tau / 400 > 1 (tau 58 ms, frame 9)
      expect(fast, { [1] = 0, [2] = 1, [8] = 1, [9] = 1.16, [10] = 1.32, [72] = 8, [73] = 0, [96] = 0,
                     [97] = 1, [103] = 1, [104] = 1.16, [105] = 1.32 })
    end)
  end

  it("starts the clock when the pointer comes back over the list, not at its next zone frame", function()
    -- 10 pt past the bottom edge frames 1-30, then y = 300 (over the list, out of the zone) frames
    -- 31-60, then 20 pt from the bottom: engaged since frame 31, 500 ms: full speed at once
    for _, fps in ipairs({ 60, 120 }) do
      local m = fps // 60
      local px = drive(fps, 64 * m, function(k)
        if k <= 30 * m then return X, H + 10 elseif k <= 60 * m then return X, 300 end
        return X, H - 20
      end)
      local cap = fps == 60 and 15 or 8
      expect(px, { [1] = 0, [30 * m] = 0, [60 * m] = 0, [60 * m + 1] = cap, [64 * m] = cap })
    end
  end)

  it("scrolls with the finger exactly on the top edge (inside) but not on the bottom edge", function()
    -- a browser's hit test is half-open, [0, 667): y = 0 is over the container, y = 667 is not
    for _, fps in ipairs({ 60, 120 }) do
      local m = fps // 60
      local cap = fps == 60 and 15 or 8
      local top = drive(fps, 40 * m, function(k) if k <= 30 * m then return X, H - 20 end return X, 0 end)
      expect(top, { [30 * m] = cap, [30 * m + 1] = -cap, [40 * m] = -cap })
      local bottom = drive(fps, 40 * m, function(k) if k <= 30 * m then return X, H - 20 end return X, H end)
      expect(bottom, { [30 * m] = cap, [30 * m + 1] = 0, [40 * m] = 0 })
    end
  end)
end)

-- The drag's first frames: pragmatic-drag-and-drop @ 628603042cf655b66e6a9cbd3dda664f7618303c.
-- dragstart is the lift frame's input; that frame's rAF delivers onDragStart
-- (packages/core/src/ledger/dispatch-consumer-event.ts:88-96), dragging frame 1 only initialises
-- the auto-scroll scheduler (packages/auto-scroll/src/shared/scheduler.ts:107-128), and the scroll
-- loop with the engagement (its Date.now(), tau 0) starts on dragging frame 2 (scheduler.ts:73-96,
-- over-element/try-scroll.ts:85-87). Its own test says the same
-- (__tests__/unit/over-element/time-dampening.spec.ts:856-865: "first frame: no scroll",
-- "second frame: ... scroll would occur"). Per frame: max(cap x r x t, 1) px
-- (shared/get-scroll-change.ts:101-129), t = floor(tau ms) / 400 (configuration.ts:16), cap 15 px
-- at 60 Hz, ceil(0.9 x 8.333) = 8 at 120 Hz (get-scroll-change.ts:17-29, configuration.ts:41).
-- The values are also what its code gives when driven through core's dispatch and its scheduler
-- (bundled with esbuild, run by node, rAF at 1000 / fps ms, Date.now() whole ms).
describe("pragmatic_autoscroll's first frames", function()
  local H, X = 667, 187.5
  -- pt/s on dragging frames 1..count, the finger 20 pt from the bottom from the lift on (zone
  -- 166.75 pt, depth 146.75 > half of it: r = 1), or outside until frame `enter`
  local function speeds(fps, count, enter)
    local px = drive(fps, count, function(k) return X, (enter and k < enter) and H + 10 or H - 20 end)
    local v = {}
    for k, p in ipairs(px) do v[k] = p * fps end
    return v
  end

  it("gives 0 on the drag's first frame and starts the ramp on the second at 60 Hz", function()
    local v = speeds(60, 30)
    -- frame k >= 2: tau = floor((k - 2) x 1000 / 60) ms
    assert.equal(0, v[1])                       -- the scheduler initialises
    assert.near(60, v[2], 1e-9)                 -- tau 0: the 1 px floor
    assert.near(60, v[3], 1e-9)                 -- tau 16: 15 x 16 / 400 = 0.6 -> 1 px
    assert.near(1.2375 * 60, v[4], 1e-9)        -- tau 33: 15 x 33 / 400 px
    assert.near(1.875 * 60, v[5], 1e-9)         -- tau 50
    assert.near(636.75, v[19], 1e-9)            -- tau 283: 15 x 283 / 400 = 10.6125 px
    assert.near(675, v[20], 1e-9)               -- tau 300: 11.25 px
    assert.near(14.3625 * 60, v[25], 1e-9)      -- tau 383
    assert.near(900, v[26], 1e-9)               -- tau 400: full speed
  end)

  it("gives 0 on the drag's first frame and starts the ramp on the second at 120 Hz", function()
    local v = speeds(120, 50)
    -- frame k >= 2: tau = floor((k - 2) x 1000 / 120) ms, cap 8 px
    assert.equal(0, v[1])
    assert.near(120, v[2], 1e-9)                -- tau 0: 1 px
    assert.near(120, v[8], 1e-9)                -- tau 50: 8 x 50 / 400 = 1 px
    assert.near(1.16 * 120, v[9], 1e-9)         -- tau 58
    assert.near(698.4, v[37], 1e-9)             -- tau 291: 8 x 291 / 400 = 5.82 px
    assert.near(720, v[38], 1e-9)               -- tau 300: 6 px
    assert.near(7.82 * 120, v[49], 1e-9)        -- tau 391
    assert.near(960, v[50], 1e-9)               -- tau 400: 8 px
  end)

  it("starts the engagement on the frame the finger comes over the list after the first", function()
    -- past the bottom edge on frames 1-2 (not under the pointer), 20 pt from the bottom from
    -- frame 3: engaged at frame 3, tau = floor((k - 3) x 1000 / 60) ms
    local v = speeds(60, 8, 3)
    assert.equal(0, v[1]); assert.equal(0, v[2])
    assert.near(60, v[3], 1e-9)
    assert.near(60, v[4], 1e-9)
    assert.near(1.2375 * 60, v[5], 1e-9)
    assert.near(1.875 * 60, v[6], 1e-9)
    -- outside on frame 1 only: frame 2 is both the loop's first frame and the engagement's
    local w = speeds(60, 5, 2)
    assert.equal(0, w[1])
    assert.near(60, w[2], 1e-9)
    assert.near(1.2375 * 60, w[4], 1e-9)
  end)
end)
