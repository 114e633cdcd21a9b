"""What a person feels in `reorder play`, in a real (headless) Chromium: the wheel and a
finger's swipe scroll the list (the host owns the offset: the page sends `pan`) and a fast
swipe coasts on after the lift, a press shows at once and explains itself when it does not
lift, the cursor, the skip link past the rows, the chart's width on a phone, and a lifted row
that follows the finger. Run with the other browser tests (`make browser-test`)."""
import json
import math
import os
import subprocess
import sys
import time

from selenium.common.exceptions import InvalidArgumentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_playground import REORDER, wait  # noqa: E402
from test_look import HEADER, ROW, LookTest  # noqa: E402

# Every animation frame while installed: its timestamp, and whether the press shows (the
# pressed cell highlighted and the ring drawn); and every pointerdown's timestamp.
FRAMES = """
window.__frames = []; window.__downs = [];
addEventListener('pointerdown', (e) => window.__downs.push(e.timeStamp), true);
const loop = (t) => {
  const ring = document.getElementById('press');
  window.__frames.push([t, !!document.querySelector('.cell.pressed') && !ring.hidden
                           && getComputedStyle(ring).display !== 'none']);
  if (window.__frames.length < 600) requestAnimationFrame(loop);
};
requestAnimationFrame(loop);
"""


class Feel(LookTest):
    """The demo list (two sections of 15 rows under 28 pt headers: 2 × 28 + 30 × 44 = 1376 pt
    of content in 667, so the offset runs 0...709)."""

    FIRST_ROWS = ["Inbox zero", "Standup", "Review PR 42"]

    @classmethod
    def server_args(cls):
        return ["--port", "0"]

    def setUp(self):
        super().setUp()
        self.choose("default")

    def tearDown(self):
        # A test that failed mid-drag leaves no button down for the next one.
        self.pointer().clear_actions()
        super().tearDown()

    def wheel(self, x, y, dy, dx=0):
        left, top = self.origin()
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": left + x, "y": top + y,
                                                                "deltaX": dx, "deltaY": dy})

    def touch(self, kind, x=0, y=0):
        left, top = self.origin()
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": left + x, "y": top + y}]})

    def offset(self):
        return self.scene()["offset"][1]

    def log_lines(self):
        return self.js("return [...document.querySelectorAll('#log li')].map((li) => li.lastChild.textContent)")

    def test_the_wheel_scrolls_the_list_by_its_distance_clamped(self):
        """A wheel's 120 px down scrolls the host's offset 120 pt (the page sends `pan`; the
        viewport is 1 CSS px a point); 1000 px more stops at the end (709 pt); 2000 px up at 0.
        The rows drawn move with it: "Inbox zero" (row 1, under the 28 pt header) leaves."""
        self.wheel(100, 300, 120)
        wait(lambda: self.offset() == 120, what="the offset 120")
        self.assertEqual(self.host_state()["order"][0][:3], self.FIRST_ROWS)   # nothing moved
        top = self.js("return document.querySelector('.cell[data-id]').getBoundingClientRect().top"
                      " - document.getElementById('viewport').getBoundingClientRect().top")
        self.assertLess(top, 0)   # the first drawn row is partly above the viewport
        self.wheel(100, 300, 1000)
        wait(lambda: self.offset() == 709, what="the end of the list")
        self.wheel(100, 300, -2000)
        wait(lambda: self.offset() == 0, what="the start of the list")

    def test_a_recorded_scroll_and_drag_replay_as_the_page_showed_them(self):
        """Recorded: a wheel's 200 pt, then the row at y 66 (now "Fix flaky test"'s
        neighbourhood, whatever is drawn there) dragged three rows down. The trace carries the
        `pan`, and `reorder replay` of it gives the host's order, which the page drew."""
        d = self.driver
        before = self.host_state()["order"]
        d.find_element(By.ID, "record").click()
        wait(lambda: self.js("return document.getElementById('status').textContent") == "recording", what="recording")
        self.wheel(100, 300, 200)
        wait(lambda: self.offset() == 200, what="the offset 200")
        self.press(120, 66)
        self.lifted()
        self.glide(120, 66, 120, 66 + 3 * ROW, steps=10)
        time.sleep(0.3)
        self.release()
        d.find_element(By.ID, "stop").click()
        trace = wait(lambda: self.js("return window.__play.traceText"), what="the trace")
        pans = [json.loads(line) for line in trace.splitlines() if '"pan"' in line]
        self.assertEqual([(p["dx"], p["dy"]) for p in pans], [(0, 200)])
        host = self.host_state()["order"]
        self.assertNotEqual(host, before)   # the drag moved a row
        dom = self.dom_order()
        flat = host[0] + host[1]
        start = flat.index(dom[0])
        self.assertEqual(dom, flat[start:start + len(dom)])
        path = os.path.join(self.dir, "scroll-drag.jsonl")
        with open(path, "w") as f:
            f.write(trace)
        out = subprocess.run([REORDER, "replay", path, "--json"], capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        self.assertEqual(json.loads(out.stdout)["items"], host)
        self.assertIn("move", [e["type"] for e in json.loads(out.stdout)["events"]])

    def test_a_swipe_scrolls_the_list_once_the_press_fails(self):
        """A finger that moves 100 pt up in ten 10 pt steps before default's 0.5 s hold: the
        second step (20 pt) is past the 10 pt allowable movement, the press fails (no row lifts)
        and from there the list follows the finger: 100 − 20 = 80 pt of scroll. The finger then
        stands still 0.2 s before it lifts, with no velocity left to coast on (`Coast`)."""
        self.touch("touchStart", 100, 400)
        wait(lambda: self.scene().get("press"), what="the press")
        allowed = self.scene()["press"]["allowable_movement"]
        self.assertEqual(allowed, 10)
        for i in range(1, 11):
            time.sleep(0.03)
            self.touch("touchMove", 100, 400 - 10 * i)
        time.sleep(0.2)
        self.touch("touchEnd")
        wait(lambda: self.offset() == 80, what="the offset 80")
        time.sleep(0.2)
        self.assertEqual(self.offset(), 80)
        self.assertEqual(self.scene()["state"], "idle")
        self.assertFalse([line for line in self.log_lines() if line.startswith("begin")])
        self.assertEqual(self.host_state()["order"][0][:3], self.FIRST_ROWS)

    def test_a_long_press_lifts_and_the_row_follows_the_finger(self):
        """On a touch screen the long press lifts: held 0.8 s on "Standup" (row 2), the row
        lifts; the finger then moves down 90 pt and the snapshot drawn moves 90 px with it
        (default's snapshot follows the finger's offset from the press, no clamp there)."""
        y = HEADER + ROW + 22
        self.touch("touchStart", 120, y)
        time.sleep(0.8)
        self.lifted()
        self.assertEqual(self.offset(), 0)

        def centre():
            return self.js("const r = document.getElementById('snapshot').getBoundingClientRect(); return r.top + r.height / 2")
        before = centre()
        for i in range(1, 4):
            time.sleep(0.03)
            self.touch("touchMove", 120, y + 30 * i)
        wait(lambda: abs(centre() - before - 90) < 0.5, what="the snapshot 90 px lower")
        self.assertEqual(self.scene()["state"], "dragging")
        self.touch("touchEnd")
        wait(lambda: self.scene()["state"] == "idle", what="the drop")

    def test_a_press_shows_within_a_frame_and_the_cursor_says_grabbing_only_while_dragging(self):
        """A mouse press on a row: the frames drawn after the pointerdown show the pressed cell
        and the ring by the second (the reply to `down` comes in about 2 ms; Chromium holds a
        task that follows a discrete input until one frame is rendered, so the first may still
        lack it), and the ring fills with the host's progress; the cursor is an arrow until the
        row lifts, then `grabbing`."""
        self.js(FRAMES)
        self.assertEqual(self.js("return getComputedStyle(document.getElementById('viewport')).cursor"), "default")
        self.press(120, HEADER + ROW + 22)
        wait(lambda: self.js("return window.__downs.length") == 1, what="the pointerdown")
        time.sleep(0.2)
        down = self.js("return window.__downs[0]")
        after = [shown for t, shown in self.js("return window.__frames") if t >= down]
        self.assertGreaterEqual(len(after), 3)
        self.assertTrue(any(after[:2]), after[:6])
        self.assertTrue(all(after[2:6]), after[:6])
        self.assertEqual(self.js("return getComputedStyle(document.getElementById('viewport')).cursor"), "default")
        # The ring's fill is the last scene's progress (read together: scenes keep coming).
        progress, hold = self.js("return [window.__play.scene.press.progress,"
                                 " Number(document.getElementById('press').style.getPropertyValue('--hold'))]")
        self.assertGreater(progress, 0)
        self.assertEqual(hold, progress)
        self.lifted()
        self.assertEqual(self.js("return getComputedStyle(document.getElementById('viewport')).cursor"), "grabbing")
        self.assertTrue(self.js("return document.getElementById('press').hidden"))
        self.release()
        wait(lambda: self.js("return getComputedStyle(document.getElementById('viewport')).cursor") == "default",
             what="the arrow after the drop")

    def test_a_quick_click_and_drag_is_explained_in_the_log(self):
        """A mouse that moves 30 px at once after its press fails it (default: more than 10 pt
        before the 0.5 s hold): the log says so and how to lift; a click says it was released
        too soon. Nothing lifts."""
        self.press(120, HEADER + ROW + 22)
        wait(lambda: self.scene()["state"] == "pressing", what="the press")
        self.glide(120, HEADER + ROW + 22, 120, HEADER + ROW + 52, steps=3, step_ms=10)
        wait(lambda: any(line.startswith("press cancelled") for line in self.log_lines()), what="the explanation")
        line = [line for line in self.log_lines() if line.startswith("press cancelled")][-1]
        self.assertIn("before the 0.5 s hold ended (more than 10 pt)", line)
        self.assertIn("hold a row still to lift it, or focus it and press Space", line)
        moved = int(line.split("moved ")[1].split(" pt")[0])
        self.assertGreater(moved, 10)
        self.assertLessEqual(moved, 30)
        self.release()
        self.press(120, HEADER + 2 * ROW + 22)
        self.release()
        wait(lambda: any(line.startswith("press released before the 0.5 s hold ended") for line in self.log_lines()),
             what="the click's explanation")
        self.assertFalse([line for line in self.log_lines() if line.startswith("begin")])
        # The page says how to lift before any of that.
        self.assertIn("Hold a row still to lift it", self.driver.find_element(By.ID, "hint").text)

    def test_the_skip_link_reaches_the_policy_picker_in_two_keys(self):
        """The first Tab lands on the skip link, shown on screen; Enter moves the focus to the
        policy picker, past the list's rows (each one a Tab stop)."""
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.click()
        ActionChains(self.driver).send_keys(Keys.TAB).perform()
        self.assertEqual(self.js("return document.activeElement.id"), "skip")
        r = self.rect("skip")
        self.assertGreaterEqual(r["top"], 0)
        self.assertGreater(r["height"], 0)
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        self.assertEqual(self.js("return document.activeElement.id"), "policy")

    def test_the_phone_page_does_not_scroll_sideways_with_jx_movable(self):
        """At 390 × 844 with jx_movable (whose legend's clamp note made its chart 602 px wide)
        and android_touch_helper, nothing is wider than the screen, and the chart is as wide as
        `default`'s (478 px: the legend lines wrap at the plot's width)."""
        self.size(390, 844, mobile=True)
        widths = {}
        for policy in ["default", "jx_movable", "android_touch_helper"]:
            Select(self.driver.find_element(By.ID, "policy")).select_by_value(policy)
            wait(lambda: self.driver.title == f"reorder play: {policy}", what=f"policy {policy}")
            widths[policy] = self.js("return document.querySelector('#chart svg').getBoundingClientRect().width")
            self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 390, policy)
        self.assertEqual(widths["jx_movable"], widths["default"])
        self.assertEqual(widths["android_touch_helper"], widths["default"])
        self.shot("phone-jx_movable.png")


# UIScrollView.DecelerationRate.normal and the page's stop speed (coast.js): a coast of a finger
# velocity v (pt/ms) goes (|v| − MIN_SPEED) / ln(1/RATE) pt in all (499.5 ms × v, less half a point).
RATE, MIN_SPEED = 0.998, 0.001


def coast_distance(speed):
    return (speed - MIN_SPEED) / math.log(1 / RATE)


class Coast(LookTest):
    """Momentum after a swipe, on the table of 200 rows (44 pt each: 8800 pt of content in 667,
    so the offset runs 0...8133) under `default` (a press fails past 10 pt before its 0.5 s
    hold). Each touch carries its own time stamp (CDP's `timestamp`), which Chromium gives the
    pointer events as their `timeStamp`: the velocity the page measures is the one dispatched,
    to the 100 µs to which Chromium coarsens a page's time stamps."""

    @classmethod
    def server_args(cls):
        return ["default", "--port", "0", "--rows", "200"]

    def setUp(self):
        super().setUp()
        self.choose("default")
        wait(lambda: self.offset() == 0, what="the reset offset")

    def tearDown(self):
        # A test that failed mid-swipe leaves no finger down for the next one (Chromium refuses
        # a touchEnd with no finger down: then there is none to lift).
        try:
            self.touch("touchEnd")
        except InvalidArgumentException:
            pass
        super().tearDown()

    def touch(self, kind, x=0, y=0, at=None):
        """A touch event; `at` (seconds since the epoch) its time stamp, waited for first so that
        no event is stamped in the future."""
        left, top = self.origin()
        params = {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": left + x, "y": top + y}]}
        if at is not None:
            time.sleep(max(0.0, at - time.time()))
            params["timestamp"] = at
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", params)

    def offset(self):
        return self.scene()["offset"][1]

    def coast(self):
        return self.js("return window.__play.coast")

    def swipe(self, still_ms=0, steps=20, step_pt=20, step_ms=10, x=100, y=600):
        """A finger down at (x, y) that moves 20 pt up (past the 10 pt allowable movement: the
        press fails and from there the list follows the finger), then `steps` moves of `step_pt`
        up every `step_ms` ms (20 × 20 pt in 200 ms: 2 pt/ms), and lifts `still_ms` after its
        last move. Returns how far the list has scrolled by the lift (steps × step_pt) and the
        lift's time stamp (seconds since the epoch)."""
        self.touch("touchStart", x, y)
        wait(lambda: self.scene().get("press"), what="the press")
        self.touch("touchMove", x, y - 20)
        wait(lambda: self.scene()["state"] == "idle", what="the press to fail")
        t0 = time.time() + 0.02
        for k in range(1, steps + 1):
            self.touch("touchMove", x, y - 20 - k * step_pt, at=t0 + k * step_ms / 1000)
        lift = t0 + (steps * step_ms + still_ms) / 1000
        self.touch("touchEnd", at=lift)
        return steps * step_pt, lift

    def assert_velocity(self, velocity, speed):
        """The page measured the finger going up at `speed` pt/ms: its window is at least 100 ms
        between two time stamps each coarsened to 100 µs, so 0.2 ms of 100 at most: 0.2 %."""
        self.assertEqual(velocity[0], 0)
        self.assertLess(velocity[1], 0)
        self.assertLessEqual(abs(-velocity[1] - speed), speed * 0.002 + 1e-9, velocity)

    def test_a_fast_swipe_coasts_further_than_the_finger_and_stops(self):
        """20 × 20 pt in 200 ms, lifted at the last move: 2 pt/ms. The list scrolls the 400 pt
        the finger drew it, then coasts (2 − 0.001) / ln(1/0.998) = 998.5 pt more (coast.js's
        closed form, with the velocity the page measured), then stops: 1398.5 pt in all, more
        than the finger's 420 pt of travel, and the offset then stays. The coast is `pan`s as
        the swipe is: recorded, `reorder replay` of the trace ends at the same offset."""
        d = self.driver
        d.find_element(By.ID, "record").click()
        wait(lambda: self.js("return document.getElementById('status').textContent") == "recording", what="recording")
        swiped, _ = self.swipe()
        wait(lambda: self.coast(), what="the coast")
        c = self.coast()
        self.assert_velocity(c["velocity"], 2.0)
        speed = -c["velocity"][1]
        self.assertAlmostEqual(c["distance"][1], -coast_distance(speed), places=9)
        wait(lambda: not self.coast()["running"], timeout=10, what="the coast to stop")
        expected = swiped + coast_distance(speed)
        wait(lambda: abs(self.offset() - expected) < 1e-6, what=f"the offset {expected}")
        self.assertGreater(self.offset(), 420)
        time.sleep(0.3)
        self.assertAlmostEqual(self.offset(), expected, places=6)
        self.assertEqual(self.scene()["state"], "idle")
        self.assertEqual(self.host_state()["order"][0][:3], self.FIRST_ROWS)
        d.find_element(By.ID, "stop").click()
        trace = wait(lambda: self.js("return window.__play.traceText"), what="the trace")
        pans = [json.loads(line) for line in trace.splitlines() if '"pan"' in line]
        self.assertGreater(len(pans), 20)   # the swipe's moves, then the coast's frames
        path = os.path.join(self.dir, "coast.jsonl")
        with open(path, "w") as f:
            f.write(trace)
        out = subprocess.run([REORDER, "replay", path, "--json"], capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        self.assertEqual(json.loads(out.stdout)["offset"]["y"], self.host_state()["offset"][1])

    def test_a_swipe_that_stops_before_the_lift_does_not_coast(self):
        """The same swipe, but the finger stands still 200 ms before it lifts: none of its moves
        is in the last 100 ms, so it lifts with no velocity and the list stays where the finger
        left it (400 pt)."""
        swiped, _ = self.swipe(still_ms=200)
        wait(lambda: self.offset() == swiped, what=f"the offset {swiped}")
        time.sleep(0.5)
        self.assertEqual(self.offset(), swiped)
        self.assertIsNone(self.coast())

    def test_reduced_motion_does_not_coast(self):
        """With `prefers-reduced-motion: reduce` the fast swipe scrolls only as far as the finger
        drew the list."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        try:
            swiped, _ = self.swipe()
            wait(lambda: self.offset() == swiped, what=f"the offset {swiped}")
            time.sleep(0.5)
            self.assertEqual(self.offset(), swiped)
            self.assertIsNone(self.coast())
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def test_a_coast_stops_at_the_end_of_the_list(self):
        """From 600 pt before the end, the swipe's 400 pt leave 200 for the coast, which it covers
        in about 112 ms (499.5 × 2 × (1 − 0.998^t) = 200): the list stops at its end and the page
        ends the coast then, long before the 3.8 s its speed would take to fall to 1 pt/s
        (ln(2 / 0.001) / ln(1 / 0.998))."""
        end = self.scene()["max_offset"][1]
        self.assertEqual(end, 200 * 44 - 667)
        left, top = self.origin()
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": left + 100, "y": top + 300,
                                                                "deltaX": 0, "deltaY": end - 600})
        wait(lambda: self.offset() == end - 600, what="the offset 600 pt before the end")
        self.swipe()
        wait(lambda: self.coast(), what="the coast")
        wait(lambda: not self.coast()["running"], timeout=1.5, what="the coast to stop at the end")
        self.assertEqual(self.offset(), end)

    def test_a_touch_stops_a_coast_on_a_phone(self):
        """At 390 × 844: phone-coast.png is taken mid-coast (the coast runs when it is asked). A
        second swipe's coast, touched as soon as it has gone 100 pt, stops there and the touch
        presses nothing (the session stays idle, no row pressed); the offset then stays until
        that finger moves, which scrolls the list. Where it stops: past where it was seen before
        the touch, and at most where the coast is by the time the touch is known to be in
        (coast.js's D(t), t from the lift's time stamp to the return of the touch's dispatch),
        short of the whole coast."""
        self.size(390, 844, mobile=True)
        self.choose("default")
        self.swipe()
        wait(lambda: self.coast(), what="the coast")
        wait(lambda: self.offset() > 500, what="the list to coast")
        self.assertTrue(self.coast()["running"])
        self.shot("phone-coast.png")
        self.touch("touchStart", 200, 300)
        self.touch("touchEnd")
        self.choose("default")
        wait(lambda: self.offset() == 0, what="the reset offset")

        swiped, lift = self.swipe()
        wait(lambda: self.coast() and self.coast()["running"], what="the second coast")
        speed = -self.coast()["velocity"][1]
        wait(lambda: self.offset() > swiped + 100, what="the list to coast")
        seen = self.offset()
        self.touch("touchStart", 200, 300)
        elapsed_ms = (time.time() - lift) * 1000
        self.assertFalse(self.coast()["running"])
        time.sleep(0.2)   # the coast's pans already sent are answered
        stopped = self.offset()
        reached = swiped + speed * (1 - RATE ** elapsed_ms) / math.log(1 / RATE)
        self.assertGreaterEqual(stopped, seen)
        self.assertLessEqual(stopped, reached + 1e-6)
        self.assertLess(stopped, swiped + coast_distance(speed))
        time.sleep(0.5)
        self.assertEqual(self.offset(), stopped)
        self.assertEqual(self.scene()["state"], "idle")
        self.assertNotIn("press", self.scene())
        self.assertFalse(self.js("return !!document.querySelector('.cell.pressed')"))
        # The finger that caught the list scrolls it from where it touched, with no press to
        # fail first: 30 pt up, 30 pt of scroll. It stands still 0.2 s before lifting: no coast.
        self.touch("touchMove", 200, 270)
        wait(lambda: self.offset() == stopped + 30, what=f"the offset {stopped + 30}")
        time.sleep(0.2)
        self.touch("touchEnd")
        time.sleep(0.3)
        self.assertEqual(self.offset(), stopped + 30)
        self.assertFalse(self.coast()["running"])
        self.assertEqual(self.scene()["state"], "idle")
