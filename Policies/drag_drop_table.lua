-- drag_drop_table: DragDropTableView (Swift, seed 003):
--   longpress.minimumPressDuration = 0.3; 10 pt: the recogniser's default allowableMovement;
--   snapshot: scaledBy(1.05, 1.05) concatenated with rotated(by: .pi / 36), alpha 0.8,
--     lifted over 0.3 s; the origin cell fades to alpha 0 and is hidden; the drop animates over
--     0.4 s back to identity;
--   the snapshot moves by the finger's translation (center.y += translationY);
--   canMoveRowAt is asked of the target too: a target that cannot move is no move;
--   move semantics (dataSource moveRowAt; across sections deleteRows + insertRows);
--   no edge scroll; `.cancelled` falls to `default: break`, so the order is kept.

local pi = math.pi

local function movable(ctx, section, row)
  return true
end

return {
  name = "drag_drop_table",
  description = "DragDropTableView: the lifted row tilts and fades",
  api = 1,
  min_press_duration = 0.3,
  allowable_movement = 10,
  semantics = "move",
  target_rule = "under_finger",
  follow = "translation",
  snapshot = {
    scale = 1.05, alpha = 0.8, rotation = pi / 36, corner_radius = 0,
    shadow = { opacity = 0 },
    placeholder = "hidden",
    lift = { duration = 0.3, curve = "ease_in_out" },
    drop = { duration = 0.4, curve = "ease_in_out" },
  },
  -- Displaced rows: UITableView's moveRow animation, whose curve UIKit does not publish; UIView's
  -- default 0.25 s ease-in-out (default's own slide is dnd-kit's, which UIKit gives no ground for).
  displacement = { duration = 0.25, curve = "ease_in_out" },
  edge_scroll = { enabled = false },
  can_move = movable,
  target = function(ctx, from_s, from_r, to_s, to_r)
    if movable(ctx, to_s, to_r) then return to_s, to_r end
    return nil
  end,
  on_cancel = "commit",
}
