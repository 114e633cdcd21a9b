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
--     going from the top zone to the bottom one, does not restart it; leaving the container
--     (past an edge, or sideways) ends the engagement (clearUnusedEngagements), and coming
--     back starts a new one. The engine keeps that clock: ctx.over_since is the drag time at
--     the start of the frame the finger last came over the viewport (0 when over it from the
--     drag's first frame). Outside a drag (s:speed on an idle session, reorder plot), the clock
--     is the hook's `elapsed` at the frame start, elapsed - dt / 2;
--   the scroll loop starts on the drag's second frame: dragstart comes as an input event
--     before the lift frame's animation callbacks, so the lift frame's rAF delivers onDragStart
--     (core ledger/dispatch-consumer-event.ts:88-96), the drag's first frame only initialises
--     the scheduler (shared/scheduler.ts:107-128), and the loop, with the engagement, runs from
--     the second (scheduler.ts:73-96, over-element/try-scroll.ts:85-87; its test
--     time-dampening.spec.ts:856-865: "first frame: no scroll", "second frame: ... scroll would
--     occur"). So the first frame gives 0, and the engagement starts at the later of the
--     second frame's start (drag time dt at a steady frame rate) and ctx.over_since:
--     tau = ctx.drag_time - dt - max(ctx.over_since, dt);
--   max change per frame = min(ceil(maxPixelScrollPerSecond / 1000 * frame ms),
--     maxPixelScrollPerSecond / 60) with maxPixelScrollPerSecond "standard" 15 * 60 = 900
--     ("fast" is 25 * 60 = 1500: change MAX_PER_SECOND);
--   scroll = max(maxChange * r * t, 1) px per frame, i.e. px / ctx.dt pt/s;
--   the clock is Date.now() (whole ms) at the start of the frame: floor((elapsed - dt / 2) ms);
--   no scroll once the finger is outside the viewport (ctx.outside: past an edge, sideways, or
--     exactly on the right or bottom edge): the container is no longer under the pointer
--     (scheduler.ts:83-86, a browser's half-open hit test); past the edge getScrollBy itself
--     gives 0 (the pointer is not within the element). Outside a drag, a finger on the edge
--     (depth = zone) is taken as the bottom edge's: 0.

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
  description = "Atlassian pragmatic-drag-and-drop's edge scroll",
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
    speed = function(ctx, depth, zone, elapsed, _, dt)
      local drag_time = ctx.drag_time   -- first: the read that brings ctx's numbers up to date
      dt = dt > 0 and dt or 1 / 60
      -- not under the pointer (scheduler.ts:83-86), or past the edge (get-scroll-by.ts)
      if depth > zone or ctx.outside then return 0 end
      local since = ctx.over_since
      local clock
      if since then
        local start = drag_time - dt      -- this frame's start, drag time
        if start < dt / 2 then return 0 end   -- the drag's first frame: the scheduler initialises
        clock = start - max(since, dt)    -- since the loop's first frame over the container
      else
        if depth >= zone then return 0 end   -- not in a drag: the bottom edge's hit test
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
