"""Benchmark (not a test): the page's keyboard round trip in headless Chromium (keyboard
dragging), the sibling of bench_page.py for the keyboard's `focus` and `key` inputs.

A row is focused, then for --seconds the keys Space (lift), Down x3, Up x3, Space (drop), Tab
and Shift+Tab are pressed through WebDriver (real key events), --gap ms apart. The page is
measured from outside its own code, so a page that sends the keyboard's messages from its
handlers (protocol 3 before keyboard inputs rode on frames) and one that sends them inside
its frames are measured alike: `ws.send` and `ws.onmessage` are wrapped, a message carrying a
keyboard input (a stand-alone `focus`/`key`/`action`, or a `frame` whose `inputs` hold one) is
timed from its send to its reply's scene written into the DOM (message -> drawn), and each
key's own `keydown` timeStamp to that scene drawn and to the end of the first rendering after
it (key event -> drawn, -> shown; and -> its message sent). "sent -> reply handled" is split by whether a frame's
rendering ran on the main thread in between (the page's `renderEnd`).

  python3 Tests/Browser/bench_keys.py [--rows N] [--seconds S] [--gap MS] [--reorder PATH]"""
import argparse, time
from benchlib import DEFAULT_REORDER, chromium, start_play
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

p = argparse.ArgumentParser()
p.add_argument("--rows", type=int, default=1000)
p.add_argument("--seconds", type=float, default=20)
p.add_argument("--gap", type=float, default=150, help="ms between two keys")
p.add_argument("--reorder", default=DEFAULT_REORDER)
a = p.parse_args()
server, url = start_play(a.reorder, a.rows)
d = chromium()
d.get(url + "?measure")   # the page loads its figures (measure.js) only when asked
time.sleep(1.5)

# The instrumentation: keydown stamps in order (capture phase, before the page's handler);
# every keyboard input a message carries takes the oldest stamp.
d.execute_script("""
const K = window.__keys = {stamps: [], pending: new Map(), msgToDrawn: [], keyToDrawn: [], keyToShown: [],
                           keyToSent: [],
                           waits: [], armed: false};
const KB = new Set(['focus', 'key', 'action']);
// Only the keys the page turns into an input (not Shift itself).
const SENT = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape', 'Tab']);
document.addEventListener('keydown', (e) => { if (K.armed && SENT.has(e.key)) K.stamps.push([e.key, e.timeStamp]); }, true);
const ws = window.__play.ws;
const send = ws.send.bind(ws);
ws.send = (text) => {
  const m = JSON.parse(text);
  const kinds = KB.has(m.type) ? [m.type] : (m.inputs || []).map((i) => i.type).filter((t) => KB.has(t));
  if (kinds.length > 0 && m.seq && K.armed) {
    const stamps = kinds.map((k) => K.stamps.shift()).filter((s) => s !== undefined);
    const now = performance.now();
    for (const [k, ms] of stamps) K.keyToSent.push([k, now - ms]);
    K.pending.set(m.seq, [performance.now(), kinds, stamps]);
  }
  send(text);
};
const handle = ws.onmessage;
const shown = new MessageChannel();
shown.port1.onmessage = (e) => { const now = performance.now(); for (const [k, ms] of e.data) K.keyToShown.push([k, now - ms]); };
ws.onmessage = (e) => {
  const arrived = performance.now();
  handle(e);
  const now = performance.now();
  const seq = Number((/"seq":(\\d+)/.exec(e.data) || [])[1]);
  if (!K.pending.has(seq)) return;
  const [sent, kinds, stamps] = K.pending.get(seq);
  K.pending.delete(seq);
  K.msgToDrawn.push([kinds.join('+'), now - sent]);
  K.waits.push([arrived - sent, window.__play.renderEnd > sent]);
  for (const [k, ms] of stamps) K.keyToDrawn.push([k, now - ms]);
  // The end of the first rendering after the scene was drawn: a task posted from the next
  // animation frame's callback runs once that frame is rendered (as the page's own figures).
  requestAnimationFrame(() => shown.port2.postMessage(stamps));
};
""")
# Focus row 2 (a script's focus, not a key: the host is told with a focus message).
d.execute_script("document.querySelector('.cell[data-section=\"0\"][data-item=\"1\"]').focus()")
time.sleep(0.5)
d.execute_script("window.__keys.armed = true")
cycle = [Keys.SPACE, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_UP, Keys.ARROW_UP,
         Keys.ARROW_UP, Keys.SPACE, Keys.TAB, "shift+tab"]
end = time.time() + a.seconds
pressed = 0
while time.time() < end:
    for k in cycle:
        chain = ActionChains(d)
        if k == "shift+tab":
            chain.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT)
        else:
            chain.send_keys(k)
        chain.perform()
        pressed += 1
        time.sleep(a.gap / 1000)
time.sleep(0.5)
K = d.execute_script("return window.__keys")
i2d = d.execute_script("return window.__play.inputToDrawn || []")
i2s = d.execute_script("return window.__play.inputToShown || []")
errors = d.execute_script("return window.__play.errors")
d.quit()
server.terminate()

def q(xs, f):
    return xs[min(len(xs) - 1, int(len(xs) * f))] if xs else float("nan")
def line(label, xs):
    xs = sorted(xs)
    return f"{label} ({len(xs)}): p50 {q(xs, .5):.2f} ms, p90 {q(xs, .9):.2f}, p99 {q(xs, .99):.2f}, max {q(xs, 1):.2f} ms"
print(f"rows {a.rows}, {pressed} keys in {a.seconds:.0f} s ({len(K['stamps'])} keydowns left unmatched, {len(errors)} host errors)")
print("  " + line("message -> drawn", [ms for _, ms in K["msgToDrawn"]]))
for kinds in sorted({k for k, _ in K["msgToDrawn"]}):
    print("    " + line(kinds, [ms for k, ms in K["msgToDrawn"] if k == kinds]))
w_all = sorted(w[0] for w in K["waits"])
w_b = sorted(w[0] for w in K["waits"] if w[1])
w_f = sorted(w[0] for w in K["waits"] if not w[1])
print(f"  sent -> reply handled: p50 {q(w_all, .5):.2f} ms, p99 {q(w_all, .99):.2f} ms; with a frame rendered in between "
      f"({len(w_b)}): p50 {q(w_b, .5):.2f}, p99 {q(w_b, .99):.2f} ms; without ({len(w_f)}): p50 {q(w_f, .5):.2f}, p99 {q(w_f, .99):.2f} ms")
for what, rows in (("sent", K["keyToSent"]), ("drawn", K["keyToDrawn"]), ("shown", K["keyToShown"])):
    print("  " + line(f"key event -> {what}", [ms for _, ms in rows]))
    for k in sorted({k for k, _ in rows}):
        print("    " + line(repr(k), [ms for kk, ms in rows if kk == k]))
if i2d:   # the page's own figures (a page that sends keyboard inputs in frames)
    kb = [r for r in i2d if r[0] in ("focus", "key", "action")]
    print("  the page's own: " + line("keyboard input -> drawn", [ms for _, ms in kb]))
    kb = [r for r in i2s if r[0] in ("focus", "key", "action")]
    print("  the page's own: " + line("keyboard input -> shown", [ms for _, ms in kb]))
