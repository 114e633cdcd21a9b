-- cookbook: the raywenderlich long-press cookbook (seed 001).
describe("cookbook", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "cookbook", rows = 40 }
  end)

  it("lifts a 1.05 x snapshot at alpha 0.98, faded in over 0.25 s", function()
    s = reorder.session{ policy = "cookbook", rows = 40, frame_rate = 120 }   -- 0.125 s = 15 frames
    local c = s:config()
    assert.equal(1.05, c.snapshot.scale)
    assert.equal(0.98, c.snapshot.alpha)
    assert.same({ duration = 0.25, curve = "ease_in_out", from = { alpha = 0, scale = 1 } }, c.snapshot.lift)
    s:press_item(1, 2)
    s:hold(0.5)
    -- seed 001: `snapshot.alpha = 0.0` before the lift's animateWithDuration:0.25, and
    -- customSnapshotFromView sets no transform: the lift starts at alpha 0, scale 1
    local snap = s:snapshot()
    assert.near(0, snap.lift, 1e-9)
    assert.near(0, snap.alpha, 1e-9)
    assert.near(1, snap.scale, 1e-9)
    -- half way in time is half way on the (symmetric) ease-in-out curve
    s:hold(0.125)
    snap = s:snapshot()
    assert.near(0.49, snap.alpha, 1e-6)    -- 0 + 0.98 x 0.5
    assert.near(1.025, snap.scale, 1e-6)   -- 1 + 0.05 x 0.5
    s:hold(0.125)
    snap = s:snapshot()
    assert.equal(1, snap.lift)
    assert.near(1.05, snap.scale, 1e-12)
    assert.near(0.98, snap.alpha, 1e-12)
  end)

  it("keeps the origin cell with a black background", function()
    assert.equal("#000000", s:config().snapshot.placeholder)
  end)

  it("exchanges", function()
    assert.equal("exchange", s:semantics(1, 1, 1, 2))
    assert.is_true(s:drag(1, 1, 1, 3))
    assert.same({ "2", "3", "1" }, { table.unpack(s:order(), 1, 3) })
  end)

  it("animates the drop back to the cell", function()
    s = reorder.session{ policy = "cookbook", rows = 40, frame_rate = 120 }   -- 0.125 s = 15 frames
    s:press_item(1, 1)
    s:hold(0.75)
    s:move_to_item(1, 3, 0.2)
    s:release()
    assert.equal("dropping", s:state())
    -- seed 001's drop block: CGAffineTransformIdentity and `snapshot.alpha = 0.0` over 0.25 s
    s:advance(0.125)
    local snap = s:snapshot()
    assert.near(0.49, snap.alpha, 1e-6)    -- 0.98 -> 0, half way
    assert.near(1.025, snap.scale, 1e-6)   -- 1.05 -> 1, half way
    assert.same({ duration = 0.25, curve = "ease_in_out", to = { alpha = 0, scale = 1 } }, s:config().snapshot.drop)
    s:advance(0.125)
    assert.equal("idle", s:state())
  end)

  it("does not scroll at the edges", function()
    assert.is_false(s:config().edge_scroll.enabled)
    s:press_item(1, 5)
    s:hold(0.75)
    s:move(187.5, 666, 0.2)
    s:hold(2)
    assert.same({ 0, 0 }, { s:offset() })
  end)
end)
