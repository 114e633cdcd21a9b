return {
  name = "pinned",
  can_move = function(ctx, section, row)
    if row == 1 then
      return false
    end
    return true
  end,
}
