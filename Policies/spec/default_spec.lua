-- default: UIKit's activation and semantics with a frame-rate independent edge scroll that
-- ramps up over time (Policies/default.lua explains each number).
describe("default", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "default", rows = 100 }
  end)

  it("lifts after 0.5 s within 10 pt", function()
    assert.equal(0.5, s:config().min_press_duration)
    assert.equal(10, s:config().allowable_movement)
    s:press_item(1, 2)
    s:hold(0.49)
    assert.equal("pressing", s:state())
    s:hold(0.02)
    assert.equal("dragging", s:state())
  end)

  it("fails the press when the finger wanders more than 10 pt (it was a scroll)", function()
    s:press(100, 66)
    s:move(100, 77)
    s:hold(1)
    assert.equal("idle", s:state())
    assert.same({}, s:events())
  end)

  it("moves (remove + insert)", function()
    assert.equal("move", s:semantics(1, 1, 1, 2))
    assert.is_true(s:drag(1, 1, 1, 4))
    assert.same({ "2", "3", "4", "1", "5" }, { table.unpack(s:order(), 1, 5) })
  end)

  it("lifts a 1.05 x, 0.98 alpha snapshot and keeps the origin cell visible", function()
    local c = s:config()
    assert.equal(1.05, c.snapshot.scale)
    assert.equal(0.98, c.snapshot.alpha)
    assert.equal("visible", c.snapshot.placeholder)
    assert.same({ duration = 0.25, curve = "ease_in_out", from = { alpha = 1, scale = 1, placeholder = "none" } },
                c.snapshot.lift)
  end)

  it("casts SwiftReorder's soft shadow under the lifted snapshot", function()
    -- ReorderController.swift's defaults: shadowColor black, shadowOpacity 0.3,
    -- shadowRadius 10, shadowOffset (0, 3)
    assert.same({ color = "#000000", offset = { x = 0, y = 3 }, opacity = 0.3, radius = 10 },
                s:config().snapshot.shadow)
    s:press_item(1, 2)
    s:hold(0.75)
    local snap = s:scene().snapshot
    assert.equal(0.3, snap.shadow.opacity)
    assert.equal(10, snap.shadow.radius)
  end)

  it("slides displaced rows with dnd-kit's curve, which moves at once", function()
    -- dnd-kit's defaultSortableTransition: 250 ms, cubic-bezier(0.25, 1, 0.5, 1)
    assert.same({ duration = 0.25, curve = { 0.25, 1, 0.5, 1 } }, s:config().displacement)
    s:press_item(1, 1)
    s:hold(0.75)
    s:move(187.5, 66, 0)       -- onto row 2's centre, and a frame: the step, row 2 starts up
    local function row2() for _, c in ipairs(s:scene().cells) do if c.id == "2" then return c end end end
    assert.equal(44, row2().frame.y)          -- the step's frame: the slide starts here
    s:advance(1 / 60)
    -- one frame in, t = (1/60) / 0.25 = 1/15: the Bézier solved for x = 1/15 gives
    -- y = 0.243086684 (ease-in-out gave 4 t^3 = 0.00119), so 44 - 44 y = 33.304186 pt
    assert.near(33.304186, row2().frame.y, 1e-5)
    s:advance(1 / 60)
    assert.near(24.620386, row2().frame.y, 1e-5)   -- t = 2/15: y = 0.440445768
  end)

  it("uses a zone of 25 % of the viewport, at most 120 pt", function()
    assert.equal(120, s:zone())                              -- 25 % of 667 = 166.75
    local small = reorder.session{ policy = "default", rows = 10, viewport = { width = 320, height = 400 } }
    assert.equal(100, small:zone())                          -- 25 % of 400
  end)

  it("scrolls 1500 pt/s x r^2 x min(elapsed / 0.4 s, 1)", function()
    assert.equal(0, s:speed(0, 120, 1))
    assert.equal(1500, s:speed(120, 120, 0.4))
    assert.equal(375, s:speed(60, 120, 0.4))                 -- r = 0.5
    assert.equal(750, s:speed(120, 120, 0.2))                -- half way up the ramp
    assert.equal(1500, s:speed(300, 120, 2))                 -- past the edge: capped
  end)

  it("reverts a cancelled drag", function()
    s:press_item(1, 1)
    s:hold(0.75)
    s:move_to_item(1, 3, 0.2)
    assert.equal("1", s:order()[3])
    s:cancel()
    s:advance(0.5)
    assert.same({ "1", "2", "3" }, { table.unpack(s:order(), 1, 3) })
    local events = s:events()
    assert.equal("revert", events[#events].resolution)
  end)

  it("scrolls the same distance per second at 60 and 120 Hz", function()
    local fast = reorder.session{ policy = "default", rows = 100, frame_rate = 120 }
    local moved = {}
    for i, t in ipairs({ s, fast }) do
      t:press_item(1, 5)
      t:hold(0.75)
      t:move(187.5, 666, 0)                                  -- finger at the bottom edge
      local _, y0 = t:offset()
      t:advance(1)
      local _, y1 = t:offset()
      moved[i] = y1 - y0
    end
    -- depth 119 of 120 at y = 666: 1500 * (119/120)^2 pt/s, ramped over 0.4 s, so the first
    -- second covers 1 - 0.4 / 2 = 0.8 of a full-speed second
    assert.near(1500 * (119 / 120) ^ 2 * 0.8, moved[1], 1e-6)
    assert.near(moved[1], moved[2], 1e-6)
  end)
end)

-- Targets hold still over items of other sizes, and empty sections take rows. Rows:
-- a 0..44, big 44..244, c 244..288, d 288..332 (the rule: a step waits until the finger lies
-- inside, or beyond, the dragged row's new slot; see docs/REFERENCE.md, "Stable targets").
describe("stable targets", function()
  local tall = { "a", { id = "big", height = 200 }, "c", "d" }
  local function moves(s)
    local n = 0
    for _, e in ipairs(s:events()) do if e.type == "move" then n = n + 1 end end
    s:clear_events()
    return n
  end

  for _, policy in ipairs({ "uikit", "jx_movable", "default" }) do
    describe(policy, function()
      it("holds a 44 pt row still over a 200 pt row (finger at y 110, 1 s)", function()
        local s = reorder.session{ policy = policy, sections = { tall } }
        s:press_item(1, 1)
        s:hold(1.25)
        s:clear_events()
        s:move(187.5, 110)
        s:hold(1)
        assert.equal(0, moves(s))
        assert.same({ { "a", "big", "c", "d" } }, s:ids())
      end)

      it("steps once at each of ten positions across the tall row, then holds", function()
        for y = 54, 234, 20 do
          local s = reorder.session{ policy = policy, sections = { tall } }
          s:press_item(1, 1)
          s:hold(1.25)
          s:clear_events()
          s:move(187.5, y)
          -- a's slot after the step is 200..244: only y 214 and 234 step
          assert.equal(y >= 200 and 1 or 0, moves(s), "arrival at y " .. y)
          s:hold(1)
          assert.equal(0, moves(s), "hold at y " .. y)
        end
      end)

      it("passes the tall row going up only once the finger is inside the new slot", function()
        local s = reorder.session{ policy = policy, sections = { tall } }
        s:press_item(1, 3)
        s:hold(1.25)
        s:move(187.5, 150, 1)     -- c's slot at row 2 would be 44..88
        s:hold(1)
        assert.same({ { "a", "big", "c", "d" } }, s:ids())
        s:move(187.5, 60, 0.5)
        s:hold(1)
        assert.same({ { "a", "c", "big", "d" } }, s:ids())
      end)

      it("moves a row into an empty section as its first row", function()
        -- headers 28 pt: section 2's header is at 160..188, section 3's at 188..216
        local s = reorder.session{ policy = policy, header_height = 28,
                                   sections = { { "a", "b", "c" }, {}, { "d" } } }
        s:press_item(1, 1)
        s:hold(1.25)
        s:clear_events()
        s:move(187.5, 170)
        s:hold(1)
        local events = s:events()
        assert.equal("move", events[1].type)
        assert.same({ 2, 1 }, events[1].to)
        assert.equal("move", events[1].semantics)   -- exchange with nothing is a move
        s:release()
        s:advance(1)
        assert.same({ { "b", "c" }, { "a" }, { "d" } }, s:items())
      end)
    end)
  end
end)

-- swap_threshold (SortableJS's swapThreshold): the reference point must pass
-- length * (1 - t) / 2 into the proposed target from the side it comes from, and going back
-- starts from the other side of the item passed. t = 0.5 here, the finger is the reference
-- (under_finger), offset 0 (the lists fit the viewport, so nothing scrolls).
describe("swap_threshold", function()
  local function ids(s) return table.concat(s:ids()[1], " ") end
  local function moves(s)
    local n = 0
    for _, e in ipairs(s:events()) do if e.type == "move" then n = n + 1 end end
    s:clear_events()
    return n
  end
  local function lifted(policy, items, row)
    local s = reorder.session{ policy = policy, sections = { items } }
    s:press_item(1, row)
    s:hold(1.25)
    s:clear_events()
    return s
  end

  for _, semantics in ipairs({ "move", "exchange" }) do
    local half = { extends = "default", swap_threshold = 0.5, semantics = semantics }
    it("44 pt rows, " .. semantics .. ": steps at 55 going down and at 33 going back up", function()
      -- a 0..44, b 44..88. Down into b: 44 + 44 * (1 - 0.5) / 2 = 55.
      local s = lifted(half, { "a", "b", "c", "d" }, 1)
      s:move(187.5, 54.9)
      assert.equal(0, moves(s))
      s:move(187.5, 55)
      assert.equal(1, moves(s))
      assert.equal("b a c d", ids(s))
      -- Now b 0..44, a 44..88. Back up into b: 0 + 44 - 11 = 33; between 33 and 55 nothing
      -- steps either way (the hysteresis band, 22 pt = 44 * 0.5).
      for _, y in ipairs({ 43, 40, 33.1 }) do
        s:move(187.5, y)
        s:hold(0.5)
        assert.equal(0, moves(s), "y " .. y)
      end
      s:move(187.5, 33)
      assert.equal(1, moves(s))
      assert.equal("a b c d", ids(s))
    end)
  end

  it("the default, 1, steps as soon as the row proposes itself (no band)", function()
    local s = lifted("default", { "a", "b", "c", "d" }, 1)
    s:move(187.5, 43.9)
    assert.equal(0, moves(s))
    s:move(187.5, 44)
    assert.equal(1, moves(s))
    s:move(187.5, 43.9)   -- back into b (0..44): steps back at once
    assert.equal(1, moves(s))
  end)

  it("a 200 pt row over a 44 pt row: steps at 255 going down and at 77 going back up", function()
    -- a 0..44, big 44..244, c 244..288. Down into c: 244 + 44 * 0.25 = 255 (the default
    -- steps at 244). After the step c 44..88, big 88..288: the finger at 255 lies in big's
    -- new slot, so the step holds. Back up into c: 44 + 44 - 11 = 77 (big's slot is then
    -- 44..244, which holds 77).
    local s = lifted({ extends = "default", swap_threshold = 0.5 }, { "a", { id = "big", height = 200 }, "c", "d" }, 2)
    s:move(187.5, 254.9)
    assert.equal(0, moves(s))
    s:move(187.5, 255)
    assert.equal(1, moves(s))
    assert.equal("a c big d", ids(s))
    s:move(187.5, 77.1)
    s:hold(0.5)
    assert.equal(0, moves(s))
    s:move(187.5, 77)
    assert.equal(1, moves(s))
    assert.equal("a big c d", ids(s))
  end)

  it("a 44 pt row over a 200 pt row: steps past 150 going down and below 94 going back up", function()
    -- a 0..44, big 44..244. Down into big: the zone begins at 44 + 200 * 0.25 = 94, and a step
    -- holds only when the way back would not pass the zone of big at its new place (0..200,
    -- entered from below: y <= 200 - 50 = 150). So a steps once y > 150 = 200 * (1 + 0.5) / 2
    -- (with the default 1: at 200, where a's new slot 200..244 begins).
    local s = lifted({ extends = "default", swap_threshold = 0.5 }, { "a", { id = "big", height = 200 }, "c", "d" }, 1)
    s:move(187.5, 150)
    s:hold(1)
    assert.equal(0, moves(s))
    s:move(187.5, 150.1)
    assert.equal(1, moves(s))
    assert.equal("big a c d", ids(s))
    s:hold(1)
    assert.equal(0, moves(s))
    -- Back up: big's zone is entered from below at 150, but the step holds only when the way
    -- down again would not pass big's zone at 44..244 (y >= 94): a steps back once y < 94.
    s:move(187.5, 94)
    s:hold(1)
    assert.equal(0, moves(s))
    s:move(187.5, 93.9)
    assert.equal(1, moves(s))
    assert.equal("a big c d", ids(s))
    s:hold(1)
    assert.equal(0, moves(s))
  end)
end)

-- default in a tree (docs/POLICIES.md, "Dropping onto a tree node"): no combining; a policy that
-- extends it and turns combining on gets pragmatic's 0.5 s before a folder opens
-- (pragmatic-drag-and-drop @ 6286030, examples/pieces/tree-legacy/tree-item.tsx lines 279-290)
-- and its make-child rule (examples/data/tree-legacy.ts lines 143-144: the first child, opened).
describe("default in a tree", function()
  it("does not combine", function()
    local c = reorder.session{ layout = "tree", tree = { "a" } }:config()
    assert.equal("none", c.combine_rule)
    assert.equal(0.5, c.tree.expand_after)
  end)

  it("opens a folder 0.5 s into a combine, and drops the node in first", function()
    local s = reorder.session{ policy = { extends = "default", combine_rule = "band" }, layout = "tree",
                               tree = { "a", { id = "f", children = { "f1" }, collapsed = true }, "c" } }
    s:press(187.5, 22); s:hold(1)   -- the lift (0.5 s in, 0.25 s long) is over
    -- 44 pt rows: a's trailing edge 45 + 22 = 67 lies inside f's band (44 + 11, 88 - 11)
    -- (rbd's get-combine-impact.ts line 58: threshold = size / 4).
    s:move(187.5, 45)
    s:hold(0.45)
    assert.same({ "a", "f", "c" }, s:order())
    s:hold(0.05)
    assert.same({ "a", "f", "f1", "c" }, s:order())
    s:release(); s:hold(1)
    -- f open, a between f and f1 in preorder: f's first child.
    assert.same({ "f", "a", "f1", "c" }, s:order())
    assert.equal("a", s:tree()[1].children[1].id)
  end)
end)
