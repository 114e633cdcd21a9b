-- cookbook: "Moving Table View Cells with a Long Press Gesture" (raywenderlich cookbook, seed 001):
--   0.5 s press, 10 pt: the UILongPressGestureRecognizer defaults (the tutorial changes neither);
--   snapshot: `snapshot.alpha = 0.0` before `animateWithDuration:0.25`, whose block sets
--     CGAffineTransformMakeScale(1.05, 1.05) and alpha 0.98: the lift goes from alpha 0,
--     scale 1 (lift.from) to 0.98, 1.05 over 0.25 s;
--     customSnapshotFromView: cornerRadius 0, shadowOffset (-5, 0), shadowRadius 5,
--     shadowOpacity 0.4 (shadowColor left at CALayer's default, black);
--   the origin cell stays; inside the lift's 0.25 s block `cell.backgroundColor = [UIColor
--     blackColor]`, inside the drop's `cell.backgroundColor = [UIColor whiteColor]`: its fill
--     goes from the cell's own white (lift.from.placeholder) to black (placeholder) over the
--     lift and back to white (drop.to.placeholder) over the drop, with the same curve;
--   exchange semantics: exchangeObjectAtIndex:withObjectAtIndex: then moveRowAtIndexPath;
--   the snapshot follows the finger's y (center.y = location.y);
--   the drop animates back to the cell over 0.25 s with CGAffineTransformIdentity and alpha 0.0:
--     it ends at scale 1, alpha 0 (drop.to); no edge scroll;
--   ended and cancelled share the `default:` branch: the order is kept.

return {
  name = "cookbook",
  description = "the raywenderlich.com long-press table: rows exchanged, no edge scroll",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 10,
  semantics = "exchange",
  target_rule = "under_finger",
  follow = "y",
  snapshot = {
    scale = 1.05, alpha = 0.98, rotation = 0, corner_radius = 0,
    shadow = { color = "#000000", offset = { x = -5, y = 0 }, opacity = 0.4, radius = 5 },
    placeholder = "#000000",
    lift = { duration = 0.25, curve = "ease_in_out", from = { alpha = 0, scale = 1, placeholder = "#ffffff" } },
    drop = { duration = 0.25, curve = "ease_in_out", to = { alpha = 0, scale = 1, placeholder = "#ffffff" } },
  },
  -- Displaced rows: UITableView's moveRowAtIndexPath animation, whose curve UIKit does not publish;
  -- UIView's default 0.25 s ease-in-out (default's own slide is dnd-kit's, which UIKit gives no
  -- ground for).
  displacement = { duration = 0.25, curve = "ease_in_out" },
  edge_scroll = { enabled = false },
  on_cancel = "commit",
}
