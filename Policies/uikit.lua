-- uikit: UIKit's own reordering:
--   0.5 s press and 10 pt tolerance: UILongPressGestureRecognizer's minimumPressDuration and
--     allowableMovement defaults;
--   move semantics: UICollectionView interactive movement / UITableView moveRowAt (remove + insert);
--   target: targetIndexPathForMoveFromRowAt:toProposedIndexPath: returns the proposal unless the
--     app overrides it (override `target` to redirect);
--   cancel reverts: cancelInteractiveMovement puts the item back;
--   the origin cell stays visible as the gap.
-- UIKit does not document its auto-scroll curve, so the edge scroll is `default`'s.

return {
  name = "uikit",
  extends = "default",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 10,
  semantics = "move",
  snapshot = { placeholder = "visible" },
  on_cancel = "revert",
}
