-- kanban: the board of LongPressMoveCellDemo (seed 004): lists side by side ("today / next /
-- later"), one page each, built on jx_movable's drag (its snapshot, edge zone and speed):
--   0.5 s press, 10 pt: the UILongPressGestureRecognizer defaults (the demo sets neither);
--   finished items cannot be lifted (`if (!selectedItem || selectedItem.finish) return;`);
--   moves across lists are remove + insert (removeObject / insertItem:index:subItemIndex:),
--     so semantics "move", and any row is a valid target (finished rows included);
--   the snapshot follows the finger in x and y across pages;
--   vertical edge scroll inside the current list and horizontal page scroll near the board's
--     sides (pageEdgeScrollEvent): axes "both"; the demo's own threshold constant is not in the
--     text, so jx_movable's 150 pt zone and speed are used on both axes;
--   snapping to the nearest page on release is the board layout's job;
--   the press-begin state is kept so a failed save rolls back: `on_end` returning false does
--     that (override it where saving can fail); ended and cancelled share one handler (commit).

return {
  name = "kanban",
  extends = "jx_movable",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 10,
  semantics = "move",
  follow = "xy",
  edge_scroll = { axes = "both" },
  can_move = function(ctx, section, row)
    local item = ctx.item(section, row)
    return not (type(item) == "table" and item.finished)
  end,
  target = function(ctx, from_s, from_r, to_s, to_r)
    return to_s, to_r
  end,
  on_end = function(ctx, from_s, from_r, to_s, to_r)
    return true
  end,
  on_cancel = "commit",
}
