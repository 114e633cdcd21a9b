-- jx_movable: JXMovableCellTableView (seed 000):
--   min_press_duration 1.0: gestureMinimumPressDuration "默认1.0"; 10 pt: the recogniser's default
--     allowableMovement;
--   snapshot: no scale, opaque; shadowColor grayColor (#808080), shadowOffset (-5, 0),
--     shadowOpacity 0.4, shadowRadius 5, cornerRadius 0; the original cell is hidden
--     (cell.hidden = YES); kJXMovableCellAnimationTime 0.25 s for the lift and the drop;
--   the snapshot follows the finger's y only (center = (center.x, limitSnapshotCenterY(point.y)),
--     m:190-193): its centre stays half a row inside (snapshot.clamp = "half"), so the edge
--     scroll peaks at (150 - 22) / 150 x 20 = 17.07 pt per frame (1024 pt/s at 60 Hz);
--   exchange semantics: exchangeObjectAtIndex (one section) or a true swap across sections;
--   targets that cannot move are skipped (`target` asks `movable`; a policy extending this one
--     with its own can_move should override `target` too);
--   edge scroll from the snapshot centre, edgeScrollRange 150 pt, speed
--     (depth / 150) * maxMoveDistance 20 pt per CADisplayLink frame (m:320-347): pt/frame /
--     dt (speed's last argument, ctx.dt) = pt/s, 1200 pt/s at 60 Hz and 2400 at 120 Hz, as JX
--     scrolls per display frame;
--   a cancelled gesture keeps the new order (jx_gestureEndedOrCancelled hands the data back).

local ZONE <const> = 150            -- edgeScrollRange
local MAX_MOVE <const> = 20         -- maxMoveDistance, pt per CADisplayLink frame

local function movable(ctx, section, row)
  return true
end

return {
  name = "jx_movable",
  description = "JXMovableCellTableView: a 1 s press, rows exchanged, a grey shadow",
  api = 1,
  min_press_duration = 1.0,
  allowable_movement = 10,
  semantics = "exchange",
  target_rule = "under_finger",
  follow = "y",
  snapshot = {
    scale = 1, alpha = 1, rotation = 0, corner_radius = 0,
    shadow = { color = "#808080", offset = { x = -5, y = 0 }, opacity = 0.4, radius = 5 },
    placeholder = "hidden",
    -- limitSnapshotCenterY (m:290-295): the centre stays half a row inside the table, and the
    -- row under the finger is looked up at the clamped point (m:195)
    clamp = "half",
    lift = { duration = 0.25, curve = "ease_in_out" },
    drop = { duration = 0.25, curve = "ease_in_out" },
  },
  -- Displaced rows: UITableView's moveRowAtIndexPath animation, whose curve UIKit does not publish;
  -- UIView's default 0.25 s ease-in-out (default's own slide is dnd-kit's, which UIKit gives no
  -- ground for).
  displacement = { duration = 0.25, curve = "ease_in_out" },
  edge_scroll = {
    enabled = true,
    axes = "vertical",
    reference = "center",
    zone = ZONE,
    -- Called every scrolling frame, so written for few Lua instructions (each passes the
    -- budget's count hook): dt comes as an argument (reading ctx.dt would call into the host),
    -- and <const> makes MAX_MOVE an operand, not an upvalue read.
    speed = function(ctx, depth, zone, elapsed, axis, dt)
      if zone <= 0 or depth <= 0 then return 0 end   -- m:337: strictly inside the range
      if dt > 0 then return depth * MAX_MOVE / dt / zone end
      return depth * MAX_MOVE / (1 / 60) / zone      -- no frame interval
    end,
  },
  can_move = movable,
  target = function(ctx, from_s, from_r, to_s, to_r)
    if movable(ctx, to_s, to_r) then return to_s, to_r end
    return nil
  end,
  on_cancel = "commit",
}
