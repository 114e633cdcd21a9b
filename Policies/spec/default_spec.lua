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
    assert.same({ duration = 0.25, curve = "ease_in_out", from = { alpha = 1, scale = 1 } }, c.snapshot.lift)
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

-- Issue 20: targets hold still over items of other sizes, and empty sections take rows. Rows:
-- a 0..44, big 44..244, c 244..288, d 288..332 (the rule: a step waits until the finger lies
-- inside, or beyond, the dragged row's new slot; see docs/REFERENCE.md, "Stable targets").
describe("stable targets", function()
  local tall = { "a", { id = "big", height = 200 }, "c", "d" }
  local function ids(s)
    local out = {}
    for i, section in ipairs(s:items()) do
      out[i] = {}
      for j, item in ipairs(section) do out[i][j] = type(item) == "table" and item.id or item end
    end
    return out
  end
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
        assert.same({ { "a", "big", "c", "d" } }, ids(s))
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
        assert.same({ { "a", "big", "c", "d" } }, ids(s))
        s:move(187.5, 60, 0.5)
        s:hold(1)
        assert.same({ { "a", "c", "big", "d" } }, ids(s))
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
