#!/usr/bin/env python3
# Writes the five traces of the frame-cost replay check (BENCHMARKS.md, "Issue 13's frame on
# merged main") into a directory, for `reorder replay T --policy P --json` old against new:
#
#   python3 Benchmarks/scripts/make-replay-traces.py /tmp/traces
#   for f in /tmp/traces/*.jsonl; do reorder replay $f --policy pragmatic_autoscroll --json; done
#
# Seeded: the same files every run. demo.jsonl has no session line (the demo list); the others
# give a two-section table, a strip (a horizontal grid one cell high), a vertical grid and a
# board of three lists.
# Traces for the replay check: drags with long presses, glides into both edge zones with stays,
# drags leaving the viewport sideways (left, right), above and below and coming back, at frame
# intervals of 1/120-1/30 s, some ending in cancel; keyboard and group inputs on the table traces.
import json, os, random, sys
out = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(out, exist_ok=True)
def gen(session, W, H, cells, seed, drags=10, keyboard=True, group=True):
    r = random.Random(seed)
    out = []
    if session: out.append(json.dumps(session))
    t = 0.0
    def emit(d): out.append(json.dumps(d))
    def frames(n, dtc):
        nonlocal t
        for _ in range(n):
            t += dtc; emit({"t": t, "type": "frame"})
    for k in range(drags):
        dtc = r.choice([1/120, 1/60, 1/45, 1/30])
        x, y = r.choice(cells)
        emit({"t": t, "type": "down", "x": x, "y": y})
        frames(int(1.05 / dtc) + 1, dtc)          # wait out a 1 s press
        # waypoints: edges, sideways exits, back in
        pts = [(x, H - 20), (x, H - 5), (x, H + 40), (-30, H * 0.5), (W * 0.5, H * 0.5), (W + 25, H * 0.4),
               (W - 1, H * 0.4), (W, H * 0.4), (x, 10), (x, -15), (x, 30), (W * 0.3, H * 0.6)]
        r.shuffle(pts)
        for (px, py) in pts[: r.randint(5, len(pts))]:
            steps = r.randint(5, 25)
            cx, cy = x, y
            for i in range(1, steps + 1):
                t += dtc * r.choice([0.5, 1, 1])
                x = cx + (px - cx) * i / steps; y = cy + (py - cy) * i / steps
                emit({"t": t, "type": "move", "x": round(x, 3), "y": round(y, 3)})
                emit({"t": t, "type": "frame"}) if r.random() < 0.8 else None
            frames(r.randint(0, 40), dtc)          # stay
        emit({"t": t, "type": "cancel" if k % 4 == 3 else "up"})
        frames(40, dtc)
    if keyboard:
        t += 0.5
        emit({"t": t, "type": "focus", "section": 1, "row": 2})
        emit({"t": t, "type": "key", "key": "space"}); frames(30, 1/60)
        emit({"t": t, "type": "key", "key": "down", "n": 3}); frames(30, 1/60)
        emit({"t": t, "type": "key", "key": "space"}); frames(40, 1/60)
        emit({"t": t, "type": "action", "section": 1, "row": 1, "action": "move_to_end"}); frames(40, 1/60)
    if group:
        t += 0.5
        emit({"t": t, "type": "select", "section": 1, "row": 2})
        emit({"t": t, "type": "select", "section": 1, "row": 4})
        frames(3, 1/60)
        x, y = cells[1]
        emit({"t": t, "type": "down", "x": x, "y": y}); frames(70, 1/60)
        for i in range(40):
            t += 1/60; emit({"t": t, "type": "move", "x": x, "y": y + 8 * i}); emit({"t": t, "type": "frame"})
        emit({"t": t, "type": "up"}); frames(40, 1/60)
        emit({"t": t, "type": "tap", "section": 1, "row": 3}); frames(2, 1/60)
        emit({"t": t, "type": "deselect", "section": 1, "row": 4}); frames(2, 1/60)
    return "\n".join(out) + "\n"

items = lambda n, p: [f"{p}{i}" for i in range(n)]
demo_cells = [(160, 138), (160, 226), (200, 300), (120, 182)]
open(os.path.join(out, "demo.jsonl"), "w").write(gen(None, 375, 667, demo_cells, 1, drags=12))
tbl = {"type": "session", "policy": "default", "layout": "table", "sections": [items(150, "a"), items(60, "b")],
       "titles": ["One", "Two"], "row_height": 44.0, "header_height": 28.0,
       "viewport": {"width": 375.0, "height": 667.0}, "frame_rate": 60.0, "offset": {"x": 0.0, "y": 0.0}}
open(os.path.join(out, "table.jsonl"), "w").write(gen(tbl, 375, 667, demo_cells, 2))
strip = dict(tbl, layout="grid", sections=[items(120, "s")], titles=["S"], viewport={"width": 375.0, "height": 44.0},
             grid={"direction": "horizontal", "item_width": 80.0, "item_height": 44.0})
open(os.path.join(out, "strip.jsonl"), "w").write(gen(strip, 375, 44, [(40, 22), (130, 22), (210, 22)], 3, keyboard=False, group=False))
vgrid = dict(tbl, layout="grid", sections=[items(200, "g")], titles=["G"], grid={"item_width": 85.0, "item_height": 85.0})
open(os.path.join(out, "vgrid.jsonl"), "w").write(gen(vgrid, 375, 667, [(40, 40), (130, 130), (210, 300)], 4, keyboard=False, group=False))
board = dict(tbl, layout="board", sections=[items(40, "x"), items(30, "y"), items(20, "z")], titles=["A", "B", "C"])
open(os.path.join(out, "board.jsonl"), "w").write(gen(board, 375, 667, [(100, 100), (150, 200), (200, 300)], 5, keyboard=False))
