-- kanban: the task board of LongPressMoveCellDemo ("iOS长按移动Table View Cells", seed 004):
-- lists "today / next / later" side by side, one page each, built on jx_movable's drag (its
-- snapshot look, its vertical edge zone and speed).
--   The board itself is the session's: layout = "board", board = { inset = 50, spacing = 10 }:
--     each list is a collection-view cell narrower than the screen (the flow layout's
--     TLCMainViewControllerFlowLayoutWidthOffset; its value is not in the text, 50 pt shows
--     25 pt of each neighbour); on release the board snaps to the nearest page
--     (targetContentOffsetForProposedContentOffset: round(contentOffset.x / pageWidth)),
--     animated with the 0.25 s drop. `reorder repl --layout board` starts on it.
--   0.5 s press, 10 pt: the UILongPressGestureRecognizer defaults (the demo sets neither);
--   finished tasks cannot be lifted (`if (!selectedItem || selectedItem.finish) return;`):
--     can_move refuses items with `finished = true`;
--   moves across lists are remove + insert (removeObject:itemIndex: / insertItem:index:
--     subItemIndex:), so semantics "move"; any row is a valid target, finished rows included;
--   the snapshot follows the touch point in x and y (modifySnapshotViewFrameWithTouchPoint:);
--   edge scroll (pageEdgeScrollEvent, a CADisplayLink): horizontal page scroll when the
--     snapshot's centre is near a side of the board, vertical scroll of the current list
--     otherwise: axes "both" from the snapshot centre (jx's reference). Vertically jx's 150 pt
--     zone and depth / 150 x 20 pt per 60 Hz frame (1200 pt/s). Horizontally the demo's
--     threshold (TLCMainViewControllerFlowLayoutWidthOffset - 20) is not in the text: 60 pt,
--     so a finger over the 25 pt peek of the next list is well inside, at the same 1200 pt/s
--     at full depth (a page of 325 pt in about a quarter of a second);
--   storePressBeginState keeps the lists at press begin so a failed save (adjustPlanRanking's
--     request) can put them back: `on_end` returning false rolls back to exactly that state
--     (override it where saving can fail); ended and cancelled share one handler: cancel commits.

local H_ZONE = 60           -- points from the left and right sides
local V_ZONE = 150          -- jx_movable's edgeScrollRange
local MAX_SPEED = 20 * 60   -- jx_movable's maxMoveDistance per frame at CADisplayLink's 60 Hz

return {
  name = "kanban",
  description = "a paged task board, lists side by side, with jx_movable's drag",
  extends = "jx_movable",
  api = 1,
  min_press_duration = 0.5,
  allowable_movement = 10,
  semantics = "move",
  follow = "xy",
  -- the board's snapshot follows the touch freely (jx_movable's limitSnapshotCenterY is not here)
  snapshot = { clamp = "none" },
  edge_scroll = {
    enabled = true,
    axes = "both",
    reference = "center",
    zone = function(ctx, axis, viewport_length)
      if axis == "horizontal" then return H_ZONE end
      return V_ZONE
    end,
    speed = function(ctx, depth, zone, elapsed, axis)
      if zone <= 0 then return 0 end
      return math.min(depth / zone, 1) * MAX_SPEED
    end,
  },
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
