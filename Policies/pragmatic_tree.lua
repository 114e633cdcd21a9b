-- pragmatic_tree: Pragmatic drag and drop's tree (atlassian/pragmatic-drag-and-drop at
-- 628603042cf655b66e6a9cbd3dda664f7618303c; docs/TREES.md), on its auto-scroll
-- (pragmatic_autoscroll):
--   the tree-item hitbox (packages/hitbox/src/attach-instruction.ts, getInstruction): the top
--     quarter of a row reorders above it, the bottom quarter below it, the middle half makes
--     the dragged node a child (lines 15-35); an open node with children is make-child but for
--     its top quarter (lines 62-73); left of a last child's indent, above its centre is
--     reorder-above and on or below it reparent to floor(x / indentPerLevel) (lines 77-99);
--     a root's inset is 0, so roots use the standard hitbox. `combine_rule = "hitbox"` in a
--     tree session is this hitbox instead of the sideways projection;
--   indentPerLevel = 32 (examples/pieces/tree-legacy/constants.ts line 1): `tree.indent`;
--   rows do not slide: a drop indicator shows the instruction, a line at its depth or the
--     target outlined (`drop_preview = "indicator"`); an instruction the policy refuses
--     (the `combine` hook, `can_nest`) is shown blocked (attach-instruction.ts lines 123-139);
--   the example's reducer (examples/data/tree-legacy.ts, dataReducer, lines 207-256):
--     make-child inserts the node as the target's first child and opens it (lines 136-145),
--     reparent inserts it after the target's ancestor at the desired level (lines 218-227);
--   a closed node with children under make-child for 500 ms opens
--     (examples/pieces/tree-legacy/tree-item.tsx lines 279-290): `tree.expand_after = 0.5`;
--   make-child takes at once: no `combine_delay`.
-- Press, lift and look are `default`'s.

return {
  name = "pragmatic_tree",
  description = "Pragmatic drag and drop's tree: the tree-item hitbox, a drop indicator, folders open after 0.5 s",
  extends = "pragmatic_autoscroll",
  api = 1,
  tree = {
    indent = 32,
    expand_after = 0.5,
  },
  combine_rule = "hitbox",
  drop_preview = "indicator",
  combine_delay = 0,
}
