"""End-to-end tests of `reorder play` in a real (headless) Chromium, driven by Selenium.

Run with `make browser-test` (it builds `reorder` first). Needs Debian's `chromium` and
`chromium-driver` and `pip install selenium`. Environment:
  REORDER    the binary (default .build/debug/reorder)
  ARTIFACTS  where screenshots go (default .build/browser-artifacts)
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

import websocket  # websocket-client, installed with selenium
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REORDER = os.environ.get("REORDER", os.path.join(REPO, ".build", "debug", "reorder"))
ARTIFACTS = os.environ.get("ARTIFACTS", os.path.join(REPO, ".build", "browser-artifacts"))
ROW = 44  # the table's row height, points

FIRST_POLICY = 'return { name = "mine", extends = "default", api = 1 }\n'


def write_policy(directory, name, text):
    """Writes a policy file `name` with `text` into `directory`; returns its path."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def wait(predicate, timeout=5.0, interval=0.02, what="condition"):
    """Polls until predicate() is truthy; returns its value or fails after timeout."""
    end = time.time() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.time() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def assert_inputs_in_time_order(case, sent):
    """The inputs the page sent, across its frame messages, never go back in time, and each
    input's time is at most its frame's (protocol 3, docs/PLAYGROUND.md)."""
    last = 0
    for m in sent:
        for i in m.get("inputs", []):
            case.assertGreaterEqual(i["time"], last)
            case.assertLessEqual(i["time"], m["time"])
            last = i["time"]
        last = max(last, m["time"])


class PageTest(unittest.TestCase):
    """A `reorder play` server (arguments from `server_args`) and a headless Chromium on its page;
    the helpers. The cases are in the subclasses."""

    # The first three items of the list the server starts with (`--rows N`: "1", "2", "3").
    FIRST_ROWS = ["1", "2", "3"]

    @classmethod
    def server_args(cls):
        raise NotImplementedError

    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        cls.dir = tempfile.mkdtemp(prefix="reorder-play-")
        cls.server = subprocess.Popen([REORDER, "play"] + cls.server_args(),
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        cls.server_output = []
        found = {}

        def read():
            for line in cls.server.stdout:
                cls.server_output.append(line)
                m = re.search(r"open (http://\S+)", line)
                if m:
                    found["url"] = m.group(1)

        threading.Thread(target=read, daemon=True).start()
        cls.url = wait(lambda: found.get("url"), timeout=30, what="the server's URL")
        cls.port = int(re.search(r":(\d+)/", cls.url).group(1))
        options = Options()
        for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900",
                  "--force-device-scale-factor=1"]:
            options.add_argument(a)
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        # The console, for the tests that the page logs no error (driver.get_log("browser")).
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        cls.driver = webdriver.Chrome(options=options, service=service)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=10)

    # MARK: helpers

    def setUp(self):
        d = self.driver
        d.get(self.url)
        wait(lambda: d.execute_script("return !!(window.__play && window.__play.scene)"), what="the first scene")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def scene(self):
        return self.js("return window.__play.scene")

    def host_state(self):
        with urllib.request.urlopen(self.url + "state") as r:
            return json.load(r)

    def choose(self, policy, name=None):
        Select(self.driver.find_element(By.ID, "policy")).select_by_value(policy)
        wait(lambda: self.driver.title == f"reorder play: {name or policy}", what=f"policy {policy}")
        self.driver.find_element(By.ID, "reset").click()
        wait(lambda: self.host_state()["order"][0][:3] == self.FIRST_ROWS, what="the reset list")

    def origin(self):
        return self.js("const v = document.getElementById('viewport'); const r = v.getBoundingClientRect();"
                       "return [r.left + v.clientLeft, r.top + v.clientTop]")

    def pointer(self, duration=0):
        return ActionBuilder(self.driver, duration=duration)

    def press(self, x, y):
        left, top = self.origin()
        a = self.pointer()
        a.pointer_action.move_to_location(int(left + x), int(top + y))
        a.pointer_action.pointer_down()
        a.perform()

    def glide(self, x0, y0, x1, y1, steps=12, step_ms=20):
        left, top = self.origin()
        a = self.pointer(duration=step_ms)
        for i in range(1, steps + 1):
            a.pointer_action.move_to_location(int(left + x0 + (x1 - x0) * i / steps), int(top + y0 + (y1 - y0) * i / steps))
        a.perform()

    def release(self):
        a = self.pointer()
        a.pointer_action.pointer_up()
        a.perform()
        wait(lambda: self.scene()["state"] == "idle", what="the drop to end")

    def lifted(self):
        wait(lambda: (self.scene().get("snapshot") or {}).get("phase") == "lifted", what="the lift")

    def dom_order(self):
        return self.js("return [...document.querySelectorAll('#content .cell')].map(e => e.dataset.id)")

    def transform(self):
        """(scale, rotation) of the snapshot's computed CSS transform."""
        t = self.js("return getComputedStyle(document.getElementById('snapshot')).transform")
        # matrix(a, b, c, d, e, f), or matrix3d(a, b, 0, 0, c, d, ...) for the page's translate3d
        m = re.match(r"matrix(3d)?\(([^)]*)\)", t)
        v = [float(x) for x in m.group(2).split(",")]
        a, b = v[0], v[1]
        return math.hypot(a, b), math.atan2(b, a)



class Playground(PageTest):
    """The table of 200 rows with a policy file of our own (hot reload)."""

    @classmethod
    def server_args(cls):
        cls.policy = os.path.join(cls.dir, "mine.lua")
        with open(cls.policy, "w") as f:
            f.write(FIRST_POLICY)
        return [cls.policy, "--port", "0", "--rows", "200"]

    def setUp(self):
        # Rewrite the policy only when a test changed it: a write makes the server reload.
        with open(self.policy) as f:
            changed = f.read() != FIRST_POLICY
        if changed:
            with open(self.policy, "w") as f:
                f.write(FIRST_POLICY)
            time.sleep(0.5)  # let the reload (150 ms polling) happen before the page loads
        super().setUp()

    # MARK: cases

    def test_pointer_inputs_ride_on_frames(self):
        """Protocol 3 (docs/PLAYGROUND.md, "Versions"): the page sends no pointer message of its
        own; the press, the moves and the release go in frame messages' `inputs`, in order
        (down first, up last), each time at most its frame's and never going back: each goes
        from its event handler in a frame of its own (docs/PLAYGROUND.md, "Versions";
        bench_page.py measures the input to the scene drawn)."""
        self.choose("default")
        self.js("const ws = window.__play.ws; const send = ws.send.bind(ws); window.__sent = [];"
                "ws.send = (m) => { window.__sent.push(JSON.parse(m)); send(m); };")
        self.press(120, 1 * ROW + 22)
        self.lifted()
        self.glide(120, 66, 120, 4 * ROW + 22, steps=8)
        self.release()
        sent = self.js("return window.__sent")
        self.assertEqual({m["type"] for m in sent}, {"frame"})
        self.assertTrue(all(m["v"] == 4 for m in sent))   # the version the host serves (docs/PLAYGROUND.md, "Versions")
        inputs = [i for m in sent for i in m.get("inputs", [])]
        kinds = [i["type"] for i in inputs]
        self.assertEqual(kinds[0], "down")
        self.assertEqual(kinds[-1], "up")
        self.assertEqual(kinds.count("down"), 1)
        self.assertEqual(kinds.count("up"), 1)
        self.assertGreaterEqual(kinds.count("move"), 2)
        assert_inputs_in_time_order(self, sent)
        # Row 2 (the pressed row 2 at y 66) dropped on row 5's centre (4 × 44 + 22 = 198):
        # 1 3 4 5 2 6 ... on the host, as the page drew it.
        self.assertEqual(self.host_state()["order"][0][:6], ["1", "3", "4", "5", "2", "6"])

    def test_drag_row_2_to_row_9_matches_host_and_replay(self):
        """Long press and drag of row 2 to row 9 under `default`: the page's DOM, the host and
        `reorder replay` of the page's trace all give 1 3 4 5 6 7 8 9 2 10 ..."""
        self.choose("default")
        d = self.driver
        d.find_element(By.ID, "record").click()
        wait(lambda: not d.find_element(By.ID, "stop").get_attribute("disabled") or
             self.js("return document.getElementById('status').textContent") == "recording", what="recording")
        # Row 2's centre is y = 44 + 22; row 9's is 8 × 44 + 22 = 374.
        self.press(120, 1 * ROW + 22)
        self.lifted()
        self.glide(120, 66, 120, 8 * ROW + 22, steps=20)
        time.sleep(0.3)
        self.release()
        d.find_element(By.ID, "stop").click()
        trace = wait(lambda: self.js("return window.__play.traceText"), what="the trace")
        expected = ["1", "3", "4", "5", "6", "7", "8", "9", "2"] + [str(i) for i in range(10, 201)]
        host = self.host_state()["order"][0]
        self.assertEqual(host, expected)
        dom = self.dom_order()
        self.assertEqual(dom, expected[:len(dom)])
        self.assertGreaterEqual(len(dom), 15)  # 667 pt show 15 rows and part of a 16th
        path = os.path.join(self.dir, "drag.jsonl")
        with open(path, "w") as f:
            f.write(trace)
        out = subprocess.run([REORDER, "replay", path, "--json"], capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        self.assertEqual(json.loads(out.stdout)["items"][0], expected)

    def test_bottom_zone_scrolls_at_the_policy_speed(self):
        """The finger held 60 pt inside `default`'s 120 pt bottom zone: after the 0.4 s ramp the
        offset grows at 1500 × (60 / 120)² = 375 pt/s (DefaultPolicy), within 5 %."""
        self.choose("default")
        self.press(120, 1 * ROW + 22)
        self.lifted()
        self.glide(120, 66, 120, 667 - 60, steps=20)
        time.sleep(0.8)
        s1 = self.scene()
        time.sleep(1.0)
        s2 = self.scene()
        speed = (s2["offset"][1] - s1["offset"][1]) / (s2["time"] - s1["time"])
        zone = [z for z in s2["zones"] if z["axis"] == "vertical"][0]
        self.release()
        self.assertAlmostEqual(speed, 375, delta=375 * 0.05)
        self.assertAlmostEqual(zone["speed"], 375, delta=375 * 0.05)
        self.assertEqual(zone["zone"], 120)

    def test_drag_drop_table_snapshot_transform(self):
        """drag_drop_table's snapshot: scaledBy(1.05) and rotated(by: .pi / 36) (seed 003)."""
        self.choose("drag_drop_table")
        self.press(120, 2 * ROW + 22)
        self.lifted()
        self.glide(120, 110, 120, 150, steps=4)
        time.sleep(0.1)
        scale, rotation = self.transform()
        self.release()
        self.assertAlmostEqual(scale, 1.05, places=3)
        self.assertAlmostEqual(rotation, math.pi / 36, places=3)

    def test_mid_drag_screenshot_shows_the_snapshot_where_the_host_puts_it(self):
        """A PNG of a mid-drag frame under swift_reorder (shadow opacity 0.3, radius 10,
        offset (0, 3)): the snapshot is white at the host's centre and casts its shadow just
        below its bottom edge, and nowhere 100 px lower."""
        self.choose("swift_reorder")
        self.press(120, 2 * ROW + 22)
        self.lifted()
        self.glide(120, 110, 120, 300, steps=10)
        time.sleep(0.4)
        path = os.path.join(ARTIFACTS, "mid-drag.png")
        self.driver.save_screenshot(path)
        snap = self.scene()["snapshot"]
        left, top = self.origin()
        self.release()
        with open(path, "rb") as f:
            width, height, rows = png.read(f.read())
        cx, cy = snap["center"]
        h = snap["size"][1] * snap["scale"]
        x = int(left + 300)
        bottom = int(round(top + cy + h / 2))
        brightness = lambda y: sum(rows[y][x])
        inside = [brightness(y) for y in range(int(top + cy) - 8, int(top + cy) + 8)]
        self.assertTrue(all(b >= 3 * 250 for b in inside), f"snapshot not white at its centre: {inside}")
        band = [brightness(y) for y in range(bottom + 1, bottom + 11)]
        control = [brightness(y) for y in range(bottom + 100, bottom + 110)]
        self.assertGreaterEqual(sum(b < 3 * 247 for b in band), 4, f"no shadow under the snapshot: {band}")
        self.assertLessEqual(sum(b < 3 * 247 for b in control), 2, f"shadow-like band away from it: {control}")

    def test_hot_reload_and_a_broken_edit(self):
        """A save shows the new policy within 1 s; a syntax error shows mine.lua:LINE in the page
        while the last good policy keeps dragging."""
        self.choose("file", "mine")
        with open(self.policy, "w") as f:
            f.write('return { name = "mine2", extends = "default", api = 1, snapshot = { scale = 1.2 } }\n')
        start = time.time()
        wait(lambda: self.driver.title == "reorder play: mine2", timeout=3, what="the reload")
        self.assertLess(time.time() - start, 1.0)
        self.press(120, 1 * ROW + 22)
        self.lifted()
        self.assertAlmostEqual(self.transform()[0], 1.2, places=3)
        self.release()
        with open(self.policy, "w") as f:
            f.write('return { name = "mine3",\n  extends = "default" api = 1 }\n')
        start = time.time()
        message = wait(lambda: self.js("const e = document.getElementById('policy-error');"
                                       "return e.hidden ? '' : e.textContent"), timeout=3, what="the error")
        self.assertLess(time.time() - start, 1.0)
        self.assertRegex(message, r"mine\.lua:2: ")
        self.assertTrue(any("mine.lua:2:" in line for line in self.server_output), "".join(self.server_output[-5:]))
        # The last good policy (mine2, scale 1.2) still drags: row 1 onto row 3.
        self.press(120, 22)
        self.lifted()
        self.assertAlmostEqual(self.transform()[0], 1.2, places=3)
        self.glide(120, 22, 120, 2 * ROW + 22, steps=8)
        time.sleep(0.2)
        self.release()
        self.assertEqual(self.host_state()["order"][0][:3], ["2", "3", "1"])
        self.assertEqual(self.driver.title, "reorder play: mine2")

    def test_garbage_and_foreign_origin_are_refused(self):
        """Malformed, oversized and foreign-origin messages get refused; the page keeps working."""
        self.choose("default")
        self.js("window.__play.ws.send('garbage{')")
        wait(lambda: any("not JSON" in e for e in self.js("return window.__play.errors")), what="the JSON error")
        self.js("window.__play.ws.send(JSON.stringify({v: 4, type: 'frame', time: 1, seq: 77, inputs: [{type: 'down', time: 'soon', x: 1, y: 2}]}))")
        wait(lambda: any("frame.inputs[0].time: expected a number from 0 to 1e9 (got a string)" in e for e in self.js("return window.__play.errors")),
             what="the field error")
        # Chromium sends a long message in fragments: the error, then the connection closes with
        # 1009 (docs/PLAYGROUND.md) and the page reconnects by itself.
        self.js("window.__tooLarge = window.__play.ws; window.__play.ws.send('x'.repeat(1100000))")
        wait(lambda: any("too large" in e for e in self.js("return window.__play.errors")), what="the size error")
        wait(lambda: self.js("return window.__play.ws !== window.__tooLarge && window.__play.ws.readyState === 1"),
             what="the page to reconnect")
        self.js("window.__play.ws.send(JSON.stringify({v: 5, type: 'hello'}))")
        wait(lambda: any("unsupported protocol version 5" in e for e in self.js("return window.__play.errors")),
             what="the version error")
        # A refused upgrade: swift-nio's upgrader answers 400 Bad Request and closes (plain HTTP
        # requests with a foreign Origin or Host get 403 from the server's guard).
        ws_url = f"ws://127.0.0.1:{self.port}/ws"
        with self.assertRaises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(ws_url, origin="http://evil.example", timeout=5)
        self.assertEqual(refused.exception.status_code, 400)
        with self.assertRaises(websocket.WebSocketBadStatusException) as rebinding:
            websocket.create_connection(ws_url, host=f"evil.example:{self.port}", timeout=5)
        self.assertEqual(rebinding.exception.status_code, 400)
        # The same origin is let in (so the refusals above are about the origin and host).
        websocket.create_connection(ws_url, origin=f"http://127.0.0.1:{self.port}", timeout=5).close()
        request = urllib.request.Request(self.url + "state", headers={"Origin": "http://evil.example"})
        with self.assertRaises(urllib.error.HTTPError) as http:
            urllib.request.urlopen(request)
        self.assertEqual(http.exception.code, 403)
        request = urllib.request.Request(self.url, headers={"Host": f"evil.example:{self.port}"})
        with self.assertRaises(urllib.error.HTTPError) as http:
            urllib.request.urlopen(request)
        self.assertEqual(http.exception.code, 403)
        # The page still drives the session: row 1 onto row 3.
        self.press(120, 22)
        self.lifted()
        self.glide(120, 22, 120, 2 * ROW + 22, steps=8)
        time.sleep(0.2)
        self.release()
        self.assertEqual(self.host_state()["order"][0][:3], ["2", "3", "1"])
        self.assertEqual(self.dom_order()[:3], ["2", "3", "1"])

    def test_controls_are_reachable_by_keyboard(self):
        """Tab reaches the policy picker, Record, Reset and the trace file input; the keyboard
        alone switches the policy and starts and stops a recording."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        d = self.driver
        self.js("document.activeElement && document.activeElement.blur()")
        seen = []
        # The list's items come first, all 200 of them in order (Tab goes on past the
        # rows drawn, the host scrolling each into view), then the controls. A Tab pressed
        # before the host's reply focused the row asked for asks for the same row again, so
        # the loop is bounded generously rather than at 200 + 5.
        for _ in range(1000):
            ActionChains(d).send_keys(Keys.TAB).perform()
            seen.append(self.js("return document.activeElement.id"))
            if seen[-1] == "trace-file":
                break
        rows = self.js("return window.__play.keyboard.focus")
        self.assertEqual(rows, [1, 200])   # the focus left the list after its last row (1-based)
        for control in ["policy", "record", "reset", "trace-file"]:
            self.assertIn(control, seen)
        # Pick uikit with the arrow keys (the picker lists the built-ins alphabetically; `file` last).
        picker = d.find_element(By.ID, "policy")
        picker.send_keys("uikit")
        wait(lambda: d.title == "reorder play: uikit", what="the policy picked by keyboard")
        d.find_element(By.ID, "record").send_keys(Keys.ENTER)
        wait(lambda: d.find_element(By.ID, "stop").is_enabled(), what="recording started by keyboard")
        d.find_element(By.ID, "stop").send_keys(Keys.ENTER)
        wait(lambda: self.js("return window.__play.traceText") is not None, what="the trace")
        self.assertFalse(d.find_element(By.ID, "download").get_attribute("hidden"))

    def test_trace_download_file_replay_and_drop_replay(self):
        """A recorded drag (row 2 onto row 4's centre, 3 × 44 + 22 = 154, under `default`:
        1 3 4 2 5 ..., as row 2 onto row 5 gives 1 3 4 5 2 in the touch test) is downloadable
        (the link's blob holds the trace text), and replays from the file input and from a file
        dropped on the page: after a reset each replay gives the same order on the host and in
        the DOM. A replay running is stopped by the Stop button, and by a press of the page's
        own, which then applies (docs/PLAYGROUND.md, "Replays"): no error, no `replaying`."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        self.choose("default")
        d = self.driver
        d.find_element(By.ID, "record").click()
        wait(lambda: d.find_element(By.ID, "stop").is_enabled(), what="recording")
        self.press(120, 1 * ROW + 22)
        self.lifted()
        self.glide(120, 66, 120, 3 * ROW + 22, steps=10)
        time.sleep(0.3)
        self.release()
        d.find_element(By.ID, "stop").click()
        trace = wait(lambda: self.js("return window.__play.traceText"), what="the trace")
        expected = ["1", "3", "4", "2", "5", "6"]
        self.assertEqual(self.host_state()["order"][0][:6], expected)
        # The download link is reachable by Tab once shown (after Reset list, the last control
        # of the row: its place is kept while hidden, so showing it moves nothing), and its
        # blob is the trace.
        link = d.find_element(By.ID, "download")
        self.assertTrue(link.is_displayed())
        self.js("document.getElementById('reset').focus()")
        ActionChains(d).send_keys(Keys.TAB).perform()
        self.assertEqual(self.js("return document.activeElement.id"), "download")
        blob = d.execute_async_script("const done = arguments[arguments.length - 1];"
                       "fetch(document.getElementById('download').href).then(r => r.text()).then(done)")
        self.assertEqual(blob, trace)
        path = os.path.join(self.dir, "page.trace.jsonl")
        with open(path, "w") as f:
            f.write(trace)
        # The same trace with a last frame a minute later: a replay still running when stopped.
        last = json.loads(trace.strip().split("\n")[-1])["time"]
        longer = trace + json.dumps({"t": last + 60, "type": "frame"}) + "\n"
        long_path = os.path.join(self.dir, "long.trace.jsonl")
        with open(long_path, "w") as f:
            f.write(longer)

        def reset():
            self.js("window.__play.lastReplaying = false; window.__play.sawReplaying = false;")
            d.find_element(By.ID, "reset").click()
            wait(lambda: self.host_state()["order"][0][:3] == self.FIRST_ROWS, what="the reset list")

        def stopped(how):
            wait(lambda: not self.js("return !!window.__play.lastReplaying"), what=f"the replay stopped by {how}")

        reset()
        d.find_element(By.ID, "trace-file").send_keys(path)
        wait(lambda: self.js("return !!window.__play.sawReplaying"), what="a replaying scene")
        wait(lambda: self.host_state()["order"][0][:6] == expected, timeout=10, what="the file input replay's order")
        wait(lambda: self.scene()["state"] == "idle" and not self.js("return !!window.__play.lastReplaying"),
             timeout=10, what="the file input replay to end")
        self.assertEqual(self.dom_order()[:6], expected)

        reset()
        self.js("const dt = new DataTransfer();"
                "dt.items.add(new File([arguments[0]], 'dropped.jsonl', {type: 'application/jsonl'}));"
                "document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));",
                longer)
        wait(lambda: self.host_state()["order"][0][:6] == expected, timeout=10, what="the dropped replay's order")
        self.assertTrue(self.js("return !!window.__play.lastReplaying"))
        log = self.js("return [...document.querySelectorAll('#log li')].map(e => e.textContent)")
        self.assertTrue(any("replaying dropped.jsonl" in line for line in log), log[-5:])
        errors = len(self.js("return window.__play.errors"))
        d.find_element(By.ID, "stop").click()
        stopped("the Stop button")
        self.assertEqual(self.host_state()["state"], "idle")

        reset()
        d.find_element(By.ID, "trace-file").send_keys(long_path)
        wait(lambda: self.host_state()["order"][0][:6] == expected, timeout=10, what="the long replay's order")
        self.assertTrue(self.js("return !!window.__play.lastReplaying"))
        self.press(120, 22)
        stopped("a press")
        wait(lambda: self.host_state()["state"] in ("pressing", "dragging"), what="the page's own press")
        self.release()
        self.assertEqual(self.js("return window.__play.errors")[errors:], [])

    def test_touch_drag_via_cdp_touch_events(self):
        """A real touch (CDP Input.dispatchTouchEvent: touchStart, touchMove, touchEnd) arrives
        as Pointer Events of type touch: a long press of row 2 and a drag to row 5's centre
        under `default` give 1 3 4 5 2 6 ... on the host and in the DOM."""
        self.choose("default")
        d = self.driver
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        self.js("window.__touchTypes = []; document.getElementById('viewport').addEventListener("
                "'pointerdown', (e) => window.__touchTypes.push(e.pointerType))")
        left, top = self.origin()

        def touch(kind, x=None, y=None):
            points = [] if x is None else [{"x": left + x, "y": top + y, "id": 1}]
            d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        try:
            touch("touchStart", 120, 1 * ROW + 22)
            self.lifted()
            for i in range(1, 13):  # row 2's centre (66) to row 5's (4 × 44 + 22 = 198)
                touch("touchMove", 120, 66 + (198 - 66) * i / 12)
                time.sleep(0.02)
            time.sleep(0.3)
            touch("touchEnd")
            wait(lambda: self.scene()["state"] == "idle", what="the drop to end")
        finally:
            d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        self.assertEqual(self.js("return window.__touchTypes"), ["touch"])
        expected = ["1", "3", "4", "5", "2", "6"]
        self.assertEqual(self.host_state()["order"][0][:6], expected)
        self.assertEqual(self.dom_order()[:6], expected)

    def test_event_numbers_are_not_clipped(self):
        """After 12+ log lines, every event number (two digits too) lies inside the log's box:
        the README screenshot once showed '.0.' for 10."""
        self.choose("default")
        self.js("for (let i = 0; i < 120; i++) window.__play.log('line ' + i)")
        boxes = self.js("const log = document.getElementById('log').getBoundingClientRect();"
                        "return [...document.querySelectorAll('#log .n')].map(n => {"
                        "const r = n.getBoundingClientRect(); return [n.textContent, r.left - log.left, r.width,"
                        "n.scrollWidth <= n.clientWidth]; })")
        self.assertGreaterEqual(len(boxes), 120)
        for text, left, width, fits in boxes:
            self.assertGreaterEqual(left, 0, text)
            self.assertTrue(fits, text)
        self.assertIn("100.", [b[0] for b in boxes])

    def select_at(self, x, y):
        """A Shift-click on the viewport point (x, y): a synthetic pointerdown with shiftKey."""
        self.js("const v = document.getElementById('viewport'); const r = v.getBoundingClientRect();"
                "v.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0,"
                "pointerId: 7, isPrimary: true, shiftKey: true, clientX: r.left + v.clientLeft + arguments[0],"
                "clientY: r.top + v.clientTop + arguments[1] }))", x, y)

    def test_shift_click_selects_and_a_selected_item_drags_the_group(self):
        """Shift-click rows 2 and 5 under `default` (group.mode collapse, relative);
        dragging row 5 drags both, the snapshot shows the badge 2 over a stacked card; dropped
        on row 9's cell, the group lands as one block: with 2 folded the list is 1 3 4 5 6 ...,
        "5" lands at index 8 (after 10), the others before it are 1 3 4 6 7 8 9 10, so
        1 3 4 6 7 8 9 10 2 5 11 ... (SortableJS MultiDrag's rule, see group_spec.lua)."""
        self.choose("default")
        self.select_at(120, 1 * ROW + 22)
        self.select_at(120, 4 * ROW + 22)
        wait(lambda: [c["id"] for c in self.scene()["cells"] if c.get("selected")] == ["2", "5"], what="the selection")
        self.assertEqual(self.js("return [...document.querySelectorAll('#content .cell.selected')].map(e => e.dataset.id)"),
                         ["2", "5"])
        self.press(120, 4 * ROW + 22)
        self.lifted()
        snap = self.scene()["snapshot"]
        self.assertEqual((snap["count"], snap["badge"], snap["stack"]), (2, True, 1))
        self.assertEqual(self.js("return document.getElementById('snapshot').dataset.badge"), "2")
        badge = self.js("return getComputedStyle(document.getElementById('snapshot'), '::after').content")
        self.assertEqual(badge, '"2"')
        self.glide(120, 4 * ROW + 22, 120, 8 * ROW + 22, steps=12)
        time.sleep(0.3)
        path = os.path.join(ARTIFACTS, "group-drag.png")
        self.driver.save_screenshot(path)
        self.release()
        expected = ["1", "3", "4", "6", "7", "8", "9", "10", "2", "5"] + [str(i) for i in range(11, 201)]
        self.assertEqual(self.host_state()["order"][0], expected)
        self.assertEqual([c["id"] for c in self.scene()["cells"] if c.get("selected")], [])
        with open(path, "rb") as f:
            width, height, rows = png.read(f.read())
        self.assertGreater(width, 0)


class Strip(PageTest):
    """`reorder play --layout strip`: the tab strip (12 tabs of 80 x 44 pt, a 375 x 44 pt
    viewport) under `default`, which follows and edge-scrolls along the strip's x."""

    TABS = ["Mail", "Calendar", "News", "Docs", "Maps", "Music", "Photos", "Notes", "Weather", "Shop",
            "Chat", "Wiki"]

    @classmethod
    def server_args(cls):
        return ["--layout", "strip", "--port", "0"]

    def test_a_tab_drags_sideways(self):
        """A long press of tab 1 (centre x = 40) and a glide to tab 4's centre (3 × 80 + 40 =
        280) give Calendar News Docs Mail Maps ... on the host and in the DOM; mid-drag the
        snapshot sits at the finger's x and the tab's y (22), and a PNG shows it there."""
        self.assertEqual(self.host_state()["order"][0], self.TABS)
        self.press(40, 22)
        self.lifted()
        self.glide(40, 22, 280, 22, steps=12)
        time.sleep(0.4)
        snap = self.scene()["snapshot"]
        path = os.path.join(ARTIFACTS, "strip-mid-drag.png")
        self.driver.save_screenshot(path)
        left, top = self.origin()
        rect = self.js("return document.getElementById('snapshot').getBoundingClientRect().toJSON()")
        self.release()
        self.assertEqual(snap["center"], [280, 22])
        # The page draws the snapshot (84 x 46.2 pt at scale 1.05) centred there.
        self.assertAlmostEqual(rect["x"] + rect["width"] / 2 - left, 280, delta=1)
        self.assertAlmostEqual(rect["y"] + rect["height"] / 2 - top, 22, delta=1)
        self.assertAlmostEqual(rect["width"], 84, delta=1)
        # The PNG: the tab's title, dark text, is in the snapshot's middle, across x.
        with open(path, "rb") as f:
            width, height, rows = png.read(f.read())
        dark = [(x, y) for y in range(int(top + 12), int(top + 32)) for x in range(int(left + 240), int(left + 320))
                if sum(rows[y][x][:3]) < 3 * 128]
        self.assertGreater(len(dark), 20, "no title in the snapshot")
        xs = [x - left for x, _ in dark]
        self.assertLess(abs((min(xs) + max(xs)) / 2 - 280), 10, f"title not centred on the finger: {min(xs)}...{max(xs)}")
        expected = ["Calendar", "News", "Docs", "Mail", "Maps"]
        self.assertEqual(self.host_state()["order"][0][:5], expected)
        self.assertEqual(self.dom_order()[:5], expected)

    def test_right_zone_scrolls_sideways_at_the_policy_speed(self):
        """The finger held 20 pt inside the right edge (x = 355): `default`'s zone is
        min(25 % of 375, 120) = 93.75 pt, the depth 355 - 281.25 = 73.75 pt, so after the 0.4 s
        ramp x grows at 1500 × (73.75 / 93.75)² = 928.27 pt/s (Policies/default.lua), within
        5 %, until the 585 pt end."""
        self.press(40, 22)
        self.lifted()
        self.glide(40, 22, 355, 22, steps=8)
        time.sleep(0.45)
        s1 = self.scene()
        time.sleep(0.1)
        s2 = self.scene()
        self.release()
        speed = (s2["offset"][0] - s1["offset"][0]) / (s2["time"] - s1["time"])
        zone = [z for z in s2["zones"] if z["axis"] == "horizontal"][0]
        expected = 1500 * (73.75 / 93.75) ** 2
        self.assertAlmostEqual(zone["speed"], expected, delta=expected * 0.05)
        self.assertAlmostEqual(speed, expected, delta=expected * 0.05)
        self.assertEqual(s2["offset"][1], 0)
        self.assertEqual([z for z in s2["zones"] if z["axis"] == "vertical"], [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
