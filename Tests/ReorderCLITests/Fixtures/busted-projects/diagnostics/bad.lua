return {
  name = "bad",
  can_move = function(ctx, section, row)
    error("no lifting today")
  end,
}
