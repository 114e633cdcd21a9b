-- rbd_autoscroll: react-beautiful-dnd's fluid auto-scroller (25 % zone, full speed at 5 %,
-- 28 px per frame, x^2 ease, time dampening 360 -> 1200 ms for drags that begin in a zone).
describe("rbd_autoscroll", function()
  local s, zone
  before_each(function()
    s = reorder.session{ policy = "rbd_autoscroll", rows = 100 }
    zone = 0.25 * 667
    -- a drag that begins outside both zones (row 5's centre is at y = 198) is not dampened
    s:press_item(1, 5)
    s:hold(0.75)
  end)

  it("starts scrolling at 25 % of the container", function()
    assert.equal(zone, s:zone())
  end)

  it("scrolls 1 px per frame at the zone's border and 28 px per frame within 5 % of the edge", function()
    assert.equal(60, s:speed(0, zone, 1))
    assert.equal(28 * 60, s:speed(zone - 0.05 * 667, zone, 1))
    assert.equal(28 * 60, s:speed(zone, zone, 1))
  end)

  it("eases with x^2 between the two", function()
    -- a quarter of the way from the 5 % line back to the border: ceil(28 * 0.75^2) = 16 px
    local depth = 0.75 * (zone - 0.05 * 667)
    assert.equal(16 * 60, s:speed(depth, zone, 1))
    -- three quarters of the way: ceil(28 * 0.25^2) = ceil(1.75) = 2 px
    assert.equal(2 * 60, s:speed(0.25 * (zone - 0.05 * 667), zone, 1))
  end)

  it("moves 28 px per frame with the snapshot centre at the edge", function()
    s:move(187.5, 667, 0.1)
    local _, y0 = s:offset()
    s:tick(6)
    local _, y1 = s:offset()
    assert.near(6 * 28, y1 - y0, 1e-9)
  end)
end)
