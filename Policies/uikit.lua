-- uikit: UIKit's own reordering:
--   0.5 s press and 10 pt tolerance: UILongPressGestureRecognizer's minimumPressDuration and
--     allowableMovement defaults;
--   move semantics: UICollectionView interactive movement / UITableView moveRowAt (remove + insert);
--   target: targetIndexPathForMoveFromRowAt:toProposedIndexPath: returns the proposal unless the
--     app overrides it (override `target` to redirect);
--   cancel reverts: cancelInteractiveMovement puts the item back;
--   the origin cell stays visible as the gap.
-- UIKit does not document its auto-scroll curve nor its lifted cell's shadow, so the edge
-- scroll and the soft shadow are `default`'s.

return {
  name = "uikit",
  description = "UIKit's own reordering (UITableView, UICollectionView)",
  extends = "default",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 10,
  semantics = "move",
  snapshot = { placeholder = "visible" },
  -- Displaced rows: UITableView's row animation, whose curve UIKit does not publish; UIView's
  -- default 0.25 s ease-in-out (default's own slide is dnd-kit's, which UIKit gives no ground for).
  displacement = { duration = 0.25, curve = "ease_in_out" },
  on_cancel = "revert",
}
