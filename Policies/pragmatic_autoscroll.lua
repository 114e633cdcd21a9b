-- pragmatic_autoscroll: Pragmatic drag and drop's auto-scroll package
-- (@atlaskit/pragmatic-drag-and-drop-auto-scroll, src/shared/configuration.ts and
-- get-scroll-change.ts), in points:
--   hitbox (zone) = min(startHitboxAtPercentageRemainingOfElement 25 % of the element,
--     maxMainAxisHitboxSize 180 px);
--   distance dampening: linear from the hitbox's inner border to full speed at
--     maxScrollAtPercentageRemainingOfHitbox 50 % of it: r = clamp(depth / (zone / 2), 0, 1);
--   time dampening: linear over timeDampeningDurationMs 400 since the element was engaged:
--     t = clamp(elapsed / 0.4, 0, 1);
--   max change per frame = min(ceil(maxPixelScrollPerSecond / 1000 * frame ms),
--     maxPixelScrollPerSecond / 60) with maxPixelScrollPerSecond "standard" 15 * 60 = 900
--     ("fast" is 25 * 60 = 1500: change MAX_PER_SECOND);
--   scroll = max(maxChange * r * t, 1) px per frame, i.e. px / ctx.dt pt/s;
--   the clock is Date.now() (whole ms) at the start of the frame: floor((elapsed - dt / 2) ms);
--   no scroll once the finger is on or past the viewport's edge: the container is no longer
--     under the pointer (scheduler.ts:83-86, a half-open hit test).
--   Not reproduced yet: the ramp runs from when the pointer came over the container, not from
--     the zone entry (engagement-history.ts:6-42).

local START_FRACTION = 0.25   -- startHitboxAtPercentageRemainingOfElement
local MAX_HITBOX = 180        -- maxMainAxisHitboxSize
local MAX_AT = 0.5            -- maxScrollAtPercentageRemainingOfHitbox
local DAMPENING = 0.4         -- timeDampeningDurationMs / 1000
local MAX_PER_SECOND = 15 * 60 -- maxPixelScrollPerSecond.standard

local ceil, min, max = math.ceil, math.min, math.max

-- getPercentageInRange
local function percentage_in_range(start_of_range, end_of_range, value)
  if not (start_of_range < end_of_range) then return 0 end
  if value < start_of_range then return 0 end
  if value > end_of_range then return 1 end
  return (value - start_of_range) / (end_of_range - start_of_range)
end

return {
  name = "pragmatic_autoscroll",
  extends = "default",
  api = 1,
  edge_scroll = {
    enabled = true,
    axes = "vertical",
    reference = "finger",
    inclusive = true,   -- shared/is-within.ts:10-16: the hitbox test is inclusive
    zone = function(ctx, axis, viewport_length)
      return min(START_FRACTION * viewport_length, MAX_HITBOX)
    end,
    speed = function(ctx, depth, zone, elapsed)
      if depth >= zone then return 0 end   -- the pointer is not over the container
      local dt = ctx.dt > 0 and ctx.dt or 1 / 60
      local frame_ms = dt * 1000
      local max_change = min(ceil(MAX_PER_SECOND / 1000 * frame_ms - 1e-9), MAX_PER_SECOND / 60)
      local ms = math.floor(max(0, elapsed - dt / 2) * 1000 + 1e-6)   -- Date.now() at frame start
      local r = percentage_in_range(0, zone - zone * MAX_AT, depth)
      local t = percentage_in_range(0, DAMPENING, ms / 1000)
      return max(max_change * r * t, 1) / dt
    end,
  },
}
