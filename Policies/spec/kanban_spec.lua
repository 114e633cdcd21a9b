-- kanban reproduces the task board of LongPressMoveCellDemo (a paged task board sample):
-- three lists side by side, finished tasks refuse, moves across lists, vertical and horizontal
-- edge scroll, snap to the nearest page, rollback to the press-begin state on a vetoed end.
local TODAY = { "t1", "t2", { id = "t3", finished = true }, "t4", "t5" }
local NEXT = { "n1", "n2", "n3", "n4" }
local LATER = { "l1", "l2", "l3" }

-- Lists 325 pt wide (inset 50), 10 pt apart: pages every 335 pt; 44 pt titles and rows.
local function board(extra)
  local options = { policy = "kanban", layout = "board", sections = { TODAY, NEXT, LATER },
                    titles = { "today", "next", "later" }, board = { inset = 50, spacing = 10 },
                    row_height = 44, header_height = 44, viewport = { width = 375, height = 667 } }
  for k, v in pairs(extra or {}) do options[k] = v end
  return reorder.session(options)
end

local function ids(list)
  local t = {}
  for i, item in ipairs(list) do t[i] = type(item) == "table" and item.id or item end
  return t
end

describe("kanban", function()
  it("moves a task from today into later at the row under the finger", function()
    local s = board()
    assert.is_true(s:drag(1, 2, 3, 2))
    assert.same({ { "t1", "t3", "t4", "t5" }, { "n1", "n2", "n3", "n4" }, { "l1", "t2", "l2", "l3" } }, s:ids())
    local events = s:events()
    assert.same({ 1, 2 }, events[#events].from)
    assert.same({ 3, 2 }, events[#events].to)
    -- On its way it went through "next", which is left as it was.
    local through_next = false
    for _, e in ipairs(events) do
      if e.type == "move" and e.to[1] == 2 then through_next = true end
    end
    assert.is_true(through_next)
  end)

  it("appends to an empty list, and below its own list's last row", function()
    local s = board{ sections = { TODAY, NEXT, {} } }
    s:press_item(1, 1)
    s:hold(0.75)
    s:move(300, 400)                            -- below today's rows (they end at 44 + 5 x 44)
    assert.same({ "t2", "t3", "t4", "t5", "t1" }, s:ids()[1])
    s:move(370, 400)                            -- the right side: the board scrolls to its end
    s:hold(0.7)
    assert.equal(670, (s:offset()))
    s:move(187, 400)                            -- over "later", empty
    s:release()
    s:advance(0.3)
    assert.same({ { "t2", "t3", "t4", "t5" }, ids(NEXT), { "t1" } }, s:ids())
  end)

  it("refuses to lift a finished task", function()
    local s = board()
    s:press_item(1, 3)
    s:hold(0.5)
    assert.equal("idle", s:state())
    local events = s:events()
    assert.equal(1, #events)
    assert.equal("refuse", events[1].type)
    assert.same({ 1, 3 }, events[1].at)
    assert.same(ids(TODAY), s:ids()[1])
  end)

  it("rolls both lists back to the press-begin state when on_end vetoes", function()
    local s = board{ policy = { extends = "kanban", on_end = function() return false end } }
    assert.is_false(s:drag(1, 2, 3, 2))
    assert.same({ ids(TODAY), ids(NEXT), ids(LATER) }, s:ids())
    local types = {}
    for _, e in ipairs(s:events()) do types[#types + 1] = e.type end
    assert.equal("begin", types[1])
    assert.equal("rollback", types[#types])
    for _, t in ipairs(types) do assert.are_not.equal("end", t) end
    assert.is_true(#types > 2)                  -- it did move before the veto
  end)

  it("scrolls the pages near the board's sides and snaps to the nearest page on release", function()
    local s = board()
    s:press_item(1, 2)
    s:hold(0.75)
    s:move(370, 300)                            -- 55 pt into the 60 pt zone: 1100 pt/s
    s:hold(0.1)
    assert.near(110, (s:offset()), 1e-9)
    s:move(200, 300)                            -- out of the zone
    s:release()
    s:advance(0.25)
    assert.equal("idle", s:state())
    assert.equal(0, (s:offset()))               -- 110 < 335 / 2: back to page 1
    assert.same({ 1, 3 }, { s:page() })

    s:press_item(1, 1)                          -- t2 went to "next"; (1, 2) is now t3, finished
    s:hold(0.75)
    s:move(370, 300)
    s:hold(0.2)                                 -- 220 pt
    s:move(200, 300)
    s:release()
    s:advance(0.15)
    local x = s:offset()
    assert.is_true(x > 220 and x < 335)         -- the snap is animated with the drop
    s:advance(0.12)                             -- the 0.25 s drop is over
    assert.equal("idle", s:state())
    assert.equal(335, (s:offset()))             -- exactly page 2
    assert.same({ 2, 3 }, { s:page() })
    -- And back towards the left side.
    s:press_item(2, 1)
    s:hold(0.75)
    s:move(5, 300)
    s:hold(0.5)
    s:release()
    s:advance(0.25)
    assert.equal(0, (s:offset()))
  end)

  it("scrolls the current list vertically, on its own", function()
    local long = {}
    for i = 1, 30 do long[i] = "t" .. i end
    local s = board{ sections = { long, NEXT, LATER } }
    s:press_item(1, 2)
    s:hold(0.75)
    s:move(187, 650)                            -- 133 pt into the 150 pt zone: 1064 pt/s
    s:hold(0.5)
    assert.near(532, s:list_offset(1), 1e-9)
    assert.equal(0, s:list_offset(2))
    local _, y = s:offset()
    assert.equal(0, y)                          -- the board itself never scrolls vertically
    s:hold(2)
    assert.equal(30 * 44 - (667 - 44), s:list_offset(1))   -- clamped at the list's end
    assert.same({ 1, 30 }, s:events()[#s:events()].to)
  end)

  it("has its own zone per axis, the speed hook seeing the axis", function()
    local s = board()
    assert.equal(60, s:zone("horizontal"))
    assert.equal(150, s:zone("vertical"))
    assert.equal(1200, s:speed(60, 60, 0, "horizontal"))
    assert.equal(600, s:speed(75, 150, 0, "vertical"))
    assert.equal(1200, s:speed(400, 150, 0, "vertical"))   -- capped at full depth
    assert.equal("both", s:config().edge_scroll.axes)
  end)

  it("draws the board", function()
    local s = board()
    local text = s:render()
    assert.matches("== today %(5%) ==", text)
    assert.matches("1%.3 t3 %(finished%)", text)
    assert.matches("page 1/3", text)
  end)
end)
