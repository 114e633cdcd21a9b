-- android_touch_helper: ItemTouchHelper's out-of-bounds scroll,
-- cap = 20 * ((r - 1)^5 + 1) dp per frame, r = min(1, overshoot / item size), ramp tau^5 over 2 s.
describe("android_touch_helper", function()
  local s
  before_each(function()
    s = reorder.session{ policy = "android_touch_helper", rows = 100 }
  end)

  it("lifts after 500 ms within an 8 dp touch slop", function()
    assert.equal(0.5, s:config().min_press_duration)
    assert.equal(8, s:config().allowable_movement)
    s:press(100, 66)
    s:move(100, 75)
    assert.equal("idle", s:state())
  end)

  it("scrolls only once the dragged view's edge is out (a 1 pt zone)", function()
    assert.equal(1, s:zone())
    assert.equal("leading_edge", s:config().edge_scroll.reference)
  end)

  it("draws the dragged view unscaled and opaque (the default ItemTouchUIUtil only translates)", function()
    assert.equal(1, s:config().snapshot.scale)
    assert.equal(1, s:config().snapshot.alpha)
  end)

  it("casts a 1 dp elevation's shadow: Material's level 1 as one layer shadow", function()
    -- mdc-elevation level 1: umbra opacity 0.2, ambient blur 3 px (radius 1.5), offset y 1
    assert.same({ color = "#000000", offset = { x = 0, y = 1 }, opacity = 0.2, radius = 1.5 },
                s:config().snapshot.shadow)
  end)
end)

-- The reference table: (overshoot, ms since the first scrolling frame, frame rate) -> pt/s.
-- ItemTouchHelper.java @ androidx a9b06aa (no line numbers: read through the code index; the
-- statements are quoted): scrollIfNecessary truncates the position, `int curY = (int)
-- (mSelectedStartY + mDy)`, so only whole px out count; Callback.interpolateOutOfBoundsScroll:
-- `cappedScroll = (int) (direction * maxScroll * sDragViewScrollCapInterpolator
-- .getInterpolation(outOfBoundsRatio))`, `value = (int) (cappedScroll * sDragScrollInterpolator
-- .getInterpolation(timeRatio))`, `return value == 0 ? 1 : value` (by direction); one scroll per
-- display frame (mScrollRunnable, postOnAnimation): pt/s = px x fps. maxScroll 20 dp, item 44.
-- The ms are read at the start of the frame (`now = System.currentTimeMillis()`): the hook's
-- elapsed is mid-frame, so the spec passes elapsed = ms / 1000 + dt / 2.
describe("android_touch_helper at 60 and 120 Hz", function()
  local rows = {
    -- { overshoot pt, ms, px per frame }
    { 0, 2500, 0 },      -- bottomDiff > 0 needed: nothing out
    { 0.5, 2500, 0 },    -- (int) truncates 0.5 to 0
    { 0.99, 2500, 0 },   -- (int) truncates 0.99 to 0
    { 1, 0, 1 },         -- capped (int)(20 x 0.1083) = 2; x 0 = 0 -> 1
    { 1.1, 1999, 1 },    -- (int)(2 x 0.9975) = 1
    { 1, 2000, 2 },      -- timeRatio 1: 2
    { 5, 0, 1 },         -- value 0 -> 1
    { 5.5, 0, 1 },       -- truncated to 5, value 0 -> 1
    { 5, 1500, 2 },      -- capped (int)(20 x 0.4505) = 9; (int)(9 x 0.75^5) = (int)(2.14) = 2
    { 5, 1900, 6 },      -- (int)(9 x 0.95^5) = (int)(6.96) = 6
    { 5, 1999, 8 },      -- (int)(9 x 0.9975) = 8
    { 5, 2000, 9 },      -- 9
    { 6.1, 2500, 10 },   -- truncated to 6: (int)(20 x 0.5154) = 10
    { 10, 1500, 3 },     -- capped (int)(20 x 0.7241) = 14; (int)(14 x 0.2373) = 3
    { 10, 2000, 14 },
    { 22, 1900, 14 },    -- capped (int)(20 x 0.96875) = 19; (int)(19 x 0.7738) = 14
    { 22, 2000, 19 },
    { 44, 1500, 4 },     -- ratio 1: capped 20; (int)(20 x 0.2373) = 4
    { 44, 1900, 15 },    -- (int)(20 x 0.7738) = 15
    { 44, 1999, 19 },    -- (int)(20 x 0.9975) = 19
    { 100, 2000, 20 },   -- ratio capped at 1
    -- Java float (ItemTouchHelper tables, androidx @ a9b06aa, interpolateOutOfBoundsScroll):
    -- 43.9 truncates to 43, ratio 43 / 44; (ratio - 1)^5 + 1 = 1 - 6.2e-9 is 1.0f in float,
    -- so capped = (int)(20 x 1.0f) = 20 (in double 19.99999999 would truncate to 19)
    { 43.9, 1900, 15 },  -- (int)(20 x 0.95^5) = (int)(15.48) = 15 (double: 19 -> 14)
    { 43.9, 1999, 19 },  -- (int)(20 x 0.9975) = 19 (double: 18)
    { 43.9, 3000, 20 },  -- timeRatio 1f: 20 (double: 19)
  }
  for _, fps in ipairs({ 60, 120 }) do
    it("gives px x " .. fps .. " pt/s at " .. fps .. " Hz", function()
      local s = reorder.session{ policy = "android_touch_helper", rows = 100, frame_rate = fps }
      s:press_item(1, 5)
      s:hold(0.75)                                  -- item size: 44 pt rows
      local dt = 1 / fps
      for _, row in ipairs(rows) do
        local overshoot, ms, px = row[1], row[2], row[3]
        assert.near(px * fps, s:speed(1 + overshoot, 1, ms / 1000 + dt / 2), 1e-6)
      end
    end)
  end
end)
