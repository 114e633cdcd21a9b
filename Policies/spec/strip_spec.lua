-- Strips (issue 21): a horizontal grid of 12 items of 80 x 80 pt in a 375 x 100 viewport.
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
