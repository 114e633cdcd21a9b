-- grid_home: the home-screen buttons of "iOS collectionView拖拽排序" (seed 002), the iOS 8 path
-- that drives the snapshot by hand:
--   the grid: flowLayout.itemSize = ((SCREEN_WIDTH - 50) / 4, 85), minimumLineSpacing =
--     minimumInteritemSpacing = 0.1: on a 375 pt screen 4 columns of 81.25 x 85 pt. A policy
--     does not own the layout; the session does:
--       reorder.session{ policy = "grid_home", layout = "grid",
--                        grid = { item_width = (375 - 50) / 4, item_height = 85, spacing = 0.1 }, ... }
--     or reorder.demo("grid_home", "grid") (`reorder repl --layout grid`);
--   0.5 s press, 10 pt: the UILongPressGestureRecognizer defaults (the article sets neither);
--   move semantics: removeObject: + insertObject:atIndex: (as UICollectionView interactive
--     movement does on iOS 9+);
--   target: the nearest visible cell whose centre is within half the snapshot width
--     (`space <= self.snapShotView.bounds.size.width / 2`; bounds ignore the 1.05 transform, so
--     the limit is half the unscaled cell width) -> target_rule "center_distance";
--   the snapshot follows the finger in x and y (snapshotView.center = currentPoint), scaled 1.05
--     (CGAffineTransformMakeScale(1.05, 1.05)) over animateWithDuration:0.25, opaque, no shadow;
--     the origin cell is hidden (cell.hidden = YES);
--   the drop animates back to the cell over 0.25 s with collectionView.userInteractionEnabled =
--     NO: touches are ignored until it ends;
--   ended and cancelled share the `default:` branch, which keeps the new order: cancel commits;
--   the order is saved per role key ("stuHomeBtns" / "teaHomeBtns" in NSUserDefaults): policies
--     cannot write files, the session does: s:save(path, "stuHomeBtns") after the drop, and
--     reorder.session{ ..., restore = { path = path, key = "stuHomeBtns" } } at the next launch;
--   no edge scroll: the article has none (the buttons fit on one screen).

return {
  name = "grid_home",
  description = "a home screen of buttons in a UICollectionView grid",
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
  -- Displaced buttons: UICollectionView's moveItem animation, whose curve UIKit does not
  -- publish; UIView's default 0.25 s ease-in-out (default's own slide is dnd-kit's, which UIKit
  -- gives no ground for).
  displacement = { duration = 0.25, curve = "ease_in_out" },
  edge_scroll = { enabled = false },
  on_cancel = "commit",
}
