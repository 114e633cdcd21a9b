-- pragmatic_autoscroll: Pragmatic drag and drop's auto-scroll package
-- (@atlaskit/pragmatic-drag-and-drop-auto-scroll, src/shared/configuration.ts and
-- get-scroll-change.ts), in points:
--   hitbox (zone) = min(startHitboxAtPercentageRemainingOfElement 25 % of the element,
--     maxMainAxisHitboxSize 180 px);
--   distance dampening: linear from the hitbox's inner border to full speed at
--     maxScrollAtPercentageRemainingOfHitbox 50 % of it: r = clamp(depth / (zone / 2), 0, 1);
--   time dampening: linear over timeDampeningDurationMs 400 since the element was engaged:
--     t = clamp(tau / 0.4, 0, 1), tau counted from the first frame the pointer is over the
--     CONTAINER, not from the zone entry (shared/engagement-history.ts:6-42; its test "should
--     start time dampening from when the element is dragged over"): entering a zone again, or
--     going from the top zone to the bottom one, does not restart it. In a drag the clock is
--     therefore the frame's start since the drag began (ctx.drag_time - ctx.dt: the first
--     dragging frame is tau 0, as pragmatic's first frame after dragstart), restarted at the
--     first frame back over the container after the pointer went on or past the edge (the
--     engagement is cleared when the container is not under the pointer). Limits: the policy
--     sees the pointer only while it is in a zone (or past the edge), so a pointer that leaves
--     sideways, or jumps back from past the edge to beyond the zone in one frame, restarts the
--     clock late (at its next zone frame). Outside a drag (s:speed on an idle session), the
--     clock is the hook's `elapsed` at the frame start, elapsed - dt / 2;
--   max change per frame = min(ceil(maxPixelScrollPerSecond / 1000 * frame ms),
--     maxPixelScrollPerSecond / 60) with maxPixelScrollPerSecond "standard" 15 * 60 = 900
--     ("fast" is 25 * 60 = 1500: change MAX_PER_SECOND);
--   scroll = max(maxChange * r * t, 1) px per frame, i.e. px / ctx.dt pt/s;
--   the clock is Date.now() (whole ms) at the start of the frame: floor((elapsed - dt / 2) ms);
--   no scroll once the finger is on or past the viewport's edge: the container is no longer
--     under the pointer (scheduler.ts:83-86, a half-open hit test).

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
      local drag_time = ctx.drag_time
      local dt = ctx.dt > 0 and ctx.dt or 1 / 60
      local frame_start = max(0, drag_time - dt)   -- this frame's start, since the drag began
      if depth >= zone then
        -- the pointer is not over the container: no scroll, and the engagement ends
        if drag_time > 0 then ctx.state.pragmatic_left = drag_time end
        return 0
      end
      local clock
      if drag_time > 0 then
        local state = ctx.state
        local left = state.pragmatic_left
        if left then
          -- back over the container on a later frame: a new engagement starts with this frame
          -- (a probe at the same drag time, as `reorder plot` samples depths, is not a return)
          state.pragmatic_left = nil
          if drag_time > left then state.pragmatic_engaged_at = frame_start end
        end
        clock = frame_start - (state.pragmatic_engaged_at or 0)
      else
        clock = elapsed - dt / 2
      end
      local frame_ms = dt * 1000
      local max_change = min(ceil(MAX_PER_SECOND / 1000 * frame_ms - 1e-9), MAX_PER_SECOND / 60)
      local ms = math.floor(max(0, clock) * 1000 + 1e-6)   -- Date.now() at frame start, whole ms
      local r = percentage_in_range(0, zone - zone * MAX_AT, depth)
      local t = percentage_in_range(0, DAMPENING, ms / 1000)
      return max(max_change * r * t, 1) / dt
    end,
  },
}
