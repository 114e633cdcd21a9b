-- dndkit_tree reproduces dnd-kit's sortable-tree story (clauderic/dnd-kit at
-- e9215e820798459ae036896fce7fd9a6fe855772, stories/3 - Examples/Tree/): indentationWidth 50
-- (SortableTree.tsx line 110), getProjection (utilities.ts lines 12-61), handleDragEnd
-- (SortableTree.tsx lines 268-287). Rows 44 pt; a row's centre is at 44 × (row − 1) + 22.

local function shape(nodes)
  local out = {}
  for _, n in ipairs(nodes) do
    local s = (n.collapsed and "+" or "") .. n.id
    if n.children then s = s .. "(" .. shape(n.children) .. ")" end
    out[#out + 1] = s
  end
  return table.concat(out, " ")
end

local function session(tree)
  return reorder.session{ policy = "dndkit_tree", layout = "tree", tree = tree }
end

-- Presses row `row`, waits out the press and the lift, moves dx sideways over row `over`, drops.
local function drag(s, row, over, dx)
  local y = 44 * (row - 1) + 22
  s:press(187.5, y); s:hold(0.6)
  s:move(187.5 + dx, 44 * (over - 1) + 22, 0.2); s:hold(0.1)
  s:release(); s:hold(1)
end

describe("dndkit_tree", function()
  it("indents 50 pt a level", function()
    assert.equal(50, session({ "a" }):config().tree.indent)
  end)

  it("nests a node under the row above after 25 pt: round(25 / 50) = round(0.5) = 1", function()
    -- utilities.ts line 9: Math.round, a half towards +infinity.
    local s = session({ "a", "b" })
    drag(s, 2, 2, 25)
    assert.equal("a(b)", shape(s:tree()))
  end)

  it("keeps the depth under half a level: round(24 / 50) = 0", function()
    local s = session({ "a", "b" })
    drag(s, 2, 2, 24)
    assert.equal("a b", shape(s:tree()))
  end)

  it("clamps to one deeper than the row above (utilities.ts lines 33-37)", function()
    -- b over its own row, 200 pt right: 0 + round(4) = 4, max = a's depth + 1 = 1.
    local s = session({ "a", "b" })
    drag(s, 2, 2, 200)
    assert.equal("a(b)", shape(s:tree()))
  end)

  it("moves a subtree whole and lands a node from above first under a collapsed parent", function()
    -- a over b's row, 50 pt right: rows b, a, c; depth 1 under b; coming from above, a lands
    -- before b1 in the whole flattened tree (handleDragEnd's arrayMove), b stays collapsed.
    local s = session({ "a", { id = "b", children = { "b1" }, collapsed = true }, "c" })
    drag(s, 1, 2, 50)
    assert.equal("+b(a b1) c", shape(s:tree()))
    assert.same({ "b", "c" }, s:order())
  end)
end)
