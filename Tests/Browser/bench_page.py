"""Benchmark (not a test): the page's round trip in headless Chromium, from a message sent
(pointer event or animation frame) to its scene drawn into the DOM (`window.__play.rtts`), and
from a pointer event's own timestamp to its scene drawn and shown (`inputToDrawn`,
`inputToShown`: the latency the user sees).

  python3 Tests/Browser/bench_page.py [--rows N] [--seconds S] [--reorder PATH] [--flag=--chromium-switch ...]
                                      [--js 'JavaScript run in the page first' ...]"""
import argparse, os, time
from benchlib import DEFAULT_REORDER, chromium, start_play
from selenium.webdriver.common.actions.action_builder import ActionBuilder

p = argparse.ArgumentParser()
p.add_argument("--rows", type=int, default=1000)
p.add_argument("--seconds", type=float, default=20)
p.add_argument("--reorder", default=DEFAULT_REORDER)
p.add_argument("--flag", action="append", default=[], help="another Chromium switch (repeatable)")
p.add_argument("--js", action="append", default=[], help="JavaScript run in the page before the drags (experiments)")
a = p.parse_args()
server, url = start_play(a.reorder, a.rows)
d = chromium(a.flag)
d.get(url + "?measure")   # the page loads its figures (measure.js) only when asked
time.sleep(1.5)
left, top = d.execute_script("const v=document.getElementById('viewport');const r=v.getBoundingClientRect();"
                             "return [r.left+v.clientLeft, r.top+v.clientTop]")
for js in a.js:
    d.execute_script(js)

def kind(pid):
    """Chromium's process type (--type=renderer, gpu-process, utility: network, ...)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            # Chromium rewrites its process title: the arguments are one string with spaces.
            args = f.read().decode(errors="replace").replace("\0", " ").split()
    except OSError:
        return "?"
    t = next((x.split("=", 1)[1] for x in args if x.startswith("--type=")), "browser")
    sub = next((x.split("=", 1)[1].split(".")[-1] for x in args if x.startswith("--utility-sub-type=")), "")
    return f"{t} {sub}".strip()

def cpu_by_pid():
    """{pid: (Chromium process type, CPU ms)} of Chromium's processes."""
    out = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/comm") as f:
                if "chrom" not in f.read():
                    continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[int(pid)] = (kind(int(pid)), (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK"))
    return out

def cpu_by_kind(before, after):
    """CPU ms spent between two cpu_by_pid() samples, by process type."""
    out = {}
    for pid, (k, ms) in after.items():
        out[k] = out.get(k, 0) + ms - before.get(pid, (k, 0))[1]
    return out

def cpu_ms(root, itself=True):
    """CPU time (user + system, ms) of a process (unless not `itself`) and all its descendants,
    from /proc."""
    parent, ticks = {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(pid)] = int(fields[1])
        ticks[int(pid)] = int(fields[11]) + int(fields[12])
    mine = {root}
    changed = True
    while changed:
        changed = False
        for pid, pp in parent.items():
            if pp in mine and pid not in mine:
                mine.add(pid)
                changed = True
    if not itself:
        mine.discard(root)
    return sum(ticks.get(pid, 0) for pid in mine) * 1000 / os.sysconf("SC_CLK_TCK")

d.execute_script("window.__play.rtts.length = 0")
cpu0 = (cpu_ms(d.service.process.pid, itself=False), cpu_ms(server.pid))
kinds0 = cpu_by_pid()
# The renderer's main thread, from Chromium's own counters (CDP Performance.getMetrics:
# cumulative seconds of style, layout, script and all tasks, and counts).
d.execute_cdp_cmd("Performance.enable", {})
def metrics():
    return {m["name"]: m["value"] for m in d.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
metrics0 = metrics()
frames0 = d.execute_script("return window.__play.renders.length")
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
cpu1 = (cpu_ms(d.service.process.pid, itself=False), cpu_ms(server.pid))
kinds = cpu_by_kind(kinds0, cpu_by_pid())
metrics1 = metrics()
frames = d.execute_script("return window.__play.renders.length") - frames0
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
print(f"  CPU (user + system) of the run: the browser {(cpu1[0] - cpu0[0]) / 1000:.2f} s, the host {(cpu1[1] - cpu0[1]) / 1000:.2f} s; "
      f"per message ({len(r)}): the browser {(cpu1[0] - cpu0[0]) / max(len(r), 1):.2f} ms, the host {(cpu1[1] - cpu0[1]) / max(len(r), 1):.2f} ms")
print(f"  CPU (user + system) per rendered frame ({frames} frames): the browser {(cpu1[0] - cpu0[0]) / max(frames, 1):.2f} ms "
      f"(Chromium's processes, not chromedriver), the host {(cpu1[1] - cpu0[1]) / max(frames, 1):.2f} ms; by process: "
      + ", ".join(f"{k} {v / max(frames, 1):.2f}" for k, v in sorted(kinds.items()) if v > 0))
delta = {k: metrics1[k] - metrics0.get(k, 0) for k in metrics1}
print(f"  the page's main thread per rendered frame: tasks {delta.get('TaskDuration', 0) * 1000 / max(frames, 1):.2f} ms, "
      f"script {delta.get('ScriptDuration', 0) * 1000 / max(frames, 1):.2f}, style {delta.get('RecalcStyleDuration', 0) * 1000 / max(frames, 1):.2f}, "
      f"layout {delta.get('LayoutDuration', 0) * 1000 / max(frames, 1):.2f} ms; style recalcs {delta.get('RecalcStyleCount', 0) / max(frames, 1):.2f}, "
      f"layouts {delta.get('LayoutCount', 0) / max(frames, 1):.2f} per frame")
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
