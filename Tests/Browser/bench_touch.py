"""Benchmark (not a test): where a touch's time goes in headless Chromium, hop by hop, and the
least any page can show it in. A bare page (no server, no socket) draws a box at the pointer's
place from its own event handler; the same moves as Tests/Browser/bench_shown.py (CDP
Input.dispatchMouseEvent / dispatchTouchEvent, 3 px every 16 ms) go to it, once per listener:

  pointerrawupdate   the playground's (dispatched as the event reaches the page's thread)
  pointermove        rAF-aligned: dispatched in the next animation frame, before its callbacks
  touchmove          non-passive, on a `touch-action: none` area (touch only)

For each it prints, p50 and p99 in ms: event timeStamp -> handler running; handler -> the next
animation frame's callback; event timeStamp -> the first animation frame that draws the box
there (as bench_shown.py times the lifted row). Drawing in the handler with no host at all is the
floor for a page that draws what a host sends: that page adds the round trip, and the frame
after the handler draws either. With --playground it also runs the playground's page
(`?measure`) under touch and splits its input to shown the same way (event -> handler ->
scene in the DOM -> shown).

  python3 Tests/Browser/bench_touch.py [--reorder PATH] [--moves N] [--rounds R] [--playground]"""
import argparse, http.server, statistics, threading, time
from benchlib import DEFAULT_REORDER, chromium, start_play, dispatch

p = argparse.ArgumentParser()
p.add_argument("--reorder", default=DEFAULT_REORDER)
p.add_argument("--moves", type=int, default=40)
p.add_argument("--rounds", type=int, default=3)
p.add_argument("--playground", action="store_true")
a = p.parse_args()
d = chromium(["--window-size=1440,900"])


class Blank(http.server.BaseHTTPRequestHandler):
    """An empty page on loopback: `pointerrawupdate` exists only in a secure context (about:blank
    and data: URLs are not one), and http://127.0.0.1 is."""
    def do_GET(self):
        body = b"<!doctype html><title>bare</title><body style='margin:0'></body>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


blank = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Blank)
threading.Thread(target=blank.serve_forever, daemon=True).start()
BLANK_URL = f"http://127.0.0.1:{blank.server_address[1]}/"

# The bare page: an area that takes the touch, a box drawn where the handler says, and a frame
# loop noting each animation frame's time and where the box is drawn.
BARE = """
document.body.innerHTML = '<div id="area" style="position:fixed;inset:0;touch-action:none">'
  + '<div id="box" style="position:absolute;left:100px;top:0;width:20px;height:20px;background:red"></div></div>';
const area = document.getElementById('area'), box = document.getElementById('box');
const seen = window.__seen = { events: [], frames: [] };
const handle = (e, y) => { seen.events.push([e.timeStamp, performance.now(), y]); box.style.top = y + 'px'; };
const listener = arguments[0];
if (listener === 'touchmove') {
  area.addEventListener('touchstart', (e) => e.preventDefault(), { passive: false });
  area.addEventListener('touchmove', (e) => { e.preventDefault(); handle(e, e.touches[0].clientY); }, { passive: false });
} else {
  area.addEventListener(listener, (e) => handle(e, e.clientY));
}
const frame = (t) => {
  seen.frames.push([t, performance.now(), box.getBoundingClientRect().top]);
  if (seen.frames.length < 4000) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);"""


def moves(kind, x, y, hold):
    dispatch(d, kind, x, y, "down")
    time.sleep(hold)
    for i in range(1, a.moves + 1):
        dispatch(d, kind, x, y + 3 * i, "move")
        time.sleep(0.016)
    time.sleep(0.2)


def shown_at(frames, ts, drawn):
    """The first animation frame (its timestamp) at or after `ts` whose `drawn` test passes."""
    for f in frames:
        if f[0] >= ts and drawn(f):
            return f[0]
    return None


def bare(kind, listener):
    d.get(BLANK_URL)
    d.execute_script(BARE, listener)
    time.sleep(0.3)
    x, y = 110, 100
    moves(kind, x, y, 0.2)
    seen = d.execute_script("return window.__seen")
    dispatch(d, kind, x, y + 3 * a.moves, "up")
    hop = {"event -> handler": [], "handler -> next frame": [], "event -> shown": []}
    for ts, ran, at in seen["events"]:
        hop["event -> handler"].append(ran - ts)
        nxt = [f[1] for f in seen["frames"] if f[1] >= ran]
        if nxt:
            hop["handler -> next frame"].append(nxt[0] - ran)
        t = shown_at(seen["frames"], ts, lambda f: abs(f[2] - at) < 0.5)
        if t is not None:
            hop["event -> shown"].append(t - ts)
    return hop


# The playground under touch: a capture listener notes when each move's handler runs (the
# page's own listener is on the viewport, below the window), measure.js each input's scene in
# the DOM, a frame loop where the lifted row is drawn.
RECORD = """
const seen = window.__seen = { events: [], frames: [] };
addEventListener('onpointerrawupdate' in window ? 'pointerrawupdate' : 'pointermove',
  (e) => seen.events.push([e.timeStamp, performance.now(), e.clientY]), true);
const snap = document.getElementById('snapshot');
const frame = (t) => {
  seen.frames.push([t, performance.now(), snap.hidden ? null : snap.getBoundingClientRect().top]);
  if (seen.frames.length < 4000) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);"""


def playground(url):
    d.get(url + "?measure")
    time.sleep(1.5)
    left, top = d.execute_script("const v=document.getElementById('viewport');const r=v.getBoundingClientRect();"
                                 "return [r.left+v.clientLeft, r.top+v.clientTop]")
    x, y = left + 120, top + 66          # row 2's centre
    dispatch(d, "touch", x, y, "down")
    time.sleep(0.8)                      # past default's 0.5 s hold and its lift
    d.execute_script(RECORD + "window.__play.inputToDrawn.length = 0;")
    time.sleep(0.1)
    rest = d.execute_script("return window.__seen.frames.at(-1)[2]")
    for i in range(1, a.moves + 1):
        dispatch(d, "touch", x, y + 3 * i, "move")
        time.sleep(0.016)
    time.sleep(0.2)
    seen = d.execute_script("return window.__seen")
    drawn = d.execute_script("return window.__play.inputToDrawn.filter((e) => e[0] === 'move').map((e) => e[1])")
    dispatch(d, "touch", x, y + 3 * a.moves, "up")
    hop = {"event -> handler": [ran - ts for ts, ran, _ in seen["events"]],
           "event -> scene in the DOM": drawn, "event -> shown": []}
    for ts, _, cy in seen["events"]:
        t = shown_at(seen["frames"], ts, lambda f: f[2] is not None and abs(f[2] - rest - (cy - y)) <= 1)
        if cy > y and t is not None:
            hop["event -> shown"].append(t - ts)
    return hop


def report(name, hops):
    parts = []
    for hop, xs in hops.items():
        xs = sorted(xs)
        if not xs:
            parts.append(f"{hop} -")
            continue
        p99 = xs[min(len(xs) - 1, round(0.99 * (len(xs) - 1)))]
        parts.append(f"{hop} {statistics.median(xs):.1f} / {p99:.1f}")
    print(f"{name}: " + "; ".join(parts) + " (p50 / p99 ms)")


def merge(runs):
    out = {}
    for hops in runs:
        for k, v in hops.items():
            out.setdefault(k, []).extend(v)
    return out


server = None
try:
    cases = [("mouse", "pointerrawupdate"), ("touch", "pointerrawupdate"), ("touch", "pointermove"),
             ("touch", "touchmove")]
    runs = {c: [] for c in cases}
    for _ in range(a.rounds):            # the listeners alternate, so machine noise weighs on all
        for c in cases:
            runs[c].append(bare(*c))
    for (kind, listener), r in runs.items():
        report(f"bare page, {kind}, {listener}", merge(r))
    if a.playground:
        server, url = start_play(a.reorder, 200)
        report("playground, touch", merge(playground(url) for _ in range(a.rounds)))
finally:
    d.quit()
    blank.shutdown()
    if server:
        server.terminate()
