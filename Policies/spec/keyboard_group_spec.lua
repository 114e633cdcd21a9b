-- Keyboard for groups and strips (on a strip, the left/right steps move along the strip:
-- docs/REFERENCE.md, "Keyboard dragging").
--
-- Groups: Shift+Space (s:key("shift+space"), the page's Shift+Space) selects or deselects the
-- focused item; a keyboard lift of a selected item lifts the selection as a touch lift does
-- (group_spec.lua: the group lands by SortableJS MultiDrag's rule, the items outside the group
-- keep their order and the group goes in as one block right after the last of them before the
-- dragged item); the texts count the items ("3 items lifted, ..."), positions are the dragged
-- item's.
--
-- Strips: a horizontal grid's line is a column. left/right move one column at the same row
-- (in a strip of one row: the previous/next item), up/down move within the column and do not
-- wrap (UIKit's spatial focus: up in a one-row strip goes nowhere).

local function id(item) return type(item) == "table" and item.id or item end

local function order(s)
  local out = {}
  for _, list in ipairs(s:items()) do for _, item in ipairs(list) do out[#out + 1] = id(item) end end
  return table.concat(out, " ")
end

local function rows12(mode)
  return reorder.session{ rows = 12, policy = { extends = "default", group = { mode = mode, order = "relative" } } }
end

-- Selects rows 2, 5 and 9 by keyboard.
local function select_2_5_9(s)
  for _, r in ipairs({ 2, 5, 9 }) do
    s:focus(1, r)
    assert.is_true(s:key("shift+space"))
  end
end

describe("keyboard selection", function()
  it("Shift+Space selects and deselects the focused item and says the count", function()
    local s = rows12("collapse")
    select_2_5_9(s)
    assert.same({ "2 selected, 1 item selected.", "5 selected, 2 items selected.", "9 selected, 3 items selected." },
                s:announcements())
    assert.same({ { 1, 2 }, { 1, 5 }, { 1, 9 } }, s:selection())
    s:focus(1, 9)
    assert.is_true(s:key("shift+space"))
    assert.same({ "9 deselected, 2 items selected." }, s:announcements())
    assert.same({ { 1, 2 }, { 1, 5 } }, s:selection())
  end)

  it("a policy's can_select refuses it, silently", function()
    local s = reorder.session{ rows = 4, policy = { extends = "default",
                                                    can_select = function(ctx, section, row) return row ~= 3 end } }
    s:focus(1, 3)
    assert.is_false(s:key("shift+space"))
    assert.same({}, s:selection())
    assert.same({}, s:announcements())
  end)

  it("is ignored while an item is lifted", function()
    local s = rows12("collapse")
    s:focus(1, 1)
    s:key("space")
    s:announcements()
    assert.is_false(s:key("shift+space"))
    assert.same({}, s:selection())
  end)
end)

describe("keyboard group drag", function()
  it("collapse: the lift folds the group into row 5, six steps down, the drop lands 2 5 9 after 12", function()
    local s = rows12("collapse")
    select_2_5_9(s)
    s:announcements()
    s:focus(1, 5)
    assert.is_true(s:key("space"))
    -- 2 and 9 fold into 5: 1 3 4 5 6 7 8 10 11 12, row 5 is 4th of 10.
    assert.same({ "3 items lifted, 5 at position 4 of 10 in the list. Use the arrow keys to move, space to drop, escape to cancel." },
                s:announcements())
    assert.is_true(s:key("down", 6))
    assert.same({ "3 items moved to position 10 of 10." }, s:announcements())
    assert.is_true(s:key("space"))
    -- Outside the group: 1 3 4 6 7 8 10 11 12, all before 5; the block 2 5 9 (press order) after 12.
    assert.equal("1 3 4 6 7 8 10 11 12 2 5 9", order(s))
    assert.same({ "3 items dropped at position 11 of 12 in the list." }, s:announcements())
    local section, row = s:focus()
    assert.same({ 1, 11 }, { section, row })
    assert.same({}, s:selection())           -- cleared after a committed drop (group.keep_selection false)
  end)

  it("stay: five steps down, the drop lands 2 5 9 after 10", function()
    local s = rows12("stay")
    select_2_5_9(s)
    s:announcements()
    s:focus(1, 5)
    s:key("space")
    assert.same({ "3 items lifted, 5 at position 5 of 12 in the list. Use the arrow keys to move, space to drop, escape to cancel." },
                s:announcements())
    s:key("down", 5)                          -- 1 2 3 4 6 7 8 9 10 5 11 12 (2 and 9 ghosts in place)
    assert.same({ "3 items moved to position 10 of 12." }, s:announcements())
    s:key("enter")
    -- Outside the group before 5: 1 3 4 6 7 8 10; the block after 10, then 11 12.
    assert.equal("1 3 4 6 7 8 10 2 5 9 11 12", order(s))
    assert.same({ "3 items dropped at position 9 of 12 in the list." }, s:announcements())
  end)

  for _, mode in ipairs({ "collapse", "stay" }) do
    it(mode .. ": Escape restores the press order and the selection", function()
      local s = rows12(mode)
      select_2_5_9(s)
      s:announcements()
      s:focus(1, 5)
      s:key("space")
      s:key("down", 3)
      s:announcements()
      assert.is_true(s:key("escape"))
      assert.equal("1 2 3 4 5 6 7 8 9 10 11 12", order(s))
      assert.same({ "Movement cancelled. 3 items returned to position 5." }, s:announcements())
      assert.same({ { 1, 2 }, { 1, 5 }, { 1, 9 } }, s:selection())
    end)

    it(mode .. ": an on_end veto says the group's rollback", function()
      local s = reorder.session{ rows = 12, policy = { extends = "default", group = { mode = mode },
                                                       on_end = function() return false end } }
      select_2_5_9(s)
      s:announcements()
      s:focus(1, 5)
      s:key("space")
      s:key("down", 2)
      s:announcements()
      s:key("space")
      assert.equal("1 2 3 4 5 6 7 8 9 10 11 12", order(s))
      assert.same({ "Drop refused. 3 items returned to position 5." }, s:announcements())
    end)
  end

  it("an item that is not selected lifts alone; the selection stays", function()
    local s = rows12("collapse")
    select_2_5_9(s)
    s:announcements()
    s:focus(1, 1)
    s:key("space")
    s:key("down")
    s:key("space")
    assert.same({ "Lifted 1, position 1 of 12 in the list. Use the arrow keys to move, space to drop, escape to cancel.",
                  "1 moved to position 2 of 12.", "1 dropped at position 2 of 12 in the list." }, s:announcements())
    assert.equal("2 1 3 4 5 6 7 8 9 10 11 12", order(s))
    assert.same({ { 1, 1 }, { 1, 5 }, { 1, 9 } }, s:selection())
  end)

  it("a one-shot action on a selected item moves the group from where the fold put it", function()
    -- c3 folds into c5 (collapse): section 2 is c1 c2 c4 c5 c6 c7, c5 4th; move_to_section 1
    -- appends it to section 1 (a1 a2 c5); the block c3 c5 lands after a2. (Before the fix the
    -- step went from c5's old row, 5, and c6 was lost: the fuzzer's board run 87, seed 7.)
    local s = reorder.session{ sections = { { "a1", "a2" }, { "c1", "c2", "c3", "c4", "c5", "c6", "c7" } } }
    s:select(2, 3); s:select(2, 5)
    assert.is_true(s:perform(2, 5, "move_to_section", 1))
    assert.equal("a1 a2 c3 c5 c1 c2 c4 c6 c7", order(s))
    assert.same({ "2 items dropped at position 4 of 4 in section 1." }, s:announcements())
  end)

  it("the announce hook sees the group's count", function()
    local seen = {}
    local s = reorder.session{ rows = 12, policy = { extends = "default",
      announce = function(ctx, e) seen[#seen + 1] = e.type .. ":" .. e.group; return nil end } }
    select_2_5_9(s)
    s:focus(1, 5)
    s:key("space")
    s:key("escape")
    assert.same({ "select:1", "select:2", "select:3", "lift:3", "cancel:3" }, seen)
    assert.same({}, s:announcements())       -- nil: nothing said
  end)
end)

-- The strip of strip_spec.lua: 12 items of 80 x 80 pt in a 375 x 100 viewport, one per column.
local function strip(height)
  local t = {}
  for i = 1, 12 do t[i] = tostring(i) end
  return reorder.session{ policy = "default", layout = "grid", sections = { t },
                          grid = { direction = "horizontal", item_width = 80, item_height = 80 },
                          viewport = { width = 375, height = height or 100 } }
end

describe("keyboard steps on a strip", function()
  it("left/right move along the strip, up/down go nowhere, End scrolls to the end", function()
    local s = strip()
    s:focus(1, 1)
    s:key("space")
    s:key("right", 3)
    assert.equal("2 3 4 1 5 6 7 8 9 10 11 12", order(s))
    s:key("up")
    s:key("down")
    assert.equal("2 3 4 1 5 6 7 8 9 10 11 12", order(s))
    s:key("left")
    assert.equal("2 3 1 4 5 6 7 8 9 10 11 12", order(s))
    assert.same({ "Lifted 1, position 1 of 12 in the list. Use the arrow keys to move, space to drop, escape to cancel.",
                  "1 moved to position 4 of 12.", "1 moved to position 3 of 12." }, s:announcements())
    -- End: position 12, x = 880 ... 960: the nearest reveal scrolls to 960 - 375 = 585.
    s:key("end")
    assert.same({ 0, 0 }, { s:offset() })     -- keyboard.animate: the scroll glides ...
    s:advance(0.25)                           -- ... over displacement.duration (0.25 s)
    local x, y = s:offset()
    assert.same({ 585, 0 }, { x, y })
    s:key("space")
    assert.equal("2 3 4 5 6 7 8 9 10 11 12 1", order(s))
  end)

  it("a two-row horizontal grid: left/right by a column at the same row, up/down within the column", function()
    -- 200 pt high: two 80 pt cells per column; item i (1-based) is in column ceil(i / 2).
    local s = strip(200)
    local cells = s:scene().cells
    assert.same({ x = 80, y = 120, width = 80, height = 80 }, cells[4].frame)   -- the 40 pt left over goes between the two rows
    s:focus(1, 3)                              -- column 2, top
    s:key("space")
    s:key("right")                             -- column 3, top: position 5
    assert.equal("1 2 4 5 3 6 7 8 9 10 11 12", order(s))
    s:key("down")                              -- column 3, bottom: position 6
    assert.equal("1 2 4 5 6 3 7 8 9 10 11 12", order(s))
    s:key("down")                              -- the column's bottom: nowhere
    s:key("left", 2)                           -- column 1, bottom: position 2
    assert.equal("1 3 2 4 5 6 7 8 9 10 11 12", order(s))
    s:key("up")                                -- column 1, top
    s:key("space")
    assert.equal("3 1 2 4 5 6 7 8 9 10 11 12", order(s))
  end)
end)
