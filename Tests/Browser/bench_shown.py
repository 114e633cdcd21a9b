"""Benchmark (not a test): input to shown, measured from outside the page's code. A recorder
injected into the page notes each pointermove's own timestamp and, at every animation frame,
where the lifted row (#snapshot) is drawn; an input is shown at the first frame that draws
the row moved by the pointer's distance (within 1 px). For the mouse and for touch (CDP
Input.dispatchMouseEvent / dispatchTouchEvent), a press held 0.8 s then moves of 3 px every
16 ms; prints p50 and p99 for each.

  python3 Tests/Browser/bench_shown.py [--reorder PATH] [--moves N] [--rounds R]"""
import argparse, statistics, time
from benchlib import DEFAULT_REORDER, chromium, start_play, dispatch

p = argparse.ArgumentParser()
p.add_argument("--reorder", default=DEFAULT_REORDER)
p.add_argument("--moves", type=int, default=40)
p.add_argument("--rounds", type=int, default=3)
a = p.parse_args()
server, url = start_play(a.reorder, 200)
d = chromium(["--window-size=1440,900"])

RECORD = """
window.__seen = { moves: [], frames: [] };
addEventListener('pointermove', (e) => window.__seen.moves.push([e.timeStamp, e.clientY]), true);
const snap = document.getElementById('snapshot');
const frame = (t) => {
  window.__seen.frames.push([t, snap.hidden ? null : snap.getBoundingClientRect().top]);
  if (window.__seen.frames.length < 4000) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);"""


def run(kind):
    d.get(url)
    time.sleep(1.5)
    left, top = d.execute_script("const v=document.getElementById('viewport');const r=v.getBoundingClientRect();"
                                 "return [r.left+v.clientLeft, r.top+v.clientTop]")
    x, y = left + 120, top + 66          # row 2's centre
    dispatch(d, kind, x, y, "down")
    time.sleep(0.8)                      # past default's 0.5 s hold and its lift
    d.execute_script(RECORD)
    time.sleep(0.1)
    rest = d.execute_script("return window.__seen.frames.at(-1)[1]")
    for i in range(1, a.moves + 1):
        dispatch(d, kind, x, y + 3 * i, "move")
        time.sleep(0.016)
    time.sleep(0.2)
    seen = d.execute_script("return window.__seen")
    dispatch(d, kind, x, y + 3 * a.moves, "up")
    out = []
    for ts, cy in seen["moves"]:
        dy = cy - y
        if dy <= 0:
            continue
        for t, drawn in seen["frames"]:
            if t >= ts and drawn is not None and abs(drawn - rest - dy) <= 1:
                out.append(t - ts)
                break
    return out


try:
    for kind in ("mouse", "touch"):
        lat = sorted(x for _ in range(a.rounds) for x in run(kind))
        p99 = lat[min(len(lat) - 1, round(0.99 * (len(lat) - 1)))]
        print(f"{kind}: input to shown p50 {statistics.median(lat):.1f} ms, p99 {p99:.1f} ms ({len(lat)} moves)")
finally:
    d.quit()
    server.terminate()
