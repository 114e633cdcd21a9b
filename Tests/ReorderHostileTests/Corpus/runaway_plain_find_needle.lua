-- Fault: on_move does a plain find of a 512 KiB needle in 1 MiB of the same letter (each candidate compares 512 KiB).
-- Host must: charge the search (memchr and memcmp bytes) as it goes; stop it within 10 ms of the budget; report it; no fallback needed.
-- expect: hook=on_move kind=runaway
return {
  name = "runaway_plain_find_needle",
  api = 1,
  on_move = function(ctx, from_s, from_r, to_s, to_r)
    local s = string.rep("aaaaaaaaaaaaaaaa", 65536)
    local needle = string.rep("aaaaaaaaaaaaaaaa", 32768) .. "b"
    local at = s:find(needle, 1, true)  -- FAULT
  end,
}
