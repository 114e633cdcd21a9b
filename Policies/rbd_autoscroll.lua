-- rbd_autoscroll: react-beautiful-dnd's fluid auto-scroller (src/state/auto-scroller/
-- fluid-scroller: config.js, get-distance-thresholds.js, get-value-from-distance.js,
-- dampen-value-by-time.js, get-value.js), in points:
--   startScrollingFrom = 25 % of the container's length (the zone), maxScrollValueAt = 5 %;
--   distance to the edge d = zone - depth:
--     d > start: 0;  d <= 5 %: maxPixelScroll 28 px per frame;  d == start: minScroll 1;
--     else ceil(28 * ease(1 - (d - 5 %) / (start - 5 %))), ease(x) = x^2;
--   time dampening only when a scroll would happen at drag start: fluid-scroller start()
--     (index.ts:50-78) runs the scroll once with fake callbacks, and a callback only fires when
--     the centre is in a zone AND the list can scroll that way (can-scroll.ts:53-92: a list at
--     offset 0 cannot scroll up). On the drag's first frame (the centre in a zone): content no
--     larger than the viewport cannot scroll (no dampening); an offset strictly between its
--     limits can scroll either way (dampening); at a limit the policy asks the engine: it
--     returns the dampened 1 px and notes the offset, and on its next call the offset moved iff
--     the list could scroll that way (the engine clamps the offset to the content). Either way
--     the first frame moves what rbd moves (1 px, or 0 at the limit). By time since the drag
--     started:
--     < accelerateAt 360 ms: minScroll 1;  >= stopDampeningAt 1200 ms: undamped;
--     else ceil(scroll * ease((t - 360) / (1200 - 360))), and never below 1;
--   rbd scrolls once per display frame (middleware/auto-scroll.ts:22-38, rafSchd; get-value.ts
--     "let at least 1px through to trigger a scroll event"): px/frame / ctx.dt = pt/s, so a
--     120 Hz display scrolls twice as far per second, as rbd does.

local START_FROM = 0.25       -- startScrollingFrom, fraction of the container
local MAX_AT = 0.05           -- maxScrollValueAt, fraction of the container
local MAX_PIXEL_SCROLL = 28   -- px per frame
local MIN_SCROLL = 1          -- px per frame
local ACCELERATE_AT = 360     -- ms, durationDampening.accelerateAt
local STOP_DAMPENING_AT = 1200 -- ms, durationDampening.stopDampeningAt

local ceil, floor, max = math.ceil, math.floor, math.max

local function ease(percentage)
  return percentage ^ 2
end

local function value_from_distance(distance, start, max_at)
  if distance > start then return 0 end
  if distance <= max_at then return MAX_PIXEL_SCROLL end
  if distance == start then return MIN_SCROLL end
  local from_max_at = (distance - max_at) / (start - max_at)
  return ceil(MAX_PIXEL_SCROLL * ease(1 - from_max_at))
end

local function dampen_by_time(scroll, run_time)
  if run_time >= STOP_DAMPENING_AT then return scroll end
  if run_time < ACCELERATE_AT then return MIN_SCROLL end
  local p = (run_time - ACCELERATE_AT) / (STOP_DAMPENING_AT - ACCELERATE_AT)
  return ceil(scroll * ease(p))
end

return {
  name = "rbd_autoscroll",
  description = "react-beautiful-dnd's edge scroll (@hello-pangea/dnd)",
  extends = "default",
  api = 1,
  -- react-beautiful-dnd's animation.js: displaced items move with transitions.outOfTheWay,
  -- 0.2 s curves.outOfTheWay = cubic-bezier(0.2, 0, 0, 1); the drop uses curves.drop =
  -- cubic-bezier(.2, 1, .1, 1) over minDropTime 0.33 s rising to maxDropTime 0.55 s with the
  -- distance (getDropDuration); a policy's drop has one duration, so the shortest is kept.
  displacement = { duration = 0.2, curve = { 0.2, 0, 0, 1 } },
  snapshot = { drop = { duration = 0.33, curve = { 0.2, 1, 0.1, 1 } } },
  edge_scroll = {
    enabled = true,
    axes = "vertical",
    reference = "center",
    inclusive = true,   -- get-value-from-distance.ts:45-47: distance === startScrollingFrom gives 1 px
    zone = function(ctx, axis, viewport_length)
      return START_FROM * viewport_length
    end,
    speed = function(ctx, depth, zone, elapsed, axis)
      local length = axis == "horizontal" and ctx.viewport.width or ctx.viewport.height
      local scroll = value_from_distance(zone - depth, zone, MAX_AT * length)
      if scroll == 0 then return 0 end
      local state = ctx.state
      local offset = axis == "horizontal" and ctx.offset.x or ctx.offset.y
      if state.rbd_dampen == nil then
        -- the first call of this drag: did the drag begin inside the zone? Then probe whether
        -- the list can scroll that way (see the header)
        if ctx.drag_time <= 1.5 / ctx.frame_rate then
          local vertical = axis ~= "horizontal"
          local limit = vertical and ctx.content.height - ctx.viewport.height
            or ctx.content.width - ctx.viewport.width
          if limit <= 0 then
            state.rbd_dampen = false          -- the list cannot scroll at all
          elseif offset > 0 and offset < limit then
            state.rbd_dampen = true           -- it can scroll either way
          else
            state.rbd_dampen = "probe"        -- at a limit: which zone is the centre in?
            state.rbd_probe_offset = offset
          end
        else
          state.rbd_dampen = false
        end
      elseif state.rbd_dampen == "probe" then
        -- the probe's 1 px moved the offset iff a scroll was possible at drag start
        state.rbd_dampen = offset ~= state.rbd_probe_offset
      end
      if state.rbd_dampen then
        -- rbd measures whole milliseconds (Date.now())
        scroll = max(dampen_by_time(scroll, floor(ctx.drag_time * 1000 + 0.5)), MIN_SCROLL)
      end
      local dt = ctx.dt > 0 and ctx.dt or 1 / 60
      return scroll / dt
    end,
  },
}
