-- A policy with three slips luacheck finds (LintTests): an accidental global, an unused
-- variable and a shadowed local. It loads and runs as a policy all the same.
local ZONE = 120

local function clamp(v, lo, hi)
  local unused = 0
  return math.max(lo, math.min(v, hi))
end

return {
  name = "sloppy",
  can_move = function(ctx, section, row)
    count = ctx.count(section)
    local ZONE = 10
    return row <= count and ZONE > 0
  end,
  edge_scroll = { zone = function(ctx, axis, length) return clamp(length / 4, 0, ZONE) end },
}
