-- 1,000 short drag scenarios, for the goal "`reorder test` runs 1,000 short drag scenarios in
-- <= 2 s" (issue 6). Time it with:
--   time reorder test Benchmarks/scenarios/thousand_drags_spec.lua
--
-- Each scenario is what a user's spec does: a fresh session on a 14-row table (all rows on
-- screen: `s:drag` presses a visible row, and `cookbook` has no edge scroll) with one of the
-- built-in policies, one drag from a row to another (press, hold for the policy's press
-- duration, lift, glide, release, drop), then checks on the result. Rows and policies vary with
-- the scenario number, so moves and exchanges, up and down, short and long drags all occur.

local policies = { "default", "uikit", "jx_movable", "cookbook", "drag_drop_table", "swift_reorder" }
local ROWS = 14

local function rows()
  local r = {}
  for i = 1, ROWS do r[i] = "row " .. i end
  return r
end

describe("1,000 short drags", function()
  for n = 1, 1000 do
    local policy = policies[(n - 1) % #policies + 1]
    local from = (n * 7) % ROWS + 1
    local to = (n * 13 + 5) % ROWS + 1
    if to == from then to = from % ROWS + 1 end

    it(string.format("%d: %s drags row %d to row %d", n, policy, from, to), function()
      local s = reorder.session{ policy = policy, sections = { rows() } }
      assert.is_true(s:drag(1, from, 1, to))
      local order = s:order()
      assert.equal(ROWS, #order)
      assert.equal("row " .. from, order[to])
      assert.equal("idle", s:state())
    end)
  end
end)
