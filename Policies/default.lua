-- default: our recommendation: UIKit's activation and semantics with the
-- best edge-scroll curve we can justify from the peers, frame-rate independent, with a time ramp.
-- The numbers are those of ReorderCore's native DefaultPolicy (keep them in step):
--   min_press_duration 0.5 s, allowable_movement 10 pt: UILongPressGestureRecognizer's defaults.
--   zone = min(25 % of the viewport, 120 pt): the 25 % of react-beautiful-dnd and
--     pragmatic-drag-and-drop, capped as pragmatic caps it (180 px on desktops); 120 pt is about
--     2.7 rows of 44 pt on a 667 pt phone.
--   speed = 1500 pt/s * r^2 * ramp, r = min(depth / zone, 1): react-beautiful-dnd's x^2 ease;
--     1500 pt/s is pragmatic's "fast" speed (25 px per frame at 60 Hz).
--   ramp = min(elapsed / 0.4 s, 1): pragmatic's 400 ms linear time dampening, so a drag that
--     begins inside the zone does not shoot away. Speeds are per second: 60 Hz and 120 Hz
--     scroll the same distance.
--   snapshot: scale 1.05, alpha 0.98 (the cookbook's lift), origin cell visible, 0.25 s
--     ease-in-out lift and drop (UIView's default animation);
--   shadow: black, offset (0, 3), opacity 0.3, radius 10: SwiftReorder's defaults
--     (ReorderController.swift, shadowColor, shadowOpacity, shadowRadius, shadowOffset), the
--     soft shadow under the lifted cell of iOS's table reordering, which that library copies;
--   displaced cells slide over 0.25 s with cubic-bezier(0.25, 1, 0.5, 1), dnd-kit's sortable
--     default (packages/dom/src/sortable/sortable.ts:115-119, defaultSortableTransition: 250 ms):
--     they start at once (10.7 of 44 pt in the first 60 Hz frame, where ease-in-out moved
--     0.05 pt) and settle softly.

local ZONE_FRACTION = 0.25
local ZONE_MAX = 120
local MAX_SPEED = 1500
local RAMP = 0.4

local min, max = math.min, math.max

return {
  name = "default",
  description = "our recommendation: UIKit's press and move, an edge scroll that ramps in",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 10,
  semantics = "move",
  target_rule = "under_finger",
  -- Along the layout's scroll axis: y on tables, boards and vertical grids (exactly "y"), x on
  -- a horizontal grid or strip, where edge scrolling is horizontal too.
  follow = "main",
  snapshot = {
    scale = 1.05, alpha = 0.98, rotation = 0, corner_radius = 0,
    shadow = { color = "#000000", offset = { x = 0, y = 3 }, opacity = 0.3, radius = 10 },
    placeholder = "visible",
    lift = { duration = 0.25, curve = "ease_in_out" },
    drop = { duration = 0.25, curve = "ease_in_out" },
  },
  -- Cells a step moves slide to their new slot as dnd-kit's sortable items do (see above).
  displacement = { duration = 0.25, curve = { 0.25, 1, 0.5, 1 } },
  edge_scroll = {
    enabled = true,
    axes = "main",
    reference = "finger",
    zone = function(ctx, axis, viewport_length)
      return min(ZONE_FRACTION * viewport_length, ZONE_MAX)
    end,
    speed = function(ctx, depth, zone, elapsed)
      if zone <= 0 or depth <= 0 then return 0 end
      local r = min(depth / zone, 1)
      local ramp = min(max(elapsed, 0) / RAMP, 1)
      return MAX_SPEED * r * r * ramp
    end,
  },
  on_cancel = "revert",
}
