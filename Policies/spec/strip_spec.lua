-- Strips: a horizontal grid of 12 items of 80 x 80 pt in a 375 x 100 viewport.
-- grid = { direction = "horizontal" } fills columns top to bottom, then the next column to the
-- right (UICollectionViewFlowLayout's scrollDirection = .horizontal); 80 pt fits the 100 pt
-- height once, so every column holds one item: item i (1-based) spans x = (i - 1) * 80 ... i * 80,
-- y = 0 ... 80, and the content is 12 * 80 = 960 pt wide (offset x at most 960 - 375 = 585).
local N, SIDE = 12, 80
local CONTENT_END = N * SIDE - 375            -- 585

local function tabs()
  local t = {}
  for i = 1, N do t[i] = tostring(i) end
  return t
end

local function strip(policy, frame_rate)
  return reorder.session{ policy = policy or "default", layout = "grid", sections = { tabs() },
                          grid = { direction = "horizontal", item_width = SIDE, item_height = SIDE },
                          viewport = { width = 375, height = 100 }, frame_rate = frame_rate or 60 }
end

-- Centre of item i (1-based), viewport = content while unscrolled.
local function centre(i) return (i - 1) * SIDE + SIDE / 2, SIDE / 2 end

-- Presses item 1, waits out the press and the lift, then jumps onto item 4 in one move and one
-- frame (s:move with no duration).
local function jump(s)
  s:press(centre(1))
  s:hold(0.75)                                 -- default: 0.5 s press + 0.25 s lift
  assert.equal("dragging", s:state())
  s:move(centre(4))
end

describe("a horizontal strip", function()
  it("lays items out left to right, one per column, and scrolls sideways", function()
    local s = strip()
    local cells = s:scene().cells
    assert.same({ x = 240, y = 0, width = 80, height = 80 }, cells[4].frame)
    assert.equal("4", cells[4].id)
    s:scroll(1e9, 1e9)
    local x, y = s:offset()
    assert.equal(CONTENT_END, x)                 -- content 960 wide, viewport 375
    assert.equal(0, y)                           -- content as high as the viewport
  end)

  it("moves item 1 onto item 4 in one frame: {2, 3, 4, 1, 5, ...}", function()
    local s = strip("default")                   -- move semantics
    jump(s)
    assert.same({ "2", "3", "4", "1", "5", "6", "7", "8", "9", "10", "11", "12" }, s:order())
    local e = s:events()
    assert.equal(2, #e)                          -- begin, one move
    assert.same({ 1, 1 }, e[2].from)
    assert.same({ 1, 4 }, e[2].to)
    assert.equal("move", e[2].semantics)
    -- Equal cells: the step holds still, the finger on item 1's new slot proposes nothing.
    s:hold(0.5)
    assert.equal(2, #s:events())
  end)

  it("exchanges item 1 with item 4 in one frame: {4, 2, 3, 1, 5, ...}", function()
    local s = strip({ extends = "default", semantics = "exchange" })
    jump(s)
    assert.same({ "4", "2", "3", "1", "5", "6", "7", "8", "9", "10", "11", "12" }, s:order())
    local e = s:events()
    assert.equal(2, #e)
    assert.equal("exchange", e[2].semantics)
    s:hold(0.5)
    assert.equal(2, #s:events())
  end)

  it("targets by centre distance along the strip", function()
    local s = strip({ extends = "default", target_rule = "center_distance", follow = "xy" })
    jump(s)
    -- The snapshot's centre is on item 4's centre (distance 0 <= 40 = half its width).
    assert.same({ "2", "3", "4", "1" }, { table.unpack(s:order(), 1, 4) })
  end)
end)

-- jx_movable following the finger in x and y and scrolling on both axes. Its speed is per
-- display frame: depth / zone * 20 pt each frame (JXMovableCellTableView's maxMoveDistance).
-- The finger is held 20 pt inside the right edge, at x = 355; the reference is the snapshot's
-- centre, kept half a cell inside the viewport (clamp = "half"): x = min(355, 375 - 40) = 335.
-- The right zone is 150 pt deep, from 375 - 150 = 225: depth = 335 - 225 = 110 pt, so
--   per frame 110 / 150 * 20 = 14.667 pt,
--   60 Hz:  14.667 * 60  =  880 pt/s,
--   120 Hz: 14.667 * 120 = 1760 pt/s.
-- (The vertical zones overlap the 100 pt height, but the content is no higher than the
-- viewport: y stays 0.)
local JX_XY = { extends = "jx_movable", follow = "xy", edge_scroll = { axes = "both" } }

for _, rate in ipairs({ 60, 120 }) do
  describe("jx_movable on a strip at " .. rate .. " Hz", function()
    local expected = 110 / 150 * 20 * rate    -- 880 or 1760 pt/s

    local function held_at_right_edge()
      local s = strip(JX_XY, rate)
      s:press(centre(1))
      s:hold(1.25)                              -- 1 s press + 0.25 s lift
      assert.equal("dragging", s:state())
      s:move(375 - 20, 40)
      return s
    end

    it("scrolls right at the policy's speed (" .. expected .. " pt/s) within 1 %", function()
      local s = held_at_right_edge()
      assert.near(expected, s:speed(110, 150, 0, "horizontal"), expected * 1e-9)
      local x0 = s:offset()
      local t0 = s:time()
      s:hold(0.25)                              -- 15 or 30 frames: 220 or 440 pt, under the 585 pt end
      local x1, y1 = s:offset()
      local measured = (x1 - x0) / (s:time() - t0)
      assert.near(expected, measured, expected * 0.01)
      assert.equal(0, y1)
      local zone = s:scene().zones.horizontal
      assert.equal(1, zone.direction)
      assert.near(110, zone.depth, 1e-9)
    end)

    it("never scrolls past the content's end", function()
      local s = held_at_right_edge()
      for _ = 1, 2 * rate do                    -- 2 s: far more than the 585 pt need
        s:tick(1)
        local x = s:offset()
        assert.is_true(x <= CONTENT_END, "offset " .. x .. " past " .. CONTENT_END)
      end
      assert.equal(CONTENT_END, (s:offset()))
      s:release()
      s:advance(0.5)
      assert.equal("idle", s:state())
      assert.equal(N, #s:order())
    end)
  end)
end

-- The strip demo (reorder repl --layout strip) under plain `default`: 12 tabs of 80 x 44 pt on a
-- 375 x 44 pt viewport. `default` follows and edge-scrolls along the layout's scroll axis
-- (follow = "main", edge_scroll.axes = "main"): x on a strip.
local TABS = { "Mail", "Calendar", "News", "Docs", "Maps", "Music", "Photos", "Notes", "Weather", "Shop",
               "Chat", "Wiki" }

local function ids(s) return s:order() end   -- the items' ids, in order

describe("the strip demo under default", function()
  it("drags the first tab to the last slot, scrolling right to reach it", function()
    local s = reorder.session(reorder.demo(nil, "strip"))
    assert.equal("default", s:policy())
    assert.is_true(s:drag(1, 1, 1, 12))
    local expected = {}
    for i = 2, 12 do expected[#expected + 1] = TABS[i] end
    expected[12] = TABS[1]
    assert.same(expected, ids(s))
    local x, y = s:offset()
    assert.is_true(x > 0, "the strip scrolled right to reach tab 12")
    assert.equal(0, y)
  end)

  -- uikit extends default and keeps its follow / axes: UICollectionView's interactive movement
  -- on a flow layout with scrollDirection = .horizontal drags and auto-scrolls sideways.
  it("drags the strip under uikit too", function()
    local o = reorder.demo(nil, "strip")
    o.policy = "uikit"
    local s = reorder.session(o)
    assert.equal("main", s:config().follow)
    assert.equal("main", s:config().edge_scroll.axes)
    s:scroll(585, 0)                            -- the end of the strip: tab 12 in view
    assert.is_true(s:drag(1, 12, 1, 1))         -- back to the start over the left edge
    assert.is_true(s:offset() < 585, "scrolled left to reach slot 1")
    assert.same({ "Wiki", "Mail", "Calendar" }, { table.unpack(s:order(), 1, 3) })
  end)

  -- default's zone: min(25 % of 375, 120) = 93.75 pt, from x = 375 - 93.75 = 281.25. A finger
  -- held 20 pt inside the right edge (x = 355) is 355 - 281.25 = 73.75 pt deep: once the
  -- 0.4 s ramp is over, 1500 * (73.75 / 93.75)^2 = 928.2667 pt/s (Policies/default.lua),
  -- at any frame rate.
  local DEFAULT_SPEED = 1500 * (73.75 / 93.75) ^ 2
  for _, rate in ipairs({ 60, 120 }) do
    it("holding near the right edge scrolls right at default's speed at " .. rate .. " Hz", function()
      local o = reorder.demo(nil, "strip")
      o.frame_rate = rate
      local s = reorder.session(o)
      s:press(40, 22)
      s:hold(0.75)                              -- 0.5 s press + 0.25 s lift
      assert.equal("dragging", s:state())
      s:move(355, 22)
      assert.near(DEFAULT_SPEED, s:speed(73.75, 93.75, 1, "horizontal"), 1e-9)
      s:hold(0.5)                               -- past the ramp
      local x0, t0 = s:offset(), s:time()
      s:hold(0.1)
      local x1, y1 = s:offset()
      assert.near(DEFAULT_SPEED, (x1 - x0) / (s:time() - t0), DEFAULT_SPEED * 1e-9)
      assert.equal(0, y1)
      -- The snapshot follows the finger along x; y stays on the tab's centre.
      local snap = s:snapshot()
      assert.equal(355, snap.x)
      assert.equal(22, snap.y)
      local zone = s:scene().zones.horizontal
      assert.equal(1, zone.direction)
      assert.near(73.75, zone.depth, 1e-9)
      assert.is_nil(s:scene().zones.vertical)   -- a strip does not scroll vertically
    end)
  end
end)

-- follow = "main" and edge_scroll.axes = "main" are "y" and "vertical" on a vertical layout, bit
-- for bit: the same drag (lift, glide to the bottom edge, edge scroll, drop) on the demo table
-- under `default` and under `default` pinned to "y" / "vertical" gives the same snapshot, offset
-- and order at every frame.
describe("default on vertical layouts", function()
  for _, layout in ipairs({ "table", "grid", "board" }) do
    it("follows and scrolls exactly as y / vertical on the " .. layout .. " demo", function()
      local function run(policy)
        local o = reorder.demo(nil, layout)
        o.policy = policy
        local s = reorder.session(o)
        local frames = {}
        local vw, vh = o.viewport.width, o.viewport.height
        local c = s:scene().cells[1].frame
        s:press(c.x + c.width / 2, c.y + c.height / 2)
        s:hold(0.75)
        s:move(vw * 0.6, vh - 10, 0.5)
        for _ = 1, 60 do
          s:tick(1)
          local snap = s:snapshot()
          local x, y = s:offset()
          local zone = s:scene().zones.vertical
          frames[#frames + 1] = { snap.x, snap.y, snap.scale, x, y, #s:events(), zone.depth, zone.speed }
        end
        s:release()
        s:advance(0.5)
        return frames, ids(s)
      end
      local a, order_a = run("default")
      local b, order_b = run({ extends = "default", follow = "y", edge_scroll = { axes = "vertical" } })
      assert.same(b, a)
      assert.same(order_b, order_a)
      assert.is_true(a[#a][8] > 0, "the drag was in the bottom zone, scrolling")
    end)
  end
end)
