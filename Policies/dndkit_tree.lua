-- dndkit_tree: dnd-kit's sortable tree (its story, stories/3 - Examples/Tree/ at
-- clauderic/dnd-kit e9215e820798459ae036896fce7fd9a6fe855772; docs/TREES.md):
--   a lifted node carries its subtree (removeChildrenOf, SortableTree.tsx lines 130-133);
--   indentationWidth 50 (SortableTree.tsx line 110): the depth is the depth at the lift plus
--     round(dx / 50), JavaScript's Math.round, clamped by the rows above and below
--     (utilities.ts getProjection, lines 12-61) — the engine's projection, which this policy
--     leaves as it is (no max_depth, no can_nest);
--   the drop moves the node within the whole flattened tree (handleDragEnd, lines 268-287);
--   Left and Right change the depth by one (keyboardCoordinates.ts lines 53-68).
-- Press, lift, edge scroll and look are `default`'s.

return {
  name = "dndkit_tree",
  description = "dnd-kit's sortable tree: subtrees move together, depth from the sideways offset (50 pt a level)",
  extends = "default",
  api = 1,
  tree = { indent = 50 },
}
