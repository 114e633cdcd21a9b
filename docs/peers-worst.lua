-- The worst difference between our peer policies and the peers' own code (docs/PEERS.md).
-- Run: reorder run docs/peers-worst.lua  (prints peer, fps, point, ours pt/s, peer pt/s, % diff)
-- The peer values are copied from reference tables made by running or transcribing the peers:
--   rbd: hello-pangea/dnd @ 28c47a7a0139a09b1bf0a77a010e7121c39246d4, src/state/auto-scroller/
--     (get-value-from-distance.ts:35-65; C1: fluid-scroller/index.ts:50-78, can-scroll.ts:53-92);
--   pragmatic: atlassian/pragmatic-drag-and-drop @ 628603042cf655b66e6a9cbd3dda664f7618303c,
--     packages/auto-scroll/src/shared/get-scroll-change.ts:10-129 (formula below, run from its
--     TypeScript; B2: shared/engagement-history.ts:6-42); its ramp clock is Date.now(), whole ms
--     in a browser, read at each frame's start: tau = Date.now() - timeOfEngagementStart is a
--     whole number of ms, floor(tau) with the engagement's frame on a whole ms (the table's tau
--     2000/60 gives 33 ms: 15 x 33 / 400 = 1.2375 px, 74.25 pt/s, as its code gives when run
--     with that clock); the whole drags (B2, S, J, T, E) through its makeApi, scheduler.ts:73-96
--     (the container under the pointer: a half-open hit test) and try-scroll.ts:85-100, run by
--     node through core's dispatch (ledger/dispatch-consumer-event.ts:88-96: the lift frame's
--     rAF delivers onDragStart) and scheduler.ts:107-128 (dragging frame 1 initialises, the loop
--     runs from frame 2), with rAF timestamps at 1000 / fps ms and Date.now() whole ms, the
--     engagement's frame on a whole ms;
--   SwiftReorder: adamshin/SwiftReorder @ 9553a0d805c68d2bdd1bc6e5385cf1d5e9c44a4c,
--     Source/ReorderController+AutoScroll.swift:25-55;
--   ItemTouchHelper: androidx/androidx @ a9b06aaf32dbcf83aa12e3f8185a109d14fbe8e9,
--     recyclerview/.../ItemTouchHelper.java, Callback.interpolateOutOfBoundsScroll (Java float);
--   JX: pujiaxin33/JXMovableCellTableView @ 8183048efa59d5a76e498d87d1a7e3f0dec2b00b,
--     Classes/JXMovableCellTableView.m:290-295, 326-347.
-- Geometry: a 375 x 667 pt viewport, 100 rows of 44 pt; d = distance to the bottom edge.
local out = {}
local function rec(peer, fps, where, ours, theirs)
  out[#out+1] = { peer = peer, fps = fps, where = where, ours = ours, theirs = theirs }
end
local function session(policy, fps, rowpress)
  local s = reorder.session{ policy = policy, rows = 100, frame_rate = fps }
  s:press_item(1, rowpress or 5)
  s:hold(1.5)
  assert(s:state() == "dragging", policy .. " not dragging")
  return s
end

for _, fps in ipairs({60, 120}) do
  local dt = 1 / fps
  -- rbd A (undamped): d -> px/frame
  local s = session("rbd_autoscroll", fps)
  local Z = 166.75
  for _, r in ipairs({ {166.75,1},{166.74,1},{150,1},{120,4},{100,8},{66.7,16},{50,22},{33.35,28},{20,28},{0,28},{-10,28} }) do
    rec("rbd", fps, ("A: d = %g pt, not dampened"):format(r[1]), s:speed(Z - r[1], Z, 1), r[2] * fps)
  end
  -- pragmatic A: d, tau (frame-start ms) -> px/frame (getScrollBy with Date.now() whole ms:
  -- tau floored). An idle session: in a drag the policy's ramp clock is the time over the
  -- container (ctx.over_since), so the table's tau is given as the hook's `elapsed` outside a drag
  local p = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
  local cap = math.min(math.ceil(900 / 1000 * 1000 / fps), 15)
  local function prag(d, tau)
    local r = 0
    if d <= Z then r = math.min(math.max((Z - d) / (Z / 2), 0), 1) end
    local t = math.min(math.max(math.floor(tau + 1e-9) / 400, 0), 1)   -- Date.now(): whole ms
    return math.max(cap * r * t, 1)
  end
  for _, r in ipairs({ {166.75,400},{150,400},{125.0625,400},{83.375,400},{20,400},{20,0},{20,1000/60},{20,2000/60},{20,33},{20,50},{20,100},{20,200},{20,399},{100,200} }) do
    local d, tau = r[1], r[2]
    rec("pragmatic", fps, ("A: d = %g pt, tau = %g ms"):format(d, tau), p:speed(Z - d, Z, tau / 1000 + dt / 2), prag(d, tau) * fps)
  end
  -- SwiftReorder A: d -> pt/s
  local w = session("swift_reorder", fps)
  for _, r in ipairs({ {30,0},{29.99,60.0733},{25,96.6667},{20,133.3333},{15,170},{10,206.6667},{5,243.3333},{1,272.6667},{0,280},{-10,280} }) do
    rec("SwiftReorder", fps, ("A: d = %g pt"):format(r[1]), w:speed(30 - r[1], 30, 1), r[2])
  end
  -- ItemTouchHelper A: overshoot, ms -> px/frame
  local a = session("android_touch_helper", fps)
  local cols = {0,16,17,100,500,1000,1500,1900,1999,2000,2001,3000}
  local tab = {
    {1,   {1,1,1,1,1,1,1,1,1,2,2,2}},
    {1.1, {1,1,1,1,1,1,1,1,1,2,2,2}},
    {2,   {1,1,1,1,1,1,1,3,3,4,4,4}},
    {5,   {1,1,1,1,1,1,2,6,8,9,9,9}},
    {5.5, {1,1,1,1,1,1,2,6,8,9,9,9}},
    {6.1, {1,1,1,1,1,1,2,7,9,10,10,10}},
    {10,  {1,1,1,1,1,1,3,10,13,14,14,14}},
    {22,  {1,1,1,1,1,1,4,14,18,19,19,19}},
    {43.9,{1,1,1,1,1,1,4,15,19,20,20,20}},
    {44,  {1,1,1,1,1,1,4,15,19,20,20,20}},
    {60,  {1,1,1,1,1,1,4,15,19,20,20,20}},
  }
  for _, row in ipairs(tab) do
    for j, ms in ipairs(cols) do
      rec("ItemTouchHelper", fps, ("A: overshoot %g pt, %d ms"):format(row[1], ms), a:speed(1 + row[1], 1, ms / 1000 + dt / 2), row[2][j] * fps)
    end
  end
  for _, o in ipairs({0.5, 0.99}) do
    rec("ItemTouchHelper", fps, ("A: overshoot %g pt, 2000 ms"):format(o), a:speed(1 + o, 1, 2 + dt / 2), 0)
  end
  -- JX A: a real drag, the finger held d from the bottom, one frame measured
  for _, r in ipairs({ {149.99,0.0013333},{100,6.6667},{75,10},{50,13.3333},{22,17.0667},{10,17.0667},{0,17.0667},{-10,17.0667} }) do
    local j = reorder.session{ policy = "jx_movable", rows = 100, frame_rate = fps }
    j:press_item(1, 5); j:hold(1.5)
    j:move(187.5, 667 - r[1], 0.05)
    local _, y0 = j:offset(); j:tick(1); local _, y1 = j:offset()
    rec("JX", fps, ("A: finger d = %g pt (real drag, one frame)"):format(r[1]), (y1 - y0) * fps, r[2] * fps)
  end
end

-- Whole drags (the issue's scenarios).
for _, fps in ipairs({60, 120}) do
  -- rbd C1: lift row 1 of an unscrolled list (top zone, cannot scroll up), 20 pt from the bottom at 0.3 s
  local s = reorder.session{ policy = "rbd_autoscroll", rows = 100, frame_rate = fps }
  s:press_item(1, 1); s:hold(0.5)
  assert(s:state() == "dragging")
  s:move(187.5, 667 - 20, 0.3 - 1 / fps)
  local _, y0 = s:offset(); s:tick(1); local _, y1 = s:offset()
  rec("rbd", fps, "C1: lift row 1 of an unscrolled list, centre 20 pt from the bottom at 0.3 s", (y1 - y0) * fps, 28 * fps)
  -- pragmatic B2: rest over the list 1 s, then 20 pt from the bottom: first zone frame
  local p = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
  p:press_item(1, 5); p:hold(1.5); p:move(187.5, 300, 0.1); p:hold(1)
  p:move(187.5, 667 - 20)
  local _, q0 = p:offset(); p:tick(1); local _, q1 = p:offset()
  local cap = math.min(math.ceil(900 / 1000 * 1000 / fps), 15)
  rec("pragmatic", fps, "B2: rest over the list 1 s, then 20 pt from the bottom (first zone frame)", (q1 - q0) * fps, cap * fps)
  -- pragmatic L, S, J, T, E: px on dragging frame k, the finger at path(k) from the drag's start
  -- (frame 1 initialises its scheduler, the loop and the engagement start on frame 2); 10 or
  -- 20 pt from the bottom is full distance speed.
  local H, W, X, m = 667, 375, 187.5, fps // 60
  local function drive(count, path)
    local s = reorder.session{ policy = "pragmatic_autoscroll", rows = 100, frame_rate = fps }
    s:press_item(1, 5); s:hold(0.5)
    assert(s:state() == "dragging")
    local px = {}
    for k = 1, count do
      s:move(path(k))
      local _, y0 = s:offset(); s:tick(1); local _, y1 = s:offset()
      px[k] = y1 - y0
    end
    return px
  end
  local function frames(name, px, peer)
    local ks = {}
    for k in pairs(peer) do ks[#ks + 1] = k end
    table.sort(ks)
    for _, k in ipairs(ks) do rec("pragmatic", fps, ("%s, frame %d"):format(name, k), px[k] * fps, peer[k] * fps) end
  end
  frames("L: 20 pt from the bottom from the lift on", drive(30 * m, function() return X, H - 20 end),
    fps == 60 and { [1] = 0, [2] = 1, [3] = 1, [4] = 1.2375, [5] = 1.875, [19] = 10.6125, [20] = 11.25,
                    [25] = 14.3625, [26] = 15 }
              or { [1] = 0, [2] = 1, [8] = 1, [9] = 1.16, [10] = 1.32, [37] = 5.82, [38] = 6, [49] = 7.82,
                   [50] = 8 })
  for _, side in ipairs({ { "left, x = -10", -10 }, { "right, x = 375 (on the edge)", W } }) do
    local px = drive(60 * m, function(k)
      if k >= 36 * m + 1 and k <= 48 * m then return side[2], H - 10 end
      return X, H - 10
    end)
    frames("S: 10 pt from the bottom, sideways out (" .. side[1] .. ") frames " .. (36 * m + 1) .. "-" .. (48 * m) .. ", back", px,
      fps == 60 and { [1] = 0, [2] = 1, [3] = 1, [4] = 1.2375, [5] = 1.875, [25] = 14.3625, [26] = 15, [36] = 15,
                      [37] = 0, [48] = 0,
                      [49] = 1, [50] = 1, [51] = 1.2375, [52] = 1.875, [53] = 2.475, [60] = 6.8625 }
                or { [1] = 0, [2] = 1, [8] = 1, [9] = 1.16, [10] = 1.32, [49] = 7.82, [50] = 8, [72] = 8, [73] = 0,
                     [96] = 0, [97] = 1, [103] = 1, [104] = 1.16, [105] = 1.32, [120] = 3.82 })
  end
  local px = drive(64 * m, function(k)
    if k <= 30 * m then return X, H + 10 elseif k <= 60 * m then return X, 300 end
    return X, H - 20
  end)
  frames("J: 10 pt past the bottom, then over the list out of the zone, then 20 pt from the bottom", px,
    { [1] = 0, [30 * m] = 0, [30 * m + 1] = 0, [60 * m] = 0, [60 * m + 1] = cap, [64 * m] = cap })
  px = drive(40 * m, function(k) if k <= 30 * m then return X, H - 20 end return X, 0 end)
  frames("T: 20 pt from the bottom, then exactly on the top edge (y = 0: over the container)", px,
    { [30 * m] = cap, [30 * m + 1] = -cap, [40 * m] = -cap })
  px = drive(40 * m, function(k) if k <= 30 * m then return X, H - 20 end return X, H end)
  frames("E: 20 pt from the bottom, then exactly on the bottom edge (y = 667: not over it)", px,
    { [30 * m] = cap, [30 * m + 1] = 0, [40 * m] = 0 })
end

for _, r in ipairs(out) do
  local rel = r.theirs ~= 0 and (r.ours - r.theirs) / r.theirs * 100 or (r.ours == 0 and 0 or math.huge)
  print(("%s\t%d\t%s\t%.4f\t%.4f\t%.2f"):format(r.peer, r.fps, r.where, r.ours, r.theirs, rel))
end
