-- swift_reorder: SwiftReorder (adamshin/SwiftReorder, ReorderController.swift and
-- ReorderController+AutoScroll.swift):
--   longPressDuration 0.3 s; 10 pt: the recogniser's default allowableMovement;
--   snapshot: cellScale 1, cellOpacity 1, shadowColor black, shadowOpacity 0.3,
--     shadowRadius 10, shadowOffset (0, 3); animationDuration 0.2 s; the origin row becomes an
--     empty spacer cell (placeholder "hidden");
--   move semantics (reorderRowAt: remove + insert); cancel and end share endReorder: commit;
--   auto-scroll: autoScrollThreshold 30 pt from the snapshot's edge nearest the table edge
--     (snapshotView.frame.minY / maxY: reference "leading_edge"), velocity
--     mapValue(distance, 30 -> 0, 60 -> 280) pt/s with distance clamped at 0 past the edge,
--     scrolled by velocity * elapsed display-link time (frame-rate independent);
--   the display link is made in beginReorder (activateAutoScrollDisplayLink, with
--     lastAutoScrollTimeStamp = nil), and handleDisplayLinkUpdate's first call only records
--     the timestamp: nothing scrolls on the drag's first frame (drag_time - dt = 0, the frame
--     starts when the drag began), even with the snapshot in a zone.

local THRESHOLD = 30       -- autoScrollThreshold
local MIN_VELOCITY = 60    -- autoScrollMinVelocity
local MAX_VELOCITY = 280   -- autoScrollMaxVelocity

local max = math.max

-- SwiftReorder's mapValue(value, minA, maxA, minB, maxB)
local function map_value(value, min_a, max_a, min_b, max_b)
  return (value - min_a) * (max_b - min_b) / (max_a - min_a) + min_b
end

return {
  name = "swift_reorder",
  description = "SwiftReorder: a 0.3 s press, a soft shadow, a slow edge scroll",
  extends = "default",
  api = 1,
  min_press_duration = 0.3,
  allowable_movement = 10,
  semantics = "move",
  snapshot = {
    scale = 1, alpha = 1,
    shadow = { color = "#000000", offset = { x = 0, y = 3 }, opacity = 0.3, radius = 10 },
    placeholder = "hidden",
    lift = { duration = 0.2, curve = "ease_in_out" },
    drop = { duration = 0.2, curve = "ease_in_out" },
  },
  -- Displaced rows: UITableView's moveRow animation (ReorderController's reorderRowAt), whose curve
  -- UIKit does not publish; UIView's default 0.25 s ease-in-out (default's own slide is dnd-kit's,
  -- which UIKit gives no ground for).
  displacement = { duration = 0.25, curve = "ease_in_out" },
  edge_scroll = {
    enabled = true,
    axes = "vertical",
    reference = "leading_edge",
    zone = THRESHOLD,
    speed = function(ctx, depth, zone, elapsed, axis, dt)
      -- the display link's first call: the drag's first frame (its start is the drag's, so
      -- drag_time - dt = 0), which is then also the first frame in the zone (elapsed < dt);
      -- drag_time is 0 outside a drag (s:speed, reorder plot), which scrolls as a later frame
      if elapsed < dt then
        local drag_time = ctx.drag_time
        if drag_time > 0 and drag_time - dt < 1e-9 then return 0 end
      end
      local distance = max(zone - depth, 0)   -- distanceToTop / distanceToBottom
      if distance >= THRESHOLD then return 0 end
      return map_value(distance, THRESHOLD, 0, MIN_VELOCITY, MAX_VELOCITY)
    end,
  },
  on_cancel = "commit",
}
