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
    assert.same({ duration = 0.25, curve = "ease_in_out", from = { alpha = 0, scale = 1, placeholder = "#ffffff" } },
                c.snapshot.lift)
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

  -- seed 001: inside the lift's animateWithDuration:0.25 block `cell.backgroundColor =
  -- [UIColor blackColor]`, inside the drop's `cell.backgroundColor = [UIColor whiteColor]`:
  -- the origin cell's fill goes white -> black over the lift and back over the drop, each
  -- channel c = 255 x (1 - e) on the way in and 255 x e on the way out, e = ease_in_out(p) =
  -- 4p^3 (p < 0.5), 1 - (2 - 2p)^3 / 2 (p >= 0.5); the hex rounds half up (127.5 -> 0x80).
  local function fill() return s:scene().placeholder.style end
  it("turns the origin cell black over the lift and white again over the drop", function()
    s = reorder.session{ policy = "cookbook", rows = 40, frame_rate = 240 }   -- 0.0625 s = 15 frames
    s:press_item(1, 2)
    s:hold(0.5)
    assert.near(0, s:snapshot().lift, 1e-9)
    assert.equal("#ffffff", fill())   -- p = 0: the cell's own white
    s:hold(0.0625)
    assert.near(0.25, s:snapshot().lift, 1e-9)
    assert.equal("#efefef", fill())   -- e = 4 x 0.25^3 = 0.0625: 255 x 0.9375 = 239.06 -> 0xef
    s:hold(0.0625)
    assert.equal("#808080", fill())   -- e = 0.5: 127.5 -> 0x80
    s:hold(0.0625)
    assert.equal("#101010", fill())   -- e = 1 - 0.5^3 / 2 = 0.9375: 15.94 -> 0x10
    s:hold(0.0625)
    assert.equal(1, s:snapshot().lift)
    assert.equal("#000000", fill())   -- lifted: black for the whole drag
    s:move_to_item(1, 4, 0.2)
    assert.equal("#000000", fill())
    s:release()
    assert.equal("dropping", s:state())
    s:advance(0.0625)
    assert.equal("#101010", fill())   -- drop p = 0.25: 255 x 0.0625 = 15.94 -> 0x10
    s:advance(0.0625)
    assert.equal("#808080", fill())   -- p = 0.5
    s:advance(0.0625)
    assert.equal("#efefef", fill())   -- p = 0.75: 255 x 0.9375 = 239.06 -> 0xef
    s:advance(0.0625)
    assert.equal("idle", s:state())
    assert.is_nil(s:scene().placeholder)   -- the cell is drawn as any other, white
  end)

  it("drops from the colour the lift had reached", function()
    s = reorder.session{ policy = "cookbook", rows = 40, frame_rate = 240 }
    s:press_item(1, 2)
    s:hold(0.5 + 0.125)   -- lift p = 0.5: 0.5 of the way to black
    assert.equal("#808080", fill())
    s:release()
    s:advance(0.125)      -- drop p = 0.5: 0.5 + (1 - 0.5) x 0.5 = 0.75: 191.25 -> 0xbf
    assert.equal("#bfbfbf", fill())
  end)

  it("leaves policies without the fields as they were", function()
    local d = reorder.session{ policy = "default", rows = 40 }
    assert.equal("none", d:config().snapshot.lift.from.placeholder)
    assert.equal("none", d:config().snapshot.drop.to.placeholder)
    local u = reorder.session{ policy = "uikit", rows = 40 }
    u:press_item(1, 2)
    u:hold(0.6)
    assert.equal("visible", u:scene().placeholder.style)
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
    assert.same({ duration = 0.25, curve = "ease_in_out", to = { alpha = 0, scale = 1, placeholder = "#ffffff" } },
                s:config().snapshot.drop)
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
