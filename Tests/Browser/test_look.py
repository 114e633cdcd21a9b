"""What a person sees in `reorder play`, in a real (headless) Chromium: the lifted row, the
desktop (1440 x 900) and phone (390 x 844) layouts, the chart's text, rows sliding past each
other, the edge zones and the scroll readout, pinned section headers, tiles and tabs, the
status line, a lost server, the console. Screenshots go to $ARTIFACTS (desktop-*.png,
phone-*.png). Run with the other browser tests (`make browser-test`)."""
import os
import subprocess
import sys
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402
from test_playground import ARTIFACTS, REORDER, REPO, PageTest, wait  # noqa: E402

ROW, HEADER = 44, 28  # the demo list's rows and section headers, points
VIEWPORT_HEIGHT = 667
CONTROLS = ["policy", "record", "stop", "reset"]
# The built-in policies: the files of Policies/ (embedded at build time), by name.
BUILT_INS = sorted(f[:-len(".lua")] for f in os.listdir(os.path.join(REPO, "Policies")) if f.endswith(".lua"))
GOOD = 'return { name = "look", extends = "default", api = 1 }\n'

# Every frame while installed: for each two rows (cells) whose titles' boxes overlap, the one
# drawn on top at the overlap must be opaque (opacity 1 up to the viewport and an opaque
# background), so the other's title does not show through: two texts never print on top of
# each other. Counts the frames with a row mid-slide (so the test knows it sampled some).
SAMPLER = """
window.__overlaps = []; window.__slideFrames = 0; window.__sampling = true;
const textBox = (el) => { const r = document.createRange(); r.selectNodeContents(el.querySelector('.label') || el);
                          return r.getBoundingClientRect(); };
const opaque = (el) => {
  for (let e = el; e && e.id !== 'viewport'; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false;
  const bg = getComputedStyle(el).backgroundColor;
  return bg.startsWith('rgb(') || /rgba\\([^)]*,\\s*1\\)$/.test(bg);
};
function sample() {
  if (!window.__sampling) return;
  const cells = [...document.querySelectorAll('#content .cell')].filter((c) => getComputedStyle(c).visibility !== 'hidden');
  if (cells.some((c) => c.dataset.slide !== undefined)) window.__slideFrames++;
  const boxes = cells.map((c) => [c, textBox(c)]);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i], [b, rb] = boxes[j];
    const x0 = Math.max(ra.left, rb.left), x1 = Math.min(ra.right, rb.right);
    const y0 = Math.max(ra.top, rb.top), y1 = Math.min(ra.bottom, rb.bottom);
    if (x1 - x0 < 1 || y1 - y0 < 1) continue;
    const hit = document.elementFromPoint((x0 + x1) / 2, (y0 + y1) / 2);
    const top = hit && hit.closest('.cell, .header');
    if (top && top.classList.contains('header')) continue;   // both under a header
    if ((top === a || top === b) && opaque(top)) continue;
    window.__overlaps.push([a.textContent, b.textContent, top ? top.textContent : null,
                            top ? getComputedStyle(top).opacity : null]);
  }
  requestAnimationFrame(sample);
}
requestAnimationFrame(sample);
"""


class LookTest(PageTest):
    """Helpers: a window of a given size (CDP device metrics), rectangles, a PNG."""

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def size(self, width, height, mobile=False):
        """Makes the page's window `width` x `height` CSS px and loads the page again."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        self.driver.get(self.url)
        wait(lambda: self.js("return !!(window.__play && window.__play.scene)"), what="the first scene")
        wait(lambda: self.js("return document.getElementById('policy').options.length > 0"), what="the picker")

    def rect(self, element_id):
        return self.js("return document.getElementById(arguments[0]).getBoundingClientRect().toJSON()", element_id)

    def shot(self, name):
        path = os.path.join(ARTIFACTS, name)
        self.driver.save_screenshot(path)
        with open(path, "rb") as f:
            return png.read(f.read())

    def text_left(self, selector):
        return self.js("const el = document.querySelector(arguments[0]); const r = document.createRange();"
                       "r.selectNodeContents(el.querySelector('.label') || el); return r.getBoundingClientRect().left", selector)

    def screenshots(self, name, mid_drag=lambda: None):
        """`NAME-rest.png`, then row 2 dragged with the mouse onto row 6 and `NAME-drag.png`
        mid-drag; returns what `mid_drag()` says before the release."""
        self.shot(f"{name}-rest.png")
        self.press(120, HEADER + ROW + 22)
        self.lifted()
        self.glide(120, HEADER + ROW + 22, 120, HEADER + 5 * ROW + 22, steps=8)
        time.sleep(0.3)
        self.shot(f"{name}-drag.png")
        seen = mid_drag()
        self.release()
        return seen

    def zones(self):
        return {z["axis"]: z for z in self.scene()["zones"]}

    def hold_at_the_end(self, y_from):
        """Lifts the row at `y_from` and holds it 20 pt from the bottom edge until the list is
        scrolled to its end."""
        self.press(120, y_from)
        self.lifted()
        self.glide(120, y_from, 120, VIEWPORT_HEIGHT - 20, steps=10)
        wait(lambda: self.scene()["offset"][1] == self.scene()["max_offset"][1], timeout=10, what="the end of the list")


class Look(LookTest):
    """The demo list (two sections of 15 rows under 28 pt headers), with a policy file of our
    own for the error box."""

    FIRST_ROWS = ["Inbox zero", "Standup", "Review PR 42"]   # DemoList's "Today"

    @classmethod
    def server_args(cls):
        cls.policy = os.path.join(cls.dir, "look.lua")
        with open(cls.policy, "w") as f:
            f.write(GOOD)
        return [cls.policy, "--port", "0"]

    def test_default_lifts_a_row_that_looks_lifted(self):
        """`default`'s snapshot casts SwiftReorder's soft shadow (opacity 0.3, offset (0, 3),
        radius 10: a CSS blur of 20 px, twice a layer's shadowRadius), seen in the pixels under
        it; scaled 1.05 it grows past the list's edges into the bezel, whole, and its title
        stays where the row's was."""
        self.size(1440, 900)
        self.choose("default")
        row2 = self.js("return [...document.querySelectorAll('#content .cell')][1].dataset.id")
        resting = self.text_left(f'#content .cell[data-id="{row2}"]')
        self.press(120, HEADER + ROW + 22)
        self.lifted()
        wait(lambda: self.scene()["snapshot"]["lift"] == 1, what="the end of the lift")
        time.sleep(0.1)
        shadow = self.js("return getComputedStyle(document.getElementById('snapshot')).boxShadow")
        snap = self.rect("snapshot")
        view = self.js("const v = document.getElementById('viewport'); const r = v.getBoundingClientRect();"
                       "return [r.left, r.right, r.top]")
        lifted_left = self.text_left("#snapshot")
        width, height, rows = self.shot("desktop-lifted.png")
        self.release()
        self.assertEqual(shadow, "rgba(0, 0, 0, 0.3) 0px 3px 20px 0px")
        # 375 x 1.05 = 393.75 pt: 9.375 pt past each edge of the list.
        self.assertAlmostEqual(snap["width"], 393.75, delta=0.5)
        self.assertAlmostEqual(snap["left"], view[0] - 9.375, delta=0.5)
        cy = int(snap["top"] + snap["height"] / 2)
        brightness = lambda x, y: sum(rows[y][x])
        # The snapshot's white over the bezel (#222) at both sides: not cropped.
        self.assertGreaterEqual(brightness(int(view[0]) - 5, cy), 3 * 240, "the snapshot is cropped at the left")
        self.assertGreaterEqual(brightness(int(view[1]) + 4, cy), 3 * 240, "the snapshot is cropped at the right")
        # The shadow: the rows under the snapshot's bottom edge are darker than the list's
        # white (a 1 px row border is #e5e5ea), and 100 px lower they are not.
        x = int(view[0] + 300)
        bottom = int(round(snap["bottom"]))
        band = [brightness(x, y) for y in range(bottom + 1, bottom + 11)]
        control = [brightness(x, y) for y in range(bottom + 100, bottom + 110)]
        self.assertGreaterEqual(sum(b < 3 * 245 for b in band), 6, f"no shadow under the snapshot: {band}")
        self.assertLessEqual(sum(b < 3 * 245 for b in control), 2, f"shadow-like band away from it: {control}")
        # The title where the row's was (the card grows about its centre, the title does not move).
        self.assertAlmostEqual(lifted_left, resting, delta=1)

    def test_every_built_in_lifts_a_row_that_looks_lifted(self):
        """Under each built-in, "Plan sprint" (row 8, clear of the edge zones, which are hidden
        for the comparison) is lifted and compared with the page at rest: pixels must change
        outside the row's own box, where only the lift can change them (a shadow, a scale that
        grows it, a tilt). A flat lift (the row's own size, opaque, no shadow) changes none
        there: android_touch_helper's did, before it cast its 1 dp elevation's shadow."""
        self.size(1440, 900)
        names = self.js("return [...document.getElementById('policy').options].map((o) => o.value)"
                        ".filter((v) => v !== 'file')")
        self.assertEqual(sorted(names), BUILT_INS)
        y = HEADER + 7 * ROW + 22
        changed = {}
        for name in names:
            self.choose(name)
            self.assertEqual(self.js("return window.__play.scene.offset[1]"), 0)
            box = self.js("const c = [...document.querySelectorAll('#content .cell')][7];"
                          "return [c.textContent, c.getBoundingClientRect().toJSON()]")
            self.assertEqual(box[0], "Plan sprint")
            r = box[1]
            _, _, before = self.shot("lift-rest.png")
            self.press(120, y)
            self.lifted()
            wait(lambda: self.scene()["snapshot"]["lift"] == 1, what=f"the end of {name}'s lift")
            self.js("for (const z of document.querySelectorAll('.zone')) z.style.visibility = 'hidden'")
            _, _, after = self.shot(f"lift-{name}.png")
            self.js("for (const z of document.querySelectorAll('.zone')) z.style.visibility = ''")
            self.release()
            n = 0
            for yy in range(int(r["top"]) - 30, int(r["bottom"]) + 30):
                for xx in range(int(r["left"]) - 12, int(r["right"]) + 12):
                    if r["top"] - 1 <= yy <= r["bottom"] and r["left"] - 1 <= xx <= r["right"]:
                        continue   # the row's own box
                    if sum(abs(a - b) for a, b in zip(before[yy][xx], after[yy][xx])) >= 15:
                        n += 1
            changed[name] = n
        flat = {name: n for name, n in changed.items() if n < 300}
        self.assertEqual(flat, {}, f"lifted rows that look flat (pixels changed around them: {changed})")

    def test_escape_cancels_a_mouse_drag(self):
        """Row 2 lifted with the mouse and moved down two rows: Escape cancels the drag as a
        cancelled touch does (a `cancel` input: the log says `cancel (...)`), though the button
        is still down; moving on lifts nothing, and the release does nothing more."""
        self.size(1440, 900)
        self.choose("default")
        self.press(120, HEADER + ROW + 22)
        self.lifted()
        self.glide(120, HEADER + ROW + 22, 120, HEADER + 3 * ROW + 22, steps=6)
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        wait(lambda: self.scene()["state"] == "idle", what="the cancel to end")
        lines = self.js("return [...document.querySelectorAll('#log li')].map((l) => l.textContent)")
        self.assertRegex(next(l for l in reversed(lines) if "cancel" in l or "end" in l), r"cancel \(")
        self.glide(120, HEADER + 3 * ROW + 22, 120, HEADER + 5 * ROW + 22, steps=4)
        time.sleep(0.2)
        self.assertEqual(self.scene()["state"], "idle")
        self.assertIsNone(self.scene().get("snapshot"))
        a = self.pointer()
        a.pointer_action.pointer_up()
        a.perform()
        time.sleep(0.2)
        self.assertEqual(self.scene()["state"], "idle")

    def test_two_rows_texts_never_overlap_mid_slide(self):
        """Row 1 dragged down past seven rows, then held in the bottom zone while the list
        scrolls (several slides under way at once): every frame, where two rows' titles
        overlap, the row on top is opaque, so the other's title is hidden. The faded
        placeholder (the lifted row's own cell) lies under the rows that slide past it."""
        self.size(1440, 900)
        self.choose("default")
        self.press(120, HEADER + 22)
        self.lifted()
        self.js(SAMPLER)
        self.glide(120, HEADER + 22, 120, HEADER + 7 * ROW + 22, steps=14, step_ms=16)
        time.sleep(0.3)
        self.glide(120, HEADER + 7 * ROW + 22, 120, VIEWPORT_HEIGHT - 30, steps=6, step_ms=16)
        time.sleep(1.2)
        self.js("window.__sampling = false")
        overlaps, slides = self.js("return [window.__overlaps, window.__slideFrames]")
        self.release()
        self.assertGreaterEqual(slides, 10, "too few frames sampled mid-slide")
        self.assertEqual(overlaps[:5], [])

    def test_zones_show_only_while_dragging_and_the_readout_tells_the_scroll_that_happens(self):
        """At rest no zone is drawn. Row 2 lifted on an unscrolled list lies in the 120 pt top
        zone: the policy gives a speed, nothing scrolls (the list is at its start), and the
        readout says so. Held at the bottom, the readout gives the scroll the frame made; at
        the end of the list, where `default` still gives 1500 x (100/120)^2 x ramp pt/s,
        nothing scrolls and the readout says so."""
        self.size(1440, 900)
        self.choose("default")
        shown = "return ['zone-top', 'zone-bottom', 'zone-left', 'zone-right'].map((id) => document.getElementById(id).offsetParent !== null)"
        self.assertEqual(self.js(shown), [False] * 4)
        self.press(120, HEADER + ROW + 22)
        self.lifted()
        time.sleep(0.2)
        zone = self.zones()["vertical"]
        self.assertEqual(zone["direction"], -1)
        self.assertGreater(zone["speed"], 0)
        self.assertEqual(zone["scrolled"], 0)
        self.assertEqual(self.js(shown), [True, True, False, False])
        self.assertEqual(self.js("return document.getElementById('speed').textContent"),
                         "not scrolling: in the top zone at the end of the list")
        self.assertEqual(self.js("return document.querySelector('#zone-top span').textContent"), "")
        self.glide(120, HEADER + ROW + 22, 120, VIEWPORT_HEIGHT - 20, steps=10)
        moving = wait(lambda: self.js("const z = window.__play.scene.zones[0];"
                                      "return z.scrolled > 0 ? [z.scrolled, document.getElementById('speed').textContent,"
                                      "document.querySelector('#zone-bottom span').textContent] : null"),
                      what="a scrolling frame")
        self.assertIn(f"scrolling down at {moving[0]:.0f} pt/s", moving[1])
        self.assertEqual(moving[2], f"{moving[0]:.0f} pt/s")
        wait(lambda: self.scene()["offset"][1] == self.scene()["max_offset"][1], timeout=10, what="the end of the list")
        time.sleep(0.1)
        zone = self.zones()["vertical"]
        readout = self.js("return document.getElementById('speed').textContent")
        self.release()
        self.assertEqual((zone["direction"], zone["scrolled"]), (1, 0))
        self.assertGreater(zone["speed"], 1000)
        self.assertEqual(readout, "not scrolling: in the bottom zone at the end of the list")
        self.assertEqual(self.js(shown), [False] * 4)

    def test_the_section_at_the_top_keeps_its_header(self):
        """Scrolled to the end (offset 709 = 2 x 28 + 30 x 44 - 667), the top rows are "Later"'s,
        whose header (at 28 + 15 x 44 = 688) has scrolled above: it is pinned at the top."""
        self.size(1440, 900)
        self.choose("default")
        self.hold_at_the_end(HEADER + ROW + 22)
        self.release()
        pinned = self.scene().get("pinned_header")
        self.assertEqual(pinned["title"], "Later")
        self.assertEqual(pinned["frame"], [0, 0, 375, 28])
        el = self.js("const h = document.querySelector('#content .header.pinned'); const v = document.getElementById('viewport');"
                     "return h && [h.textContent, h.getBoundingClientRect().top - v.getBoundingClientRect().top,"
                     "document.elementFromPoint(v.getBoundingClientRect().left + 100, v.getBoundingClientRect().top + 10).closest('.header') === h]")
        self.assertEqual(el, ["Later", 0, True])

    def test_the_phone_layout_fits_a_390_px_screen(self):
        """At 390 x 844 nothing overflows sideways (the list, 375 pt, has no bezel), the
        controls come first and fit on the screen, and each is at least 44 px tall and wide
        (a touch target); the lifted row's 1.05 scale stays inside the page too."""
        self.size(390, 844, mobile=True)
        self.choose("default")
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 390)
        view = self.rect("viewport")
        self.assertGreaterEqual(view["left"], 0)
        self.assertLessEqual(view["right"], 390)
        for control in CONTROLS:
            r = self.rect(control)
            self.assertGreaterEqual(r["height"], 44, control)
            self.assertGreaterEqual(r["width"], 44, control)
            self.assertGreaterEqual(r["left"], 0, control)
            self.assertLessEqual(r["right"], 390, control)
            self.assertLessEqual(r["bottom"], 844, control)
        self.assertGreaterEqual(self.rect("trace-file")["height"], 44)
        self.assertLessEqual(self.rect("trace-file")["right"], 390)
        wide = self.screenshots("phone", lambda: self.js("return document.documentElement.scrollWidth"))
        self.assertLessEqual(wide, 390)

    def test_the_desktop_layout_is_centred_with_its_controls_in_view(self):
        """At 1440 x 900 the page is centred (equal margins, none hugging the left edge) and
        fits the window: every control and the whole chart in view, nothing to scroll."""
        self.size(1440, 900)
        self.choose("default")
        for control in CONTROLS + ["trace-file"]:
            r = self.rect(control)
            self.assertLessEqual(r["bottom"], 900, control)
            self.assertGreaterEqual(r["height"], 44, control)
        left, right = self.js("const rs = [...document.querySelector('main').children].filter((e) => e.offsetParent)"
                              ".map((e) => e.getBoundingClientRect()); return [Math.min(...rs.map((r) => r.left)),"
                              "Math.max(...rs.map((r) => r.right))]")
        self.assertGreaterEqual(left, 24)
        self.assertAlmostEqual(left, 1440 - right, delta=2)
        # Nothing below the fold: the page does not scroll at all.
        self.assertLessEqual(self.js("return document.documentElement.scrollHeight"), 900)
        self.screenshots("desktop")

    def test_the_chart_text_is_at_least_11_px(self):
        """The chart is shown at its own size, where SpeedPlot's smallest text is 11 px, on a
        desktop and on a phone; `grid_home`, which does not edge-scroll, says so instead."""
        for width, height, mobile in [(1440, 900, False), (390, 844, True)]:
            self.size(width, height, mobile)
            self.choose("default")
            # The size on screen: the font size times the text's scale (the length of its screen
            # matrix's first column: the axis titles are rotated a quarter turn).
            sizes = self.js("return [...document.querySelectorAll('#chart svg text')].map((t) =>"
                            "parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b))")
            self.assertGreater(len(sizes), 10)
            self.assertGreaterEqual(min(sizes), 11 - 1e-6, f"{width} px: {min(sizes)} px text")
        self.choose("grid_home")
        self.assertEqual(self.js("return document.querySelectorAll('#chart svg').length"), 0)
        self.assertEqual(self.js("return document.querySelector('#chart .no-chart').textContent"),
                         "This policy does not scroll when an item is held near an edge.")

    def test_the_picker_describes_each_policy(self):
        """Each built-in is listed with the one line of its `description` field."""
        options = self.js("return [...document.getElementById('policy').options].map((o) => [o.value, o.textContent])")
        builtins = [(v, t) for v, t in options if v != "file"]
        self.assertEqual(sorted(v for v, _ in builtins), BUILT_INS)
        for value, text in builtins:
            self.assertRegex(text, "^" + value + " — .{10,}$")
        self.assertIn(("uikit", "uikit — UIKit's own reordering (UITableView, UICollectionView)"), builtins)

    def test_the_status_line_error_box_and_download_link_move_no_control(self):
        """Record then Stop: the status no longer says "recording", and the download link that
        appears moves no control; nor does the policy error box of a broken save, on a
        desktop or a phone."""
        for width, height, mobile in [(1440, 900, False), (390, 844, True)]:
            self.size(width, height, mobile)
            self.choose("file", "look")
            before = [self.rect(c) for c in CONTROLS + ["trace-file"]]
            d = self.driver
            d.find_element(By.ID, "record").click()
            wait(lambda: self.js("return document.getElementById('status').textContent") == "recording", what="recording")
            d.find_element(By.ID, "stop").click()
            wait(lambda: self.js("return window.__play.traceText"), what="the trace")
            self.assertEqual(self.js("return document.getElementById('status').textContent"), "connected")
            self.assertTrue(d.find_element(By.ID, "download").is_displayed())
            self.assertEqual([self.rect(c) for c in CONTROLS + ["trace-file"]], before)
            with open(self.policy, "w") as f:
                f.write('return { name = "look",\n  extends = "default" api = 1 }\n')
            wait(lambda: self.js("return !document.getElementById('policy-error').hidden"), timeout=3, what="the error")
            self.assertEqual([self.rect(c) for c in CONTROLS + ["trace-file"]], before)
            with open(self.policy, "w") as f:
                f.write(GOOD)
            wait(lambda: self.js("return document.getElementById('policy-error').hidden"), timeout=3, what="the error gone")

    def test_no_console_errors_and_an_inline_favicon(self):
        """A load, a drag and a drop log nothing to the console: no favicon.ico 404 (the icon
        is an inline data URI), no script error."""
        self.driver.get_log("browser")
        self.size(1440, 900)
        self.choose("default")
        self.press(120, HEADER + ROW + 22)
        self.lifted()
        self.glide(120, HEADER + ROW + 22, 120, HEADER + 4 * ROW + 22, steps=6)
        time.sleep(0.2)
        self.release()
        icon = self.js("return document.querySelector('link[rel=icon]').href")
        self.assertTrue(icon.startswith("data:image/svg+xml,"), icon)
        errors = [e for e in self.driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
        self.assertEqual(errors, [])


class LostServer(LookTest):
    """A server that goes away under the page, and comes back on the same port."""

    @classmethod
    def server_args(cls):
        return ["--port", "0"]

    def test_a_lost_server_greys_the_list_says_so_and_backs_off(self):
        """With the server gone the list greys out and takes no input, a box says what
        happened, and the page tries again after 0.5, 1, 2, 4 s...: over 6 s three failed
        connections (each a console error), where one every 0.5 s made twelve. The server back
        on its port, the page shows the list again."""
        self.driver.get_log("browser")
        self.server.terminate()
        self.server.wait(timeout=10)
        wait(lambda: self.js("return !document.getElementById('offline').hidden"), what="the lost-server box")
        lost_at = time.time()
        box = self.js("return document.getElementById('offline').textContent")
        self.assertIn("not answering", box)
        self.assertEqual(self.js("return getComputedStyle(document.getElementById('viewport')).pointerEvents"), "none")
        self.assertIn("grayscale", self.js("return getComputedStyle(document.getElementById('viewport')).filter"))
        self.assertIn("lost the server", self.js("return document.getElementById('status').textContent"))
        time.sleep(max(0, 6 - (time.time() - lost_at)))
        failures = [e for e in self.driver.get_log("browser") if "WebSocket" in e["message"]]
        self.assertLessEqual(len(failures), 4, failures)
        self.assertGreaterEqual(len(failures), 2, failures)
        type(self).server = subprocess.Popen([REORDER, "play", "--port", str(self.port)], stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL)
        wait(lambda: self.js("return document.getElementById('offline').hidden"), timeout=15, what="the reconnection")
        self.assertEqual(self.js("return document.getElementById('status').textContent"), "connected")
        self.assertNotIn("offline", self.js("return document.getElementById('bezel').className"))


class StripLook(LookTest):
    """The tab strip: 80 x 44 pt tabs in a 375 x 44 pt viewport."""

    @classmethod
    def server_args(cls):
        return ["--layout", "strip", "--port", "0"]

    def test_tabs_a_whole_snapshot_and_a_readable_zone_label(self):
        """The log says it is the tab strip; the lifted tab (46.2 pt tall at 1.05) is drawn
        whole over the 44 pt strip (no clipping layer between it and the bezel); held in the
        right zone, the zone's label reads the speed in full."""
        self.size(1440, 900)
        self.assertIn("policy default (tab strip)", self.js("return document.querySelector('#log li').textContent"))
        self.press(40, 22)
        self.lifted()
        wait(lambda: self.scene()["snapshot"]["lift"] == 1, what="the end of the lift")
        snap, bezel = self.rect("snapshot"), self.rect("bezel")
        clip = self.js("let e = document.getElementById('snapshot').parentElement, out = [];"
                       "while (e && e.id !== 'bezel') { out.push(getComputedStyle(e).overflow); e = e.parentElement; } return out")
        self.glide(40, 22, 355, 22, steps=8)
        label = wait(lambda: self.js("const s = document.querySelector('#zone-right span'); const v = document.getElementById('viewport')"
                                     ".getBoundingClientRect(); const r = s.getBoundingClientRect();"
                                     "return s.textContent && [s.textContent, r.left >= v.left && r.right <= v.right"
                                     " && r.top >= v.top && r.bottom <= v.bottom, s.scrollWidth <= s.clientWidth]"),
                     what="the right zone's label")
        self.release()
        self.assertAlmostEqual(snap["height"], 46.2, delta=0.5)
        self.assertEqual(clip, ["visible"])
        self.assertLess(snap["top"], self.rect("viewport")["top"])
        self.assertGreaterEqual(snap["top"], bezel["top"])
        self.assertRegex(label[0], r"^\d+ pt/s$")
        self.assertEqual(label[1:], [True, True])


class GridLook(LookTest):
    """The home-button grid: tiles."""

    @classmethod
    def server_args(cls):
        return ["--layout", "grid", "--port", "0"]

    def test_tiles_have_borders_margins_and_cut_long_titles_with_an_ellipsis(self):
        """Each tile is drawn inside its cell's frame with a 3 px margin, rounded, outlined;
        a title too long for its tile ("Attendance") ends in an ellipsis, inside the tile."""
        tiles = self.js("return [...document.querySelectorAll('#content .cell')].map((c) => { const s = getComputedStyle(c);"
                        "const l = c.querySelector('.label'); const lr = l.getBoundingClientRect(), cr = c.getBoundingClientRect();"
                        "return [c.textContent, s.borderTopWidth, s.borderTopColor, s.borderRadius, s.outlineWidth,"
                        "getComputedStyle(l).textOverflow, l.scrollWidth > l.clientWidth, lr.left >= cr.left && lr.right <= cr.right]; })")
        self.assertGreater(len(tiles), 10)
        for name, border, colour, radius, outline, overflow, cut, inside in tiles:
            self.assertEqual((border, colour, radius, outline), ("3px", "rgba(0, 0, 0, 0)", "12px", "1px"), name)
            self.assertEqual(overflow, "ellipsis", name)
            self.assertTrue(inside, name)
        self.assertIn(True, [t[6] for t in tiles], "no title long enough to be cut")


if __name__ == "__main__":
    unittest.main(verbosity=2)
