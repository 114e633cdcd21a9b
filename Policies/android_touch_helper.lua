-- android_touch_helper: AndroidX RecyclerView's ItemTouchHelper (ItemTouchHelper.java,
-- Callback.interpolateOutOfBoundsScroll and scrollIfNecessary), in points (1 dp = 1 pt):
--   long press: ViewConfiguration's long-press timeout 500 ms (400 ms since Android 12) and
--     touch slop 8 dp;
--   move semantics (onMove -> notifyItemMoved); DEFAULT_DRAG_ANIMATION_DURATION 200 ms drop;
--   scrolling starts when the dragged view's leading edge leaves the list (reference
--     "leading_edge"; the engine needs a zone > 0, so the zone is 1 pt and nothing scrolls
--     until the edge is a whole pixel out: scrollIfNecessary truncates the view's position,
--     `int curY = (int) (mSelectedStartY + mDy)`, so overshoot = floor(depth - zone) >= 1);
--   the view is not scaled (the default ItemTouchUIUtil only translates and elevates): scale 1;
--   r = min(1, overshoot / view size);
--   capped = (int)(M * ((r - 1)^5 + 1)), M = item_touch_helper_max_drag_scroll_per_frame 20 dp;
--   value = (int)(capped * tau^5), tau = min(1, ms since the scroll started / 2000
--     (DRAG_SCROLL_ACCELERATION_LIMIT_TIME_MS)); 0 becomes 1; the ms are whole
--     (currentTimeMillis) and read at the start of the frame: floor((elapsed - dt / 2) * 1000);
--   the value is per display frame (mScrollRunnable re-posts itself with postOnAnimation):
--     px / ctx.dt = pt/s, twice as much per second at 120 Hz.

local MAX_PER_FRAME = 20     -- dp, item_touch_helper_max_drag_scroll_per_frame
local LIMIT_MS = 2000        -- DRAG_SCROLL_ACCELERATION_LIMIT_TIME_MS
local ZONE = 1

local floor, min = math.floor, math.min

-- Java float: every operation of interpolateOutOfBoundsScroll is rounded to single precision
-- (a double operation rounded once more gives the same result for + - * /). In double,
-- 20 * ((43 / 44 - 1)^5 + 1) = 19.9999999 truncates to 19 where Java's float gives exactly 20.
local spack, sunpack = string.pack, string.unpack
local function f(x) return (sunpack("f", spack("f", x))) end

local function fifth(t)                -- t * t * t * t * t, each product a float
  return f(f(f(f(t * t) * t) * t) * t)
end

local function cap_interpolator(t)     -- sDragViewScrollCapInterpolator: t -= 1.0f; t^5 + 1.0f
  return f(fifth(f(t - 1)) + 1)
end

local function time_interpolator(t)    -- sDragScrollInterpolator: t^5
  return fifth(t)
end

return {
  name = "android_touch_helper",
  description = "AndroidX RecyclerView ItemTouchHelper's edge scroll",
  extends = "default",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 8,
  semantics = "move",
  -- The lifted view is not scaled; ItemTouchUIUtilImpl.onDraw raises its elevation 1 dp over
  -- its siblings', and Android draws that shadow from its light model, with no numbers in the
  -- code. Material's own CSS for 1 dp (material-components-web, mdc-elevation's
  -- _elevation-theme.scss, level 1) is three shadows: umbra 0 2px 1px -1px at 0.2, penumbra
  -- 0 1px 1px at 0.14, ambient 0 1px 3px at 0.12. One layer shadow stands for them: offset
  -- (0, 1), the umbra's opacity 0.2, the ambient's 3 px blur (a layer's radius is half a CSS
  -- blur: 1.5).
  snapshot = {
    scale = 1, alpha = 1,
    shadow = { color = "#000000", offset = { x = 0, y = 1 }, opacity = 0.2, radius = 1.5 },
    drop = { duration = 0.2, curve = "ease_in_out" },
  },
  -- Displaced rows: DefaultItemAnimator's move duration, 250 ms (RecyclerView.ItemAnimator
  -- mMoveDuration), with ValueAnimator's default AccelerateDecelerateInterpolator
  -- (0.5 - cos(pi t) / 2), drawn as its usual cubic fit cubic-bezier(0.37, 0, 0.63, 1).
  displacement = { duration = 0.25, curve = { 0.37, 0, 0.63, 1 } },
  edge_scroll = {
    enabled = true,
    axes = "vertical",
    reference = "leading_edge",
    zone = ZONE,
    speed = function(ctx, depth, zone, elapsed, axis)
      local overshoot = floor(depth - zone + 1e-9)   -- whole px out, (int) truncation
      if overshoot < 1 then return 0 end
      local size = axis == "horizontal" and ctx.item_size.width or ctx.item_size.height
      if size <= 0 then return 0 end
      local ratio = min(1, f(overshoot / size))      -- Math.min(1f, 1f * absOutOfBounds / viewSize)
      local capped = floor(f(MAX_PER_FRAME * cap_interpolator(ratio)))
      local dt = ctx.dt > 0 and ctx.dt or 1 / 60
      -- whole milliseconds at the start of the frame, as currentTimeMillis in scrollIfNecessary
      local ms = floor(math.max(0, elapsed - dt / 2) * 1000 + 1e-6)
      local time_ratio = ms > LIMIT_MS and 1 or f(ms / LIMIT_MS)   -- (float) ms / 2000
      local value = floor(f(capped * time_interpolator(time_ratio)))
      if value == 0 then value = 1 end
      return value / dt
    end,
  },
}
