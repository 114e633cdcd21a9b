-- grid_home: the home-screen buttons of "iOS collectionView拖拽排序" (seed 002):
--   a 4-column grid (itemSize ((SCREEN_WIDTH - 50) / 4, 85)), laid out by the grid layout;
--   0.5 s press, 10 pt: the UILongPressGestureRecognizer defaults;
--   move semantics: removeObject + insertObject:atIndex: (UICollectionView interactive movement);
--   target: the nearest visible cell whose centre is within half the snapshot width
--     (space <= snapshotView.bounds.size.width / 2) -> target_rule "center_distance";
--   the snapshot follows the finger in x and y (snapshotView.center = currentPoint), scaled
--     1.05 over 0.25 s; the origin cell is hidden; the drop animates back over 0.25 s with
--     userInteractionEnabled = NO;
--   ended and cancelled share the `default:` branch (the order is kept and persisted per key,
--     e.g. "stuHomeBtns" / "teaHomeBtns": the host's persistence does that); no edge scroll.

return {
  name = "grid_home",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 10,
  semantics = "move",
  target_rule = "center_distance",
  follow = "xy",
  ignore_touches_while_dropping = true,
  snapshot = {
    scale = 1.05, alpha = 1, rotation = 0, corner_radius = 0,
    shadow = { opacity = 0 },
    placeholder = "hidden",
    lift = { duration = 0.25, curve = "ease_in_out" },
    drop = { duration = 0.25, curve = "ease_in_out" },
  },
  edge_scroll = { enabled = false },
  on_cancel = "commit",
}
