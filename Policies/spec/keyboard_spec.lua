-- Reordering without a pointer: keyboard dragging, one-shot actions and what is said,
-- through the same hooks as a touch drag. The texts are docs/REFERENCE.md's ("Keyboard
-- dragging": "Lifted Standup, position 9 of 15 in Today. ..."); so are the step semantics:
-- rows in a table across section boundaries (empty sections included), cells in a grid where
-- left/right wrap and up/down move by a row, lists on a board where up/down stay in the list
-- and left/right go to the neighbouring list at the same row or the nearest one.

-- Today: 15 rows, Standup 9th (docs/REFERENCE.md's example); Tomorrow 2 rows; Later empty; Someday 1.
local function today()
  local t = {}
  for i = 1, 15 do t[i] = "r" .. i end
  t[9] = { id = "standup", title = "Standup" }
  return t
end

local function ids(list)
  local t = {}
  for i, item in ipairs(list) do t[i] = type(item) == "table" and item.id or item end
  return t
end

local function table_session(extra)
  local options = { sections = { today(), { "review", "lunch" }, {}, { "gym" } },
                    titles = { "Today", "Tomorrow", "Later", "Someday" } }
  for k, v in pairs(extra or {}) do options[k] = v end
  return reorder.session(options)
end

local function types(events)
  local t = {}
  for i, e in ipairs(events) do t[i] = e.type end
  return t
end

describe("keyboard dragging on a table", function()
  it("says the reference's texts for lift, move and drop, and keeps the focus on the item", function()
    local s = table_session()
    s:focus(1, 9)
    assert.is_true(s:key("space"))
    assert.same({ "Lifted Standup, position 9 of 15 in Today. Use the arrow keys to move, space to drop, escape to cancel." },
                s:announcements())
    assert.equal("dragging", s:state())
    -- Five steps up in one key press (by N): 9 -> 4, one announcement of the final position.
    assert.is_true(s:key("up", 5))
    assert.same({ "Standup moved to position 4 of 15." }, s:announcements())
    assert.is_true(s:key("space"))
    assert.same({ "Standup dropped at position 4 of 15 in Today." }, s:announcements())
    assert.same({ "r1", "r2", "r3", "standup", "r4", "r5", "r6", "r7", "r8", "r10", "r11", "r12", "r13", "r14", "r15" },
                s:ids()[1])
    local section, row = s:focus()
    assert.same({ 1, 4 }, { section, row })
    -- The same events as a touch drag: begin, five moves (one per step), end.
    assert.same({ "begin", "move", "move", "move", "move", "move", "end" }, types(s:events()))
  end)

  it("says the reference's cancel text and puts the item back", function()
    local s = table_session()
    s:focus(1, 9)
    s:key("space"); s:key("up", 5); s:announcements()
    assert.is_true(s:key("escape"))
    assert.same({ "Movement cancelled. Standup returned to position 9." }, s:announcements())
    assert.same(ids(today()), s:ids()[1])
    assert.same({ 1, 9 }, { s:focus() })
  end)

  it("steps across section boundaries, into and out of an empty section", function()
    local s = table_session()
    s:focus(1, 9)
    s:key("space")
    s:key("end")                       -- the last row of Today, in one step
    assert.same({ "Standup moved to position 15 of 15." }, { s:announcements()[2] })
    s:key("down")                      -- the first row of Tomorrow
    assert.same({ "Standup moved to position 1 of 3 in Tomorrow." }, s:announcements())
    s:key("down", 2)                   -- after lunch: position 3 of 3
    assert.same({ "Standup moved to position 3 of 3." }, s:announcements())
    s:key("down")                      -- Later is empty: Standup is its only row
    assert.same({ "Standup moved to position 1 of 1 in Later." }, s:announcements())
    s:key("down")                      -- Someday: before gym
    assert.same({ "Standup moved to position 1 of 2 in Someday." }, s:announcements())
    s:key("down", 3)                   -- after gym, then the end of the table: no more steps
    assert.same({ "Standup moved to position 2 of 2." }, s:announcements())
    s:key("up", 2)                     -- before gym, then back up to the end of Later
    assert.same({ "Standup moved to position 1 of 1 in Later." }, s:announcements())
    s:key("space")
    assert.same({ { "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r10", "r11", "r12", "r13", "r14", "r15" },
                  { "review", "lunch" }, { "standup" }, { "gym" } }, s:ids())
  end)

  it("lets a pinned row refuse to lift, and offers it no actions", function()
    local s = table_session{
      sections = { { { id = "pin", title = "Pinned", pinned = true }, "a", "b" } }, titles = { "Today" },
      policy = { can_move = function(ctx, section, row)
        local item = ctx.item(section, row)
        return not (type(item) == "table" and item.pinned)
      end },
    }
    s:focus(1, 1)
    assert.is_true(s:key("space"))
    assert.equal("idle", s:state())
    assert.same({ "Pinned cannot be moved." }, s:announcements())
    assert.same({ "refuse" }, types(s:events()))
    assert.same({}, s:actions(1, 1))
    -- Row 2 may move down and to the end; up onto the pinned row is a step too (the policy
    -- here only refuses the lift): move_up is offered.
    assert.same({ "move_up", "move_down", "move_to_start", "move_to_end" }, s:actions(1, 2))
  end)

  it("announces a refused step as blocked and does not move", function()
    -- The target hook refuses row 1 of Today: nothing may go above the pinned row.
    local s = table_session{ policy = { target = function(ctx, fs, fr, ts, tr)
      if ts == 1 and tr == 1 then return nil end
      return ts, tr
    end } }
    s:focus(1, 3)
    s:key("space"); s:announcements()
    s:key("up")                                     -- 3 -> 2: allowed
    assert.same({ "r3 moved to position 2 of 15." }, s:announcements())
    s:key("up")                                     -- 2 -> 1: refused
    assert.same({ "r3 cannot move there." }, s:announcements())
    assert.equal("dragging", s:state())
    assert.same({ "r1", "r3", "r2" }, { s:ids()[1][1], s:ids()[1][2], s:ids()[1][3] })
    -- move_up and move_to_start of row 2 would both land on row 1: not offered.
    s:key("escape")
    assert.same({ "Movement cancelled. r3 returned to position 3." }, s:announcements())
    assert.same({ "move_down", "move_to_end", "move_to_section 2", "move_to_section 3", "move_to_section 4" },
                s:actions(1, 2))
    -- A one-shot action onto it says blocked, leaves the order and returns false.
    assert.is_false(s:perform(1, 2, "move_up"))
    assert.same({ "r2 cannot move there." }, s:announcements())
    assert.same(ids(today()), s:ids()[1])
  end)

  it("rolls back a vetoed drop and says so", function()
    local s = table_session{ policy = { on_end = function() return false end } }
    s:focus(1, 9)
    s:key("space"); s:key("up", 2); s:announcements()
    s:key("space")
    assert.same({ "Drop refused. Standup returned to position 9." }, s:announcements())
    assert.same(ids(today()), s:ids()[1])
    local events = s:events()
    assert.equal("rollback", events[#events].type)
    assert.same({ 1, 9 }, { s:focus() })
  end)

  it("offers move_up, move_down, the ends and the other sections, and performs them in one input", function()
    local s = table_session()
    assert.same({ "move_up", "move_down", "move_to_start", "move_to_end",
                  "move_to_section 2", "move_to_section 3", "move_to_section 4" }, s:actions(1, 9))
    assert.same({ "move_down", "move_to_end", "move_to_section 2", "move_to_section 3", "move_to_section 4" },
                s:actions(1, 1))
    -- One-shot: only the outcome is said.
    assert.is_true(s:perform(1, 9, "move_up"))
    assert.same({ "Standup dropped at position 8 of 15 in Today." }, s:announcements())
    assert.is_true(s:perform(1, 8, "move_to_section", 3))    -- the end of Later (empty)
    assert.same({ "Standup dropped at position 1 of 1 in Later." }, s:announcements())
    assert.same({ "standup" }, s:ids()[3])
    assert.same({ 3, 1 }, { s:focus() })
    -- begin, move, end for each action.
    assert.same({ "begin", "move", "end", "begin", "move", "end" }, types(s:events()))
  end)

  it("lets a policy say its own texts and instructions", function()
    local s = table_session{ policy = {
      instructions = "Leertaste zum Anheben.",
      announce = function(ctx, e)
        if e.type == "lift" then return "Angehoben: " .. e.item .. ", Position " .. e.row .. " von " .. e.count .. " in " .. e.section_name end
        if e.type == "move" then return nil end   -- silence
        return e.default
      end,
    } }
    assert.equal("Leertaste zum Anheben.", s:instructions(1, 9))
    s:focus(1, 9)
    s:key("space"); s:key("down"); s:key("space")
    assert.same({ "Angehoben: Standup, Position 9 von 15 in Today", "Standup dropped at position 10 of 15 in Today." },
                s:announcements())
  end)

  it("has the built-in instructions", function()
    local s = table_session()
    assert.equal("Press space or enter to lift. Use the arrow keys to move, space to drop, escape to cancel.",
                 s:instructions(1, 1))
  end)

  it("moves the focus with tab, not the items", function()
    local s = table_session()
    s:focus(1, 15)
    assert.is_true(s:key("tab"))            -- the last of Today -> the first of Tomorrow
    assert.same({ 2, 1 }, { s:focus() })
    s:key("tab", 2)                         -- lunch, then gym (Later is empty)
    assert.same({ 4, 1 }, { s:focus() })
    assert.is_false(s:key("up"))            -- nothing lifted: arrows do nothing
    assert.same({}, s:events())
  end)
end)

describe("keeping the moved item visible", function()
  -- 30 rows of 44 pt in a 667 pt viewport: content 1320, the largest offset 653.
  local function long(keyboard)
    local rows = {}
    for i = 1, 30 do rows[i] = "r" .. i end
    return reorder.session{ sections = { rows }, policy = { keyboard = keyboard } }
  end

  it("scrolls as little as needed (nearest), gliding over the displacement duration", function()
    local s = long()
    s:focus(1, 15)
    s:key("space")
    s:key("down", 1)          -- row 16 of 44 pt: bottom 704 > 667, the glide heads for 704 - 667 = 37
    assert.same({ 0, 0 }, { s:offset() })
    s:advance(0.25)           -- displacement.duration: the glide is over
    assert.same({ 0, 37 }, { s:offset() })
  end)

  it("jumps when keyboard.animate is false, and centres with reveal = center", function()
    local s = long{ animate = false, reveal = "center" }
    s:focus(1, 15)
    s:key("space")
    s:key("down")             -- row 16: centre y 15.5 x 44 = 682, offset 682 - 333.5 = 348.5
    assert.same({ 0, 348.5 }, { s:offset() })
    s:key("end")              -- row 30: centre 1298 - 333.5 = 964.5, clamped to 653
    assert.same({ 0, 653 }, { s:offset() })
  end)

  it("moves a row to the end of 1,000,000 in one step and scrolls it into view", function()
    local rows = {}
    for i = 1, 1000000 do rows[i] = "r" .. i end
    local s = reorder.session{ sections = { rows } }
    assert.is_true(s:perform(1, 1, "move_to_end"))
    local events = s:events()
    assert.same({ "begin", "move", "end" }, types(events))
    assert.same({ 1, 1 }, events[2].from)
    assert.same({ 1, 1000000 }, events[2].to)
    -- 1,000,000 rows of 44 pt: the last one ends at 44,000,000; 44,000,000 - 667 = 43,999,333.
    assert.same({ 0, 43999333 }, { s:offset() })
    -- The drop names the item now at row 1,000,000: r1.
    assert.same({ "r1 dropped at position 1000000 of 1000000 in the list." }, s:announcements())
  end)
end)

describe("keyboard dragging on a grid", function()
  -- The home-button grid: 4 columns of 81.25 x 85 pt (grid_home_spec); 10 icons, then 3.
  local function grid()
    local a, b = {}, {}
    for i = 1, 10 do a[i] = "a" .. i end
    for i = 1, 3 do b[i] = "b" .. i end
    return reorder.session{ layout = "grid", sections = { a, b },
                            grid = { item_width = (375 - 50) / 4, item_height = 85, spacing = 0.1 } }
  end

  local function at(s)
    local section, row = s:focus()
    return { section, row }
  end

  it("wraps left and right, and moves up and down by a row", function()
    local s = grid()
    s:focus(1, 6)                -- index 5: line 1, column 1
    s:key("space")
    s:key("right"); assert.same({ 1, 7 }, at(s))
    s:key("left");  assert.same({ 1, 6 }, at(s))
    s:key("up");    assert.same({ 1, 2 }, at(s))   -- 5 - 4 = index 1
    s:key("down");  assert.same({ 1, 6 }, at(s))
    s:key("down");  assert.same({ 1, 10 }, at(s))  -- min(5 + 4, 9) = 9: line 2, column 1
    s:key("down");  assert.same({ 2, 2 }, at(s))   -- the last line: section 2, column 9 mod 4 = 1
    s:key("up");    assert.same({ 1, 10 }, at(s))  -- 9 icons left: min((9 // 4) x 4 + 1, 9) = 9
    s:key("left", 6)                               -- index 9 -> 3: wraps from line 2 to line 0
    assert.same({ 1, 4 }, at(s))
    s:key("space")
    assert.same({ "a1", "a2", "a3", "a6", "a4", "a5", "a7", "a8", "a9", "a10" }, s:ids()[1])
  end)

  it("wraps right from the last icon of a section to the first of the next", function()
    local s = grid()
    s:focus(1, 10)
    s:key("space"); s:key("right"); s:key("space")
    assert.same({ { "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9" }, { "a10", "b1", "b2", "b3" } }, s:ids())
  end)
end)

describe("keyboard dragging on a board", function()
  local function board()
    return reorder.session{ layout = "board", sections = { { "t1", "t2", "t3", "t4", "t5" }, { "n1", "n2", "n3", "n4" }, { "l1", "l2", "l3" } },
                            titles = { "today", "next", "later" }, board = { inset = 50, spacing = 10 },
                            header_height = 44, policy = { keyboard = { animate = false } } }
  end

  it("moves up and down in a list, left and right to the same row or the nearest, paging along", function()
    local s = board()
    s:focus(1, 4)
    s:key("space"); s:announcements()
    s:key("right")                          -- next, row 4 (before n4)
    assert.same({ "t4 moved to position 4 of 5 in next." }, s:announcements())
    assert.same({ 2, 3 }, { s:page() })
    s:key("right")                          -- later has 3 rows: min(4 - 1, 3) = 3, the end
    assert.same({ "t4 moved to position 4 of 4 in later." }, s:announcements())
    assert.same({ 3, 3 }, { s:page() })
    s:key("up")
    assert.same({ "t4 moved to position 3 of 4." }, s:announcements())
    s:key("right")                          -- no list to the right: nothing happens
    assert.same({}, s:announcements())
    s:key("left")                           -- next, row 3
    assert.same({ "t4 moved to position 3 of 5 in next." }, s:announcements())
    assert.same({ 2, 3 }, { s:page() })
    s:key("space")
    assert.same({ { "t1", "t2", "t3", "t5" }, { "n1", "n2", "t4", "n3", "n4" }, { "l1", "l2", "l3" } }, s:ids())
  end)

  it("offers the other lists by name", function()
    local s = board()
    assert.same({ "move_up", "move_down", "move_to_start", "move_to_end", "move_to_list next", "move_to_list later" },
                s:actions(1, 2))
    assert.is_true(s:perform(1, 2, "move_to_list", "later"))
    assert.same({ "t2 dropped at position 4 of 4 in later." }, s:announcements())
    assert.same({ 3, 3 }, { s:page() })
  end)
end)
