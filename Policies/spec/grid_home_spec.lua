-- grid_home reproduces the home-button grid of "iOS collectionView拖拽排序" (a collection
-- view drag-sort sample of school-app home buttons): 4 columns of (375 - 50) / 4 x 85 pt, move semantics, centre distance,
-- scale 1.05, touches ignored during the 0.25 s drop, order saved per role key.
local W, H = (375 - 50) / 4, 85            -- flowLayout.itemSize
local GAP = (375 - 4 * W) / 3              -- full lines are justified, as UICollectionViewFlowLayout does
local PITCH_Y = H + 0.1                    -- minimumLineSpacing 0.1

local function buttons(n, skip)
  local t = {}
  for i = 1, n do if i ~= skip then t[#t + 1] = "b" .. i end end
  return t
end

local function home(extra)
  local options = { policy = "grid_home", layout = "grid", sections = { buttons(16) },
                    grid = { item_width = W, item_height = H, spacing = 0.1 },
                    viewport = { width = 375, height = 667 } }
  for k, v in pairs(extra or {}) do options[k] = v end
  return reorder.session(options)
end

-- Centre of the cell at 1-based index i (row-major, 4 columns).
local function centre(i)
  local col, row = (i - 1) % 4, (i - 1) // 4
  return col * (W + GAP) + W / 2, row * PITCH_Y + H / 2
end

describe("grid_home", function()
  local s
  before_each(function() s = home() end)

  it("lays buttons out in 4 columns of 81.25 x 85 pt", function()
    local x, y = centre(7)                  -- row 2, column 3
    assert.near(236.4583333, x, 1e-6)
    assert.near(127.6, y, 1e-9)
    s:press(x, y)
    s:hold(0.75)
    local snap = s:snapshot()
    assert.same({ 1, 7 }, s:events()[1].at)
    assert.equal(81.25, snap.width)
    assert.equal(85, snap.height)
    -- The gap between two cells of a line hits nothing: no press there.
    local t = home()
    t:press(W + 1, 10)
    assert.equal("idle", t:state())
  end)

  it("drags button 2 to place 11 under move semantics", function()
    assert.is_true(s:drag(1, 2, 1, 11))
    assert.same({ "b1", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b2",
                  "b12", "b13", "b14", "b15", "b16" }, s:order())
    local events = s:events()
    assert.equal("begin", events[1].type)
    assert.equal("end", events[#events].type)
    assert.same({ 1, 2 }, events[#events].from)
    assert.same({ 1, 11 }, events[#events].to)
    for i = 2, #events - 1 do
      assert.equal("move", events[i].type)
      assert.equal("move", events[i].semantics)
    end
  end)

  it("moves step by step as the snapshot passes cells", function()
    s:press_item(1, 2)
    s:hold(0.75)
    local x, y = centre(6)
    s:move(x, y, 0.2)
    assert.same({ "b1", "b3", "b4", "b5", "b6", "b2", "b7", "b8" }, { table.unpack(s:order(), 1, 8) })
    x, y = centre(11)
    s:move(x, y, 0.2)
    s:release()
    s:advance(0.25)
    assert.same({ "b1", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b2", "b12" },
                { table.unpack(s:order(), 1, 12) })
  end)

  it("targets the nearest cell whose centre is within half the snapshot's width", function()
    s:press_item(1, 1)
    s:hold(0.75)
    local x, y = centre(2)
    s:move(x - 41, y)                        -- 41 pt from cell 2: outside 81.25 / 2
    assert.equal(0, #s:events() - 1)         -- only "begin"
    s:move(x - 40, y)                        -- 40 pt: inside
    assert.same({ "b2", "b1" }, { table.unpack(s:order(), 1, 2) })
  end)

  it("scales the snapshot 1.05 and lets it follow the finger in x and y", function()
    s:press_item(1, 6)
    s:hold(0.75)
    s:move(300, 420, 0.3)
    local snap = s:snapshot()
    assert.equal(1.05, snap.scale)
    assert.equal(1, snap.alpha)
    assert.equal(300, snap.x)
    assert.equal(420, snap.y)
    assert.equal("hidden", snap.placeholder)
  end)

  it("ignores touches during the 0.25 s drop", function()
    s:press_item(1, 2)
    s:hold(0.75)
    s:release()
    assert.equal("dropping", s:state())
    s:press_item(1, 5)
    assert.equal("dropping", s:state())
    s:advance(0.24)
    assert.equal("dropping", s:state())
    s:advance(0.02)
    assert.equal("idle", s:state())
    s:press_item(1, 5)
    assert.equal("pressing", s:state())
  end)

  it("keeps the new order when the touch is cancelled", function()
    s:press_item(1, 1)
    s:hold(0.75)
    local x, y = centre(3)
    s:move(x, y, 0.2)
    s:cancel()
    s:advance(0.3)
    assert.same({ "b2", "b3", "b1", "b4" }, { table.unpack(s:order(), 1, 4) })
  end)

  it("saves the order per role key and restores it at the next launch", function()
    local path = os.tmpname()
    os.remove(path)
    -- A student and a teacher arrange their own home pages.
    assert.is_true(s:drag(1, 2, 1, 11))
    s:save(path, "stuHomeBtns")
    local teacher = home()
    assert.is_true(teacher:drag(1, 16, 1, 1))
    teacher:save(path, "teaHomeBtns")
    local student_order = s:order()

    -- Next launch: each role gets its own order back.
    local s2 = home{ restore = { path = path, key = "stuHomeBtns" } }
    assert.same(student_order, s2:order())
    local t2 = home{ restore = { path = path, key = "teaHomeBtns" } }
    assert.same({ "b16", "b1", "b2", "b3" }, { table.unpack(t2:order(), 1, 4) })
    assert.equal(16, #t2:order())

    -- An app update drops b5 and adds b17: saved order kept, b17 where the data has it.
    local s3 = home{ sections = { (function() local t = buttons(16, 5); t[#t + 1] = "b17"; return t end)() },
                     restore = { path = path, key = "stuHomeBtns" } }
    assert.same({ "b1", "b3", "b4", "b6", "b7", "b8", "b9", "b10", "b11", "b2", "b12", "b13",
                  "b14", "b15", "b16", "b17" }, s3:order())

    -- A key never saved: the data's own order.
    local s4 = home{ restore = { path = path, key = "parentHomeBtns" } }
    assert.same(buttons(16), s4:order())
    os.remove(path)
    os.remove(path .. ".lock")   -- the lock file saves leave next to the order file
  end)

  it("uses the data's order when the order file is missing or unreadable, and leaves it alone", function()
    local path = os.tmpname()
    os.remove(path)
    assert.same(buttons(16), home{ restore = { path = path, key = "stuHomeBtns" } }:order())
    local f = assert(io.open(path, "wb"))
    f:write('{"version": 1, "orders": {"stuHomeBtns": [["b2", ')   -- cut short
    f:close()
    local restored = home{ restore = { path = path, key = "stuHomeBtns" } }
    assert.same(buttons(16), restored:order())
    f = assert(io.open(path, "rb"))
    assert.equal('{"version": 1, "orders": {"stuHomeBtns": [["b2", ', f:read("a"))
    f:close()
    os.remove(path)
  end)

  it("draws the grid", function()
    local text = s:render()
    assert.matches("1%.1 Homework", reorder.session(reorder.demo("grid_home", "grid")):render())
    assert.matches("grid 4 columns of 81%.25 x 85 pt", text)
    assert.matches("| 1%.1 b1 +1%.2 b2 +1%.3 b3 +1%.4 b4 +|", text)
  end)
end)
