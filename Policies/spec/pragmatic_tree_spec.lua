-- pragmatic_tree reproduces Pragmatic drag and drop's tree example and its tree-item hitbox
-- (atlassian/pragmatic-drag-and-drop at 628603042cf655b66e6a9cbd3dda664f7618303c):
-- packages/hitbox/src/attach-instruction.ts (getInstruction), examples/data/tree-legacy.ts
-- (dataReducer), examples/pieces/tree-legacy/tree-item.tsx and constants.ts. Rows 44 pt: row r
-- spans 44 (r - 1) ... 44 r, its quarters are 11 pt (attach-instruction.ts line 22:
-- quarterOfHeight = height / 4) and its centre is 44 (r - 1) + 22 (lines 8-13).

local function shape(nodes)
  local out = {}
  for _, n in ipairs(nodes) do
    local s = (n.collapsed and "+" or "") .. n.id
    if n.children and #n.children > 0 then s = s .. "(" .. shape(n.children) .. ")" end
    out[#out + 1] = s
  end
  return table.concat(out, " ")
end

-- a, b (open: b1, b2), c: rows a 1, b 2, b1 3, b2 4, c 5.
local function open_tree() return { "a", { id = "b", children = { "b1", "b2" } }, "c" } end

local function session(tree, policy)
  return reorder.session{ policy = policy or "pragmatic_tree", layout = "tree", tree = tree or open_tree() }
end

-- Presses row `row`'s centre, waits out the press and the lift, moves the finger to (x, y);
-- returns the indicator shown there.
local function hover(s, row, x, y)
  s:press(187.5, 44 * (row - 1) + 22); s:hold(0.6)
  s:move(x, y)
  return s:scene().indicator
end

-- A session on `tree` (default: open_tree()) with the finger moved as `hover` does: the
-- session and the indicator.
local function over(row, x, y, tree, policy)
  local s = session(tree, policy)
  return s, hover(s, row, x, y)
end

-- Drops, and returns the tree's shape after.
local function dropped(s)
  s:release(); s:hold(1)
  return shape(s:tree())
end

describe("pragmatic_tree", function()
  it("uses the tree-item hitbox, the indicator, 32 pt a level and 0.5 s to open", function()
    local c = session():config()
    assert.equal("hitbox", c.combine_rule)
    assert.equal("indicator", c.drop_preview)
    assert.equal(0, c.combine_delay)
    assert.equal(32, c.tree.indent)          -- constants.ts line 1: indentPerLevel = 32
    assert.equal(0.5, c.tree.expand_after)   -- tree-item.tsx line 287: waitMs: 500
  end)

  it("reorders above in a row's top quarter, its line included", function()
    -- attach-instruction.ts line 26: client.y <= top + quarterOfHeight. c over a at y 11.
    local s, i = over(5, 187.5, 11)
    assert.equal("line", i.kind)
    assert.same({ x = 0, y = 0, width = 375, height = 0 }, i.frame)
    assert.equal(0, i.depth)
    assert.same({ "a", "b", "b1", "b2", "c" }, s:order())   -- rows do not slide
    assert.equal("c a b(b1 b2)", dropped(s))
  end)

  it("reorders below in a row's bottom quarter, at the row's depth", function()
    -- line 31: client.y >= bottom - quarterOfHeight. a over b1 (88...132) at y 121.
    local s, i = over(1, 187.5, 121)
    assert.same({ x = 0, y = 132, width = 375, height = 0 }, i.frame)
    assert.equal(1, i.depth)
    assert.equal("b(b1 a b2) c", dropped(s))
  end)

  it("makes the node the target's first child in the middle half, and opens it", function()
    -- line 34: make-child; tree-legacy.ts lines 143-144: isOpen = true,
    -- children = [newItem, ...item.children]. c over the closed f's middle (44...88: y 66).
    local s, i = over(3, 187.5, 66, { "a", { id = "f", children = { "f1" }, collapsed = true }, "c" })
    assert.equal("outline", i.kind)
    assert.same({ 1, 2 }, s:scene().combine_target)
    assert.equal("a f(c f1)", dropped(s))
  end)

  it("gives an open node with children make-child but for its top quarter", function()
    -- attach-instruction.ts lines 62-73: b (44...88) open, y 87 would be below on a standard row.
    local s = session()
    assert.equal("outline", hover(s, 5, 187.5, 87).kind)
    assert.equal("a b(c b1 b2)", dropped(s))
  end)

  it("reparents left of a last child's indent, on or below its centre", function()
    -- attach-instruction.ts lines 77-99: b2 is b's last child at level 1 (tree-item.tsx lines
    -- 484-486); x 10 < 32 * 1 and y 154 on its centre (132 + 22): reparent to
    -- floor(10 / 32) = 0; tree-legacy.ts lines 218-227: after b2's ancestor at level 0, b.
    local s, i = over(1, 10, 154)
    assert.equal(0, i.depth)
    assert.same({ x = 0, y = 176, width = 375, height = 0 }, i.frame)
    assert.equal("b(b1 b2) a c", dropped(s))
    -- Above the centre there (y 153): reorder-above b2 (lines 82-84).
    s = session()
    assert.equal(1, hover(s, 1, 10, 153).depth)
    assert.equal("b(b1 a b2) c", dropped(s))
  end)

  it("outdents a last child dragged over its own row", function()
    -- tree-item.tsx lines 298-302: over itself only reparent is kept. b2 at x 10, y 160.
    local s = session()
    assert.equal(0, hover(s, 4, 10, 160).depth)
    assert.equal("a b(b1) b2 c", dropped(s))
  end)

  it("shows a refused make-child blocked, and its drop changes nothing", function()
    -- The example blocks make-child on drafts (tree-item.tsx line 349: block: ['make-child']);
    -- attach-instruction.ts lines 123-139 wrap it as instruction-blocked.
    local s = session(nil, { extends = "pragmatic_tree", combine = function(ctx, fs, fr, os, orow)
      local it = ctx.item(os, orow)
      return (type(it) == "table" and it.id or it) ~= "c"
    end })
    local i = hover(s, 1, 187.5, 198)
    assert.equal("outline", i.kind)
    assert.is_true(i.blocked)
    assert.equal("a b(b1 b2) c", dropped(s))
  end)

  it("opens a closed node under make-child after 500 ms", function()
    -- tree-item.tsx lines 279-290: `delay({ waitMs: 500, fn: expand })` while make-child holds.
    local s = session({ "a", { id = "f", children = { "f1", "f2" }, collapsed = true }, "c" })
    hover(s, 1, 187.5, 66)
    s:hold(0.45)
    assert.same({ "a", "f", "c" }, s:order())
    s:hold(0.05)
    assert.same({ "a", "f", "f1", "f2", "c" }, s:order())
    assert.equal("f(a f1 f2) c", dropped(s))
  end)
end)
