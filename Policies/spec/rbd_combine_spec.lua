-- rbd_combine: react-beautiful-dnd's combine band (@hello-pangea/dnd @ 28c47a7,
-- src/state/get-drag-impact/get-combine-impact.ts). 40 pt rows: the threshold is 40 / 4 = 10
-- (line 26: combineThresholdDivisor = 4; line 58: threshold = size / divisor), so row 2
-- (40...80) combines while the dragged item's edge is strictly inside (50, 70). The finger
-- presses row 1's centre (y 20) and, the lift over, the snapshot's centre is the finger: the
-- dragged item spans finger - 20 ... finger + 20.
local function lifted(row_height)
  local s = reorder.session{ policy = "rbd_combine", rows = 6, row_height = row_height or 40 }
  s:press_item(1, 1)
  s:hold(0.75)
  assert.equal("dragging", s:state())
  s:clear_events()
  return s
end

local function types(s)
  local out = {}
  for _, e in ipairs(s:events()) do out[#out + 1] = e.type end
  return out
end

describe("rbd_combine", function()
  it("turns combining on with rbd's band and no delay", function()
    local c = reorder.session{ policy = "rbd_combine", rows = 1 }:config()
    assert.equal("band", c.combine_rule)
    assert.equal(0, c.combine_delay)
    assert.equal("slide", c.drop_preview)
  end)

  it("combines while the trailing edge is strictly inside the next row's middle half", function()
    -- get-combine-impact.ts lines 78-83 (started after the dragged item, displaced: in place):
    -- targetEnd > 40 + 10 and targetEnd < 80 - 10
    for _, case in ipairs({ { 30.5, true }, { 49.5, true }, { 30, false }, { 50, false } }) do
      local s = lifted()
      s:move(187.5, case[1])
      local target = s:scene().combine_target
      if case[2] then
        assert.same({ 1, 2 }, target, "finger at " .. case[1])
      else
        assert.is_nil(target, "finger at " .. case[1])
      end
    end
  end)

  it("checks combining before reordering: no step while it combines", function()
    -- get-drag-impact/index.ts lines 72-91: the finger at 45 is over row 2, whose band holds
    -- the trailing edge 65
    local s = lifted()
    s:move(187.5, 45)
    assert.same({}, types(s))
    -- past the band (edge 70) the finger over row 2 reorders
    s:move(187.5, 50)
    assert.same({ "move" }, types(s))
  end)

  it("drops a combine with every row back in its place and reports the pair", function()
    -- get-drop-impact.ts (@ cd34005, lines 65-70): combining, displaced = emptyGroups
    local s = lifted()
    s:move(187.5, 45)
    s:release()
    s:hold(1)
    local e = s:events()
    assert.equal(1, #e)
    assert.equal("combine", e[1].type)
    assert.same({ 1, 1 }, e[1].from)
    assert.same({ 1, 2 }, e[1].onto)
    assert.same({ { "1", "2", "3", "4", "5", "6" } }, s:ids())
  end)

  it("combines with a sibling moved back, in its band where it is drawn now", function()
    -- get-combine-impact.ts lines 87-90 (started after, not displaced): the band shifted back
    -- by the dragged item's size, 40: row 2's item, now in slot 1 (0...40), combines while the
    -- leading edge is inside (10, 30)
    local s = lifted()
    s:move(187.5, 65)                      -- edge 85 is past row 2's band: a step
    assert.same({ { "2", "1", "3", "4", "5", "6" } }, s:ids())
    s:clear_events()
    s:move(187.5, 35)                      -- leading edge 15
    assert.same({ 1, 1 }, s:scene().combine_target)
    assert.same({}, types(s))              -- index.ts lines 112-115: displacement kept
    s:release()
    s:hold(1)
    local e = s:events()
    assert.equal("combine", e[1].type)
    assert.same({ 1, 2 }, e[1].onto)       -- "2" where it was at the press
    assert.same({ { "1", "2", "3", "4", "5", "6" } }, s:ids())
  end)

  it("marks the row a drop would land on in s:show()", function()
    local s = lifted()
    s:move(187.5, 45)
    -- the snapshot, [1], floats over row 2's line, after the mark
    assert.truthy(s:render():find("| 1.2  2 <- drop onto[1] ", 1, true))
  end)

  it("combines over half of a 20 pt row", function()
    -- threshold 20 / 4 = 5: row 2 (20...40) combines with the trailing edge in (25, 35),
    -- the finger (the centre, 10 above the edge) in (15, 25)
    local s = lifted(20)
    s:move(187.5, 15.5)
    assert.same({ 1, 2 }, s:scene().combine_target)
    s:move(187.5, 25)
    assert.is_nil(s:scene().combine_target)
  end)
end)
