-- rbd_combine: react-beautiful-dnd's combining (@hello-pangea/dnd @ 28c47a7,
-- src/state/get-drag-impact/), on its edge scroll and animations (rbd_autoscroll):
--   combineThresholdDivisor = 4 (get-combine-impact.ts line 26): a sibling of size s combines
--     when the dragged item's edge lies strictly inside (start + s/4, end - s/4) (line 58,
--     lines 78-105), where the sibling is drawn now (the session's slots are rbd's displaced
--     places: docs/TREES.md);
--   combining is checked before reordering (get-drag-impact/index.ts lines 72-91) and leaves
--     the displacement as it was (lines 112-115): no step is taken while it holds;
--   the drop of a combine takes every row back to its place (get-drop-impact.ts: "when merging
--     we remove the movement", displaced = emptyGroups) and reports the pair: a `combine` event;
--   rbd combines at once: no delay (its users ask for one, about 600 ms: `combine_delay`).
-- rbd reorders when the dragged item's edge passes a sibling's centre (get-reorder-impact.ts);
-- for rows of one size grabbed at their centre that is when the finger enters the sibling's
-- row: `default`'s target under the finger.

return {
  name = "rbd_combine",
  description = "react-beautiful-dnd with combining on: drop onto an item's middle half",
  extends = "rbd_autoscroll",
  api = 1,
  combine_rule = "band",
  combine_delay = 0,
  drop_preview = "slide",
}
