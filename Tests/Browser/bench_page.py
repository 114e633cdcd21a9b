"""Benchmark (not a test): the page's round trip in headless Chromium, from a message sent
(pointer event or animation frame) to its scene drawn into the DOM (`window.__play.rtts`), and
from a pointer event's own timestamp to its scene drawn and shown (`inputToDrawn`,
`inputToShown`: the latency the user sees).

  python3 Tests/Browser/bench_page.py [--rows N] [--seconds S] [--reorder PATH] [--flag=--chromium-switch ...]"""
import argparse, os, re, subprocess, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder

p = argparse.ArgumentParser()
p.add_argument("--rows", type=int, default=1000)
p.add_argument("--seconds", type=float, default=20)
p.add_argument("--reorder", default=os.path.join(os.path.dirname(__file__), "..", "..", ".build", "release", "reorder"))
p.add_argument("--flag", action="append", default=[], help="another Chromium switch (repeatable)")
a = p.parse_args()
server = subprocess.Popen([a.reorder, "play", "--port", "0", "--rows", str(a.rows)], stdout=subprocess.PIPE, text=True)
for line in server.stdout:
    m = re.search(r"open (http://\S+)", line)
    if m:
        url = m.group(1)
        break
threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
o = Options()
for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"] + a.flag:
    o.add_argument(arg)
o.binary_location = "/usr/bin/chromium"
d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
d.get(url)
time.sleep(1.5)
left, top = d.execute_script("const v=document.getElementById('viewport');const r=v.getBoundingClientRect();"
                             "return [r.left+v.clientLeft, r.top+v.clientTop]")
d.execute_script("window.__play.rtts.length = 0")
end = time.time() + a.seconds
while time.time() < end:
    act = ActionBuilder(d)
    act.pointer_action.move_to_location(int(left + 120), int(top + 140))
    act.pointer_action.pointer_down()
    act.perform()
    time.sleep(0.8)
    act = ActionBuilder(d, duration=16)
    for i in range(60):
        act.pointer_action.move_to_location(int(left + 120), int(top + 300 + 200 * ((i % 30) / 15 - 1)))
    act.perform()
    act = ActionBuilder(d)
    act.pointer_action.pointer_up()
    act.perform()
    time.sleep(0.4)
r = sorted(d.execute_script("return window.__play.rtts"))
draw = sorted(d.execute_script("return window.__play.drawTimes || []"))
waits = d.execute_script("return window.__play.waits || []")
renders = sorted(d.execute_script("return window.__play.renders || []"))
f2d = sorted(d.execute_script("return window.__play.frameToDrawn || []"))
i2d = d.execute_script("return window.__play.inputToDrawn || []")
i2s = d.execute_script("return window.__play.inputToShown || []")
rkinds = d.execute_script("return window.__play.renderKinds || []")
d.quit()
server.terminate()
print(f"rows {a.rows}, {len(r)} messages in {a.seconds:.0f} s: page round trip p50 {r[len(r)//2]:.2f} ms, "
      f"p90 {r[int(len(r)*0.9)]:.2f} ms, p99 {r[int(len(r)*0.99)]:.2f} ms, max {r[-1]:.2f} ms")
if draw:
    print(f"  of which the page's own work per scene (drawing, log, chart): p50 {draw[len(draw)//2]:.2f} ms, "
          f"p99 {draw[int(len(draw)*0.99)]:.2f} ms")

def q(xs, f):
    return xs[min(len(xs) - 1, int(len(xs) * f))] if xs else float("nan")
if waits:
    # Where the round trip goes: from the message sent to its reply's handler starting (the
    # socket, the host, the browser's network process, the renderer's queue), split by whether
    # a frame's rendering (style, layout, paint, commit) ran on the main thread in between.
    w_all = sorted(w[0] for w in waits)
    w_blocked = sorted(w[0] for w in waits if w[1])
    w_free = sorted(w[0] for w in waits if not w[1])
    print(f"  sent -> reply handled: p50 {q(w_all, .5):.2f} ms, p99 {q(w_all, .99):.2f} ms; "
          f"with a frame rendered in between ({len(w_blocked)}): p50 {q(w_blocked, .5):.2f}, p99 {q(w_blocked, .99):.2f} ms; "
          f"without ({len(w_free)}): p50 {q(w_free, .5):.2f}, p99 {q(w_free, .99):.2f} ms")
    # The same by message type: which messages wait behind a rendering, and how long it took.
    for t in sorted({w[2] for w in waits if len(w) > 2}):
        mine = [w for w in waits if w[2] == t]
        b = sorted(w[0] for w in mine if w[1])
        rb = sorted(w[3] for w in mine if w[1])
        f = sorted(w[0] for w in mine if not w[1])
        sb = sorted(w[0] - w[4] for w in mine if w[1] and len(w) > 4)
        ra = sorted(w[4] for w in mine if w[1] and len(w) > 4)
        print(f"    {t}: {len(mine)} messages; behind a rendering {len(b)} (wait p50 {q(b, .5):.2f} ms, max {q(b, 1):.2f}; "
              f"that rendering p50 {q(rb, .5):.2f} ms, began p50 {q(sb, .5):.2f} ms after the message was sent, "
              f"the reply handled p50 {q(ra, .5):.2f} ms after it began), not {len(f)} (p50 {q(f, .5):.2f}, p99 {q(f, .99):.2f} ms)")
if renders:
    print(f"  a frame's rendering on the main thread ({len(renders)} frames): p50 {q(renders, .5):.2f} ms, "
          f"p90 {q(renders, .9):.2f} ms, p99 {q(renders, .99):.2f} ms")
if rkinds:
    # The slow frames: what the scenes drawn just before them changed.
    slow = sorted(rkinds, key=lambda r: -r[0])[:15]
    print("  the slowest renderings (ms, what the scenes before them changed): "
          + "; ".join(f"{ms:.1f} [{kinds}]" for ms, kinds in slow))
    by = {}
    for ms, kinds in rkinds:
        for k in (kinds.split() or ["nothing"]):
            by.setdefault(k, []).append(ms)
    for k, xs in sorted(by.items()):
        xs.sort()
        print(f"    frames after a scene that changed {k}: {len(xs)}, p50 {q(xs, .5):.2f} ms, p90 {q(xs, .9):.2f}, max {q(xs, 1):.2f} ms")
def by_kind(rows, what):
    # Input event timestamp -> scene, by input kind (the user-visible latency).
    if not rows:
        return
    allv = sorted(ms for _, ms in rows)
    print(f"  input event -> {what} ({len(allv)}): p50 {q(allv, .5):.2f} ms, p90 {q(allv, .9):.2f}, p99 {q(allv, .99):.2f} ms")
    for k in sorted({k for k, _ in rows}):
        xs = sorted(ms for kk, ms in rows if kk == k)
        print(f"    {k} ({len(xs)}): p50 {q(xs, .5):.2f} ms, p90 {q(xs, .9):.2f}, p99 {q(xs, .99):.2f}, max {q(xs, 1):.2f} ms")
by_kind(i2d, "its scene written into the DOM")
by_kind(i2s, "the end of the first rendering that shows it")
if f2d:
    print(f"  animation frame began -> its frame message's scene drawn ({len(f2d)}): p50 {q(f2d, .5):.2f} ms, "
          f"p90 {q(f2d, .9):.2f} ms, p99 {q(f2d, .99):.2f} ms")
