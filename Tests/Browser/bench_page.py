"""Benchmark (not a test): the page's round trip in headless Chromium, from a message sent
(pointer event or animation frame) to its scene drawn into the DOM (`window.__play.rtts`).

  python3 Tests/Browser/bench_page.py [--rows N] [--seconds S] [--reorder PATH]"""
import argparse, os, re, subprocess, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder

p = argparse.ArgumentParser()
p.add_argument("--rows", type=int, default=1000)
p.add_argument("--seconds", type=float, default=20)
p.add_argument("--reorder", default=os.path.join(os.path.dirname(__file__), "..", "..", ".build", "release", "reorder"))
a = p.parse_args()
server = subprocess.Popen([a.reorder, "play", "--port", "0", "--rows", str(a.rows)], stdout=subprocess.PIPE, text=True)
for line in server.stdout:
    m = re.search(r"open (http://\S+)", line)
    if m:
        url = m.group(1)
        break
threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
o = Options()
for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"]:
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
d.quit()
server.terminate()
print(f"rows {a.rows}, {len(r)} messages in {a.seconds:.0f} s: page round trip p50 {r[len(r)//2]:.2f} ms, "
      f"p90 {r[int(len(r)*0.9)]:.2f} ms, p99 {r[int(len(r)*0.99)]:.2f} ms, max {r[-1]:.2f} ms")
if draw:
    print(f"  of which the page's own work per scene (drawing, log, chart): p50 {draw[len(draw)//2]:.2f} ms, "
          f"p99 {draw[int(len(draw)*0.99)]:.2f} ms")
