-- Fault: on_begin vandalises ctx: overwrites ctx.item, ctx.offset, ctx.viewport and an item's fields.
-- Host must: the host never reads its own state back from the Lua ctx: the drag, offsets and order
--   are unaffected; items in the host are unchanged; writes may be refused with a reported
--   error.
-- expect: hook=on_begin kind=isolation diag=optional
return {
  name = "ctx_mutation",
  api = 1,
  on_begin = function(ctx, section, row)
    local item = ctx.item(section, row)
    if type(item) == "table" then item.title = "vandalised"; item.id = "x" end
    ctx.viewport = {width = -1, height = 0 / 0}
    ctx.offset = {x = math.huge, y = -math.huge}  -- FAULT
    ctx.item = nil
    ctx.count = function() return 1000000 end
  end,
}
