-- drag_drop_table: DragDropTableView (seed 003).
describe("drag_drop_table", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "drag_drop_table", sections = { { "a", "b", "c" }, { "d", "e" } } }
  end)

  it("lifts after 0.3 s", function()
    assert.equal(0.3, s:config().min_press_duration)
    s:press_item(1, 1)
    s:hold(0.29)
    assert.equal("pressing", s:state())
    s:hold(0.02)
    assert.equal("dragging", s:state())
  end)

  it("scales 1.05, rotates pi/36, alpha 0.8; lifts in 0.3 s and drops in 0.4 s", function()
    local c = s:config().snapshot
    assert.equal(1.05, c.scale)
    assert.near(math.pi / 36, c.rotation, 1e-15)
    assert.equal(0.8, c.alpha)
    assert.equal(0.3, c.lift.duration)
    assert.equal(0.4, c.drop.duration)
    s:press_item(1, 1)
    s:hold(0.3 + 0.3)
    assert.near(math.pi / 36, s:snapshot().rotation, 1e-12)
    s:release()
    s:advance(0.39)
    assert.equal("dropping", s:state())
    s:advance(0.02)
    assert.equal("idle", s:state())
  end)

  it("moves the snapshot by the finger's translation", function()
    assert.equal("translation", s:config().follow)
    s:press(300, 10)                 -- row 1's centre is (187.5, 22)
    s:hold(0.6)
    s:move(300, 40)
    local snap = s:snapshot()
    assert.equal(187.5, snap.x)      -- the grab offset is kept
    assert.equal(52, snap.y)         -- 22 + 30
  end)

  it("moves across sections as delete + insert", function()
    assert.equal("move", s:semantics(1, 2, 2, 1))
    assert.is_true(s:drag(1, 2, 2, 1))
    assert.same({ { "a", "c" }, { "b", "d", "e" } }, s:items())
  end)

  it("does not scroll at the edges and keeps the order on cancel", function()
    assert.is_false(s:config().edge_scroll.enabled)
    s:press_item(1, 1)
    s:hold(0.6)
    s:move_to_item(1, 2, 0.1)
    s:cancel()
    s:advance(0.5)
    assert.same({ { "b", "a", "c" }, { "d", "e" } }, s:items())
  end)
end)
