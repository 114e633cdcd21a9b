-- android_touch_helper: AndroidX RecyclerView's ItemTouchHelper (ItemTouchHelper.java,
-- Callback.interpolateOutOfBoundsScroll and scrollIfNecessary), in points (1 dp = 1 pt):
--   long press: ViewConfiguration's long-press timeout 500 ms (400 ms since Android 12) and
--     touch slop 8 dp;
--   move semantics (onMove -> notifyItemMoved); DEFAULT_DRAG_ANIMATION_DURATION 200 ms drop;
--   scrolling starts when the dragged view's leading edge leaves the list (reference
--     "leading_edge"; the engine needs a zone > 0, so the zone is 1 pt and nothing scrolls
--     until the edge is actually out: overshoot = depth - zone);
--   r = min(1, overshoot / view size);
--   capped = (int)(M * ((r - 1)^5 + 1)), M = item_touch_helper_max_drag_scroll_per_frame 20 dp;
--   value = (int)(capped * tau^5), tau = min(1, ms since the scroll started / 2000
--     (DRAG_SCROLL_ACCELERATION_LIMIT_TIME_MS)); 0 becomes 1;
--   the value is per animation frame at 60 Hz: * 60 = pt/s.

local MAX_PER_FRAME = 20     -- dp, item_touch_helper_max_drag_scroll_per_frame
local LIMIT_MS = 2000        -- DRAG_SCROLL_ACCELERATION_LIMIT_TIME_MS
local FPS = 60
local ZONE = 1

local floor, min = math.floor, math.min

local function cap_interpolator(t)     -- sDragViewScrollCapInterpolator
  t = t - 1
  return t * t * t * t * t + 1
end

local function time_interpolator(t)    -- sDragScrollInterpolator
  return t * t * t * t * t
end

return {
  name = "android_touch_helper",
  extends = "default",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 8,
  semantics = "move",
  snapshot = { drop = { duration = 0.2, curve = "ease_in_out" } },
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
      local overshoot = depth - zone
      if overshoot <= 0 then return 0 end
      local size = axis == "horizontal" and ctx.item_size.width or ctx.item_size.height
      if size <= 0 then return 0 end
      local ratio = min(1, overshoot / size)
      local capped = floor(MAX_PER_FRAME * cap_interpolator(ratio))
      local ms = floor(elapsed * 1000 + 0.5)   -- whole milliseconds, as currentTimeMillis
      local time_ratio = ms > LIMIT_MS and 1 or ms / LIMIT_MS
      local value = floor(capped * time_interpolator(time_ratio))
      if value == 0 then value = 1 end
      return value * FPS
    end,
  },
}
