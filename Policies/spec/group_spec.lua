-- Group drags: selection, lifting a selected item lifts the selection, the group
-- lands contiguously where the dragged item is dropped, in the policy's order.
--
-- How a group lands (DragSession+Group.swift), from the peers:
--   * SortableJS MultiDrag (plugins/MultiDrag/MultiDrag.js, drop): multiDragIndex =
--     index(dragEl, ':not(.selected)') -- the number of NOT selected items before the dragged
--     one -- then every selected element, in their order at the press, is inserted before
--     children[multiDragIndex], one after the other. So the items outside the group keep their
--     order, and the group goes in as one block right after the last of them that precedes the
--     dragged item. Its README: "the items will unfold into their original order, but all beside
--     each other at the new position" = group.order "relative".
--   * dnd-kit's multiple-containers story (the maintainer's answer in dnd-kit #120 and #644:
--     do it in application logic): the active item first, then the other selected ones =
--     group.order "active_first" (the others in the order they were selected).
--   * "collapse" folds the others into the dragged item (SortableJS removes them from the DOM
--     while dragging: removeMultiDragElements), so the list closes up; "stay" leaves them in
--     place (react-beautiful-dnd's multi-drag pattern).
--
-- Every drag here drops the dragged item on the cell of another item ("onto"): the finger goes
-- to that item's cell as it is after the lift, and the default policy's "move" steps put the
-- dragged item at that index.

local function id(item) return type(item) == "table" and item.id or item end

local function where(s, wanted)
  for si, list in ipairs(s:items()) do
    for r, item in ipairs(list) do if id(item) == wanted then return si, r end end
  end
end

local function rows(n, prefix)
  local t = {}
  for i = 1, n do t[i] = (prefix or "") .. i end
  return t
end

-- Press the item `from`, hold through the press and the lift, put the finger on the cell of
-- the item with id `onto` (as it is then), let it settle, release, let the drop end.
local function drop_on(s, from_id, onto)
  s:press_item(where(s, from_id))
  s:hold(0.75)
  s:move_to_item(where(s, onto))
  s:hold(0.1)
  s:release()
  s:advance(0.5)
end

local function policy(mode, order, extra)
  local p = { extends = "default", group = { mode = mode, order = order } }
  for k, v in pairs(extra or {}) do p[k] = v end
  return p
end

local function select_all(s, positions)
  for _, p in ipairs(positions) do assert.is_true(s:select(p[1], p[2])) end
end

-- Rows 2, 5 and 9 of 12, row 5 dropped on row 11, on one list (a table or a grid):
--   not in the group: 1 3 4 6 7 8 10 11 12; "5" lands on "11"'s cell (index 11 when they stay,
--   index 9 of the 10 left when they fold: 1 3 4 6 7 8 10 11 [5] 12 either way), so 8 of them
--   (1 3 4 6 7 8 10 11) precede it: the block goes after "11".
--   relative:     1 3 4 6 7 8 10 11 | 2 5 9 | 12
--   active_first: 1 3 4 6 7 8 10 11 | 5 2 9 | 12   (5 dragged, then 2 and 9 in selection order)
local ONE_LIST = {
  relative = { "1", "3", "4", "6", "7", "8", "10", "11", "2", "5", "9", "12" },
  active_first = { "1", "3", "4", "6", "7", "8", "10", "11", "5", "2", "9", "12" },
}

local LAYOUTS = {
  table = function(p) return reorder.session{ sections = { rows(12) }, policy = p } end,
  -- 3 columns of 100 x 80 pt in a 375 pt wide grid.
  grid = function(p)
    return reorder.session{ sections = { rows(12) }, policy = p, layout = "grid",
                            grid = { item_width = 100, item_height = 80, spacing = 10 } }
  end,
}

describe("group drag", function()
  for _, mode in ipairs{ "collapse", "stay" } do
    for _, order in ipairs{ "relative", "active_first" } do
      for name, make in pairs(LAYOUTS) do
        it(name .. ", " .. mode .. ", " .. order .. ": rows 2, 5, 9 of 12, row 5 dropped on row 11", function()
          local s = make(policy(mode, order))
          select_all(s, { { 1, 2 }, { 1, 5 }, { 1, 9 } })
          drop_on(s, "5", "11")
          assert.same({ ONE_LIST[order] }, s:ids())
          -- the drop clears the selection (group.keep_selection is false by default)
          assert.same({}, s:selection())
          -- begin and end carry the group, in landing order; end says where each landed
          local begin, finish
          for _, e in ipairs(s:events()) do
            if e.type == "begin" then begin = e elseif e.type == "end" then finish = e end
          end
          local landing = order == "relative" and { "2", "5", "9" } or { "5", "2", "9" }
          assert.same(landing, begin.items)
          assert.same(landing, finish.items)
          assert.same({ { 1, 9 }, { 1, 10 }, { 1, 11 } }, finish.positions)
          assert.same({ 1, 5 }, finish.from)
          assert.same({ 1, order == "relative" and 10 or 9 }, finish.to)
          -- the last move carries them too: folded, 2 and 9 are where "5" is (row 9 of the 10
          -- left); staying, "2" is still at row 2, and "9" moved up to row 8 as "5" passed it
          -- from row 5 to row 11 (rows 6-11 shift up by one).
          local last_move
          for _, e in ipairs(s:events()) do if e.type == "move" then last_move = e end end
          assert.same(landing, last_move.items)
          local at = { ["2"] = { 1, 2 }, ["5"] = { 1, 11 }, ["9"] = { 1, 8 } }
          if mode == "collapse" then at = { ["2"] = { 1, 9 }, ["5"] = { 1, 9 }, ["9"] = { 1, 9 } } end
          assert.same({ at[landing[1]], at[landing[2]], at[landing[3]] }, last_move.positions)
        end)
      end

      -- Sections of 4 (1-4, 5-8, 9-12): 2, 5 and 9 are in three sections. "5" dropped on "11"
      -- crosses into the third: the step inserts it at "11"'s index (9 10 [5] 11 12 when they
      -- stay), and as the second section lost a row the third moves up one, so the finger is on
      -- "11" again, below "5": one more step (the stability rule allows one after a step down
      -- into a section), 9 10 11 [5] 12 (events: (2,1)->(3,3), (3,3)->(3,4)). Folded the same
      -- way: 10 11 [5] 12. Not in the group in that section: 10 11 12, two of them precede "5":
      -- the whole group goes after "11", and the first two sections close up.
      it("sections, " .. mode .. ", " .. order .. ": the group from three sections lands in one", function()
        local s = reorder.session{ sections = { { "1", "2", "3", "4" }, { "5", "6", "7", "8" }, { "9", "10", "11", "12" } },
                                   header_height = 20, policy = policy(mode, order) }
        select_all(s, { { 1, 2 }, { 2, 1 }, { 3, 1 } })
        drop_on(s, "5", "11")
        local block = order == "relative" and { "2", "5", "9" } or { "5", "2", "9" }
        assert.same({ { "1", "3", "4" }, { "6", "7", "8" }, { "10", "11", block[1], block[2], block[3], "12" } }, s:ids())
      end)

      -- A board (kanban's lists, one page each): today 1-12, later a b c. "5" dropped on "b"
      -- across the lists lands before "b" (a [5] b c); "a" precedes it: a | group | b c.
      it("board, " .. mode .. ", " .. order .. ": the whole group moves to the other list", function()
        local s = reorder.session{ policy = { extends = "kanban", group = { mode = mode, order = order } },
                                   layout = "board", sections = { rows(12), { "a", "b", "c" } },
                                   titles = { "today", "later" }, board = { inset = 50, spacing = 10 },
                                   row_height = 44, header_height = 44, viewport = { width = 375, height = 667 } }
        select_all(s, { { 1, 2 }, { 1, 5 }, { 1, 9 } })
        s:drag(1, 5, 2, 2)
        local block = order == "relative" and { "2", "5", "9" } or { "5", "2", "9" }
        assert.same({ { "1", "3", "4", "6", "7", "8", "10", "11", "12" },
                      { "a", block[1], block[2], block[3], "b", "c" } }, s:ids())
      end)

      it(mode .. ", " .. order .. ": an on_end veto restores the press order and the selection", function()
        local s = reorder.session{ sections = { rows(12) },
                                   policy = policy(mode, order, { on_end = function() return false end }) }
        select_all(s, { { 1, 9 }, { 1, 2 }, { 1, 5 } })
        drop_on(s, "5", "11")
        assert.same({ rows(12) }, s:ids())
        assert.same({ { 1, 9 }, { 1, 2 }, { 1, 5 } }, s:selection())   -- the same, in selection order
        local last = s:events()[#s:events()]
        assert.equal("rollback", last.type)
      end)
    end

    it(mode .. ": a cancel reverts to the press order and selection", function()
      local s = reorder.session{ sections = { rows(12) }, policy = policy(mode, "relative") }
      select_all(s, { { 1, 2 }, { 1, 5 }, { 1, 9 } })
      s:press_item(1, 5)
      s:hold(0.75)
      s:move_to_item(where(s, "11"))
      s:hold(0.1)
      s:cancel()
      s:advance(0.5)
      assert.same({ rows(12) }, s:ids())
      assert.same({ { 1, 2 }, { 1, 5 }, { 1, 9 } }, s:selection())
    end)

    -- Sections 1-6 and a b c; "4" may not go into the second section (the target hook answers
    -- nil for it there), "2" could. With 2 and 4 selected, "2" dropped on "b": every step into
    -- the second section is refused for the group, so "2" stays at row 2 of the first (folded,
    -- 1 2 3 5 6, the finger is still on "2"); among the others 1 3 5 6, "1" precedes it:
    -- 1 | 2 4 | 3 5 6, and the second section is as it was. (A folded member is asked from where
    -- it was at the press, and ctx.item reads the order at the press: it finds it there.)
    it(mode .. ": a target refused for one member refuses the step", function()
      local s = reorder.session{ sections = { rows(6), { "a", "b", "c" } }, header_height = 20,
                                 policy = policy(mode, "relative", {
        target = function(ctx, fs, fr, ts, tr)
          if ctx.item(fs, fr) == "4" and ts == 2 then return nil end
          return ts, tr
        end }) }
      select_all(s, { { 1, 2 }, { 1, 4 } })
      drop_on(s, "2", "b")
      assert.same({ { "1", "2", "4", "3", "5", "6" }, { "a", "b", "c" } }, s:ids())
      for _, e in ipairs(s:events()) do
        if e.type == "move" then assert.equal(1, e.to[1]) end
      end
    end)

    -- Rows 2 and 5 selected, "5" lifted, "9" tapped during the drag (a second touch): it joins
    -- under a can_add that allows it (then as the first test: 1 3 4 6 7 8 10 11 | 2 5 9 | 12),
    -- and not under one that refuses (a refuse event; 2 and 5 land: the others are
    -- 1 3 4 6 7 8 9 10 11 12, nine of them precede "5": 1 3 4 6 7 8 9 10 11 | 2 5 | 12).
    for _, allow in ipairs{ true, false } do
      it(mode .. ": a tap " .. (allow and "adds an item under an allowing" or "does not add under a refusing")
           .. " can_add", function()
        local s = reorder.session{ sections = { rows(12) }, policy = policy(mode, "relative", {
          can_add = function(ctx, section, row) return allow end }) }
        select_all(s, { { 1, 2 }, { 1, 5 } })
        s:press_item(1, 5)
        s:hold(0.75)
        assert.equal(allow, s:tap(where(s, "9")))
        s:move_to_item(where(s, "11"))
        s:hold(0.1)
        s:release()
        s:advance(0.5)
        local expected = allow and ONE_LIST.relative or { "1", "3", "4", "6", "7", "8", "9", "10", "11", "2", "5", "12" }
        assert.same({ expected }, s:ids())
        local refused = false
        for _, e in ipairs(s:events()) do if e.type == "refuse" then refused = true end end
        assert.equal(not allow, refused)
      end)
    end
  end

  it("selection follows items, not positions", function()
    local s = reorder.session{ sections = { rows(6) }, policy = policy("collapse", "relative") }
    assert.is_true(s:select(1, 2))
    -- "1" is not selected: it drags alone, and "2" moves up to row 1
    s:drag(1, 1, 1, 4)
    assert.same({ { "2", "3", "4", "1", "5", "6" } }, s:ids())
    assert.same({ { 1, 1 } }, s:selection())
    assert.is_true(s:deselect(1, 1))
    assert.same({}, s:selection())
  end)

  it("keeps the selection after a drop with group.keep_selection", function()
    local s = reorder.session{ sections = { rows(6) },
                               policy = { extends = "default", group = { keep_selection = true } } }
    select_all(s, { { 1, 1 }, { 1, 3 } })
    drop_on(s, "3", "5")
    -- not in the group: 2 4 5 6; "3" on "5"'s cell (folded: 2 4 5 [3] 6): 2 4 5 precede it
    assert.same({ { "2", "4", "5", "1", "3", "6" } }, s:ids())
    assert.same({ { 1, 4 }, { 1, 5 } }, s:selection())
  end)

  it("can_select and group.max refuse a selection", function()
    local s = reorder.session{ sections = { rows(6) }, policy = {
      extends = "default", group = { max = 2 },
      can_select = function(ctx, section, row) return ctx.item(section, row) ~= "6" end } }
    assert.is_false(s:select(1, 6))
    assert.is_true(s:select(1, 1))
    assert.is_true(s:select(1, 2))
    assert.is_false(s:select(1, 3))      -- a third is over group.max
    assert.same({ { 1, 1 }, { 1, 2 } }, s:selection())
  end)
end)
